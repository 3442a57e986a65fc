import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { scorecardResponses } from '../../db/schema.js';

export type TScorecardResponseRow = typeof scorecardResponses.$inferSelect;

/** Saves a rater's answers; null when the rater already answered this scorecard on the recording. */
export async function insertScorecardResponse(
  db: TDb,
  values: typeof scorecardResponses.$inferInsert,
): Promise<TScorecardResponseRow | null> {
  const [row] = await db.insert(scorecardResponses).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The answers with this id to this scorecard, or null. */
export async function findScorecardResponse(db: TDb, scorecardId: string, responseId: string): Promise<TScorecardResponseRow | null> {
  const [row] = await db
    .select()
    .from(scorecardResponses)
    .where(and(eq(scorecardResponses.id, responseId), eq(scorecardResponses.scorecardId, scorecardId)));
  return row ?? null;
}

export async function updateScorecardAnswers(
  db: TDb,
  responseId: string,
  responses: TScorecardResponseRow['responses'],
  at: Date,
): Promise<TScorecardResponseRow> {
  const [row] = await db
    .update(scorecardResponses)
    .set({ responses, updatedAt: at })
    .where(eq(scorecardResponses.id, responseId))
    .returning();
  return row!;
}

export async function deleteScorecardResponse(db: TDb, responseId: string): Promise<void> {
  await db.delete(scorecardResponses).where(eq(scorecardResponses.id, responseId));
}
