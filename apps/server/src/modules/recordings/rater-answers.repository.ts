import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { feedback, scorecardResponses } from '../../db/schema.js';

// What a rater gave a recording, for the results page's assignment panel (recording-assignment-facts.ts).

/** The rater's own score set on the recording (one per rater), or null before they score. */
export async function findScoreSetOf(db: TDb, recordingId: string, userId: string): Promise<typeof feedback.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.recordingId, recordingId), eq(feedback.userId, userId), eq(feedback.kind, 'score')))
    .limit(1);
  return row ?? null;
}

/** The rater's own answers to this scorecard on the recording, or null. */
export async function findScorecardAnswersOf(db: TDb, recordingId: string, scorecardId: string, userId: string) {
  const [row] = await db
    .select()
    .from(scorecardResponses)
    .where(
      and(
        eq(scorecardResponses.recordingId, recordingId),
        eq(scorecardResponses.scorecardId, scorecardId),
        eq(scorecardResponses.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}
