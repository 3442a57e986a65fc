import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { groups, plans, prepaidCodes, users } from '../../db/schema.js';

export type TPrepaidCodeRow = typeof prepaidCodes.$inferSelect;

/** Inserts a batch of codes (hash and suffix only), 500 rows a statement. */
export async function insertPrepaidCodes(db: TDb, rows: (typeof prepaidCodes.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(prepaidCodes).values(rows.slice(i, i + 500));
}

/**
 * Marks the code redeemed by the user for the group, if it is this organisation's, for this plan,
 * for this group (or any), and neither redeemed nor voided; returns it, or null. One UPDATE with
 * every condition in its WHERE: of two racing redeemers, the second waits for the first's row
 * lock, re-reads the row and finds it redeemed, so exactly one wins.
 */
export async function claimPrepaidCode(
  db: TDb,
  c: { codeHash: string; orgId: string; planId: string; groupId: string; userId: string; now: Date },
): Promise<TPrepaidCodeRow | null> {
  const [row] = await db
    .update(prepaidCodes)
    .set({ redeemedAt: c.now, redeemedBy: c.userId, redeemedGroupId: c.groupId })
    .where(
      and(
        eq(prepaidCodes.codeHash, c.codeHash),
        eq(prepaidCodes.orgId, c.orgId),
        eq(prepaidCodes.planId, c.planId),
        or(isNull(prepaidCodes.groupId), eq(prepaidCodes.groupId, c.groupId)),
        isNull(prepaidCodes.redeemedAt),
        isNull(prepaidCodes.voidedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Voids an unused code of the organisation; returns the code as it is now (null: none such). */
export async function voidPrepaidCode(db: TDb, orgId: string, codeId: string, now: Date): Promise<TPrepaidCodeRow | null> {
  await db
    .update(prepaidCodes)
    .set({ voidedAt: now })
    .where(and(eq(prepaidCodes.id, codeId), eq(prepaidCodes.orgId, orgId), isNull(prepaidCodes.redeemedAt), isNull(prepaidCodes.voidedAt)));
  const [row] = await db
    .select()
    .from(prepaidCodes)
    .where(and(eq(prepaidCodes.id, codeId), eq(prepaidCodes.orgId, orgId)));
  return row ?? null;
}

const creator = alias(users, 'creator');
const redeemer = alias(users, 'redeemer');

/** The organisation's codes, newest first, with plan, group, creator and redeemer (at most `limit`). */
export async function listPrepaidCodes(db: TDb, orgId: string, limit: number) {
  return db
    .select({
      code: prepaidCodes,
      planName: plans.name,
      groupName: groups.name,
      creator: { userId: creator.id, name: creator.name },
      redeemer: { userId: redeemer.id, name: redeemer.name, email: redeemer.email },
    })
    .from(prepaidCodes)
    .innerJoin(plans, eq(plans.id, prepaidCodes.planId))
    .leftJoin(groups, eq(groups.id, prepaidCodes.groupId))
    .leftJoin(creator, eq(creator.id, prepaidCodes.createdBy))
    .leftJoin(redeemer, eq(redeemer.id, prepaidCodes.redeemedBy))
    .where(eq(prepaidCodes.orgId, orgId))
    .orderBy(desc(prepaidCodes.createdAt), sql`${prepaidCodes.id}`)
    .limit(limit);
}
