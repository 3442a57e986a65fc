import { and, count, eq, isNull } from 'drizzle-orm';
import type { TSavePracticePromptBody } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { organisations, practicePrompts } from '../../db/schema.js';
import type { TSeedPrompt } from './seed-prompts.js';

export type TPracticePromptRow = typeof practicePrompts.$inferSelect;

/**
 * Copies the product's prompts into the organisation's library once: the first caller marks the
 * organisation seeded and inserts them in the same transaction, so two first visits at once
 * insert one set, and prompts an admin deleted later are not copied again.
 */
export async function seedPromptsOnce(db: TDb, orgId: string, seeds: readonly TSeedPrompt[]): Promise<void> {
  // Every read after the first finds the mark: one plain read, no transaction.
  const [org] = await db.select({ seededAt: organisations.practicePromptsSeededAt }).from(organisations).where(eq(organisations.id, orgId));
  if (!org || org.seededAt) return;
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(organisations)
      .set({ practicePromptsSeededAt: new Date() })
      .where(and(eq(organisations.id, orgId), isNull(organisations.practicePromptsSeededAt)))
      .returning({ id: organisations.id });
    if (!marked || seeds.length === 0) return;
    await tx
      .insert(practicePrompts)
      .values(
        seeds.map((s) => ({
          orgId,
          seedKey: s.key,
          category: s.category,
          title: s.title,
          instructions: s.instructions,
          suggestedSeconds: s.suggestedSeconds,
        })),
      )
      .onConflictDoNothing();
  });
}

/** The organisation's prompts; hidden ones only when asked for. */
export async function listPrompts(db: TDb, orgId: string, opts: { includeHidden: boolean }): Promise<TPracticePromptRow[]> {
  return db
    .select()
    .from(practicePrompts)
    .where(and(eq(practicePrompts.orgId, orgId), opts.includeHidden ? undefined : eq(practicePrompts.hidden, false)));
}

/** The prompt with this id in this organisation (another organisation's: null). */
export async function findPrompt(db: TDb, orgId: string, promptId: string): Promise<TPracticePromptRow | null> {
  const [row] = await db
    .select()
    .from(practicePrompts)
    .where(and(eq(practicePrompts.orgId, orgId), eq(practicePrompts.id, promptId)));
  return row ?? null;
}

export async function countPrompts(db: TDb, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(practicePrompts).where(eq(practicePrompts.orgId, orgId));
  return row?.n ?? 0;
}

export async function insertPrompt(db: TDb, orgId: string, body: TSavePracticePromptBody, updatedBy: string): Promise<TPracticePromptRow> {
  const [row] = await db
    .insert(practicePrompts)
    .values({ orgId, ...body, updatedBy })
    .returning();
  return row!;
}

export async function updatePrompt(
  db: TDb,
  orgId: string,
  promptId: string,
  body: TSavePracticePromptBody,
  updatedBy: string,
): Promise<TPracticePromptRow | null> {
  const [row] = await db
    .update(practicePrompts)
    .set({ ...body, updatedBy, updatedAt: new Date() })
    .where(and(eq(practicePrompts.orgId, orgId), eq(practicePrompts.id, promptId)))
    .returning();
  return row ?? null;
}

/** Deletes the prompt; its takes keep their titles and lose the link (ON DELETE SET NULL). */
export async function deletePrompt(db: TDb, orgId: string, promptId: string): Promise<boolean> {
  const rows = await db
    .delete(practicePrompts)
    .where(and(eq(practicePrompts.orgId, orgId), eq(practicePrompts.id, promptId)))
    .returning({ id: practicePrompts.id });
  return rows.length > 0;
}
