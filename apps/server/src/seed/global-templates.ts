import { and, eq, sql } from 'drizzle-orm';
import { scorecardQuestions, type TAssignmentCriteriaInput } from '@rostrum/contract';
import type { TDb } from '../db/client.js';
import { assignments, scorecards } from '../db/schema.js';

// The product's global templates (002 section 3): read-only, for every organisation's coaches.
// They are product content, so every database gets them at start; each is found again by its
// metadata key, so running this twice adds nothing.

interface TGlobalTemplate {
  key: string;
  name: string;
  description: string;
  criteria: TAssignmentCriteriaInput;
  scorecard?: [string, string][];
}

export const GLOBAL_TEMPLATES: TGlobalTemplate[] = [
  {
    key: 'introduce-yourself',
    name: 'Introduce Yourself',
    description:
      'Record a one-minute introduction: who you are, what you do, and one thing people remember you by. Speak to a listener you have never met.',
    criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1, selfCommentary: true },
  },
];

/** Adds the global templates a database lacks. Returns how many it added. */
export async function seedGlobalTemplates(db: TDb): Promise<number> {
  return db.transaction(async (tx) => {
    // One process at a time (several API processes may start together).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rostrum.global_templates'))`);
    let added = 0;
    for (const g of GLOBAL_TEMPLATES) {
      const [found] = await tx
        .select({ id: assignments.id })
        .from(assignments)
        .where(and(eq(assignments.isGlobal, true), sql`${assignments.metadata}->>'globalKey' = ${g.key}`))
        .limit(1);
      if (found) continue;
      const [row] = await tx
        .insert(assignments)
        .values({
          orgId: null,
          userId: null,
          name: g.name,
          description: g.description,
          criteria: { ...g.criteria, scorecard: !!g.scorecard },
          isTemplate: true,
          isGlobal: true,
          isShared: true,
          metadata: { globalKey: g.key },
        })
        .returning();
      if (g.scorecard) await tx.insert(scorecards).values({ assignmentId: row!.id, questions: scorecardQuestions(g.scorecard) });
      added++;
    }
    return added;
  });
}
