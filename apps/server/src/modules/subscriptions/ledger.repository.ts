import { and, desc, eq, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, ledgerEntries, plans, users } from '../../db/schema.js';

export type TLedgerRow = typeof ledgerEntries.$inferSelect;

/** Appends a ledger row; call it in the transaction that changes the membership's expiry. */
export async function insertLedgerEntry(db: TDb, values: typeof ledgerEntries.$inferInsert): Promise<TLedgerRow> {
  const [row] = await db.insert(ledgerEntries).values(values).returning();
  return row!;
}

/** The organisation's ledger, newest first, optionally before a time, with who, which group and plan. */
export async function listLedger(db: TDb, orgId: string, opts: { before?: Date; limit: number }) {
  return db
    .select({
      entry: ledgerEntries,
      user: { userId: users.id, name: users.name, email: users.email },
      groupName: groups.name,
      planName: plans.name,
    })
    .from(ledgerEntries)
    .leftJoin(users, eq(users.id, ledgerEntries.userId))
    .leftJoin(groups, eq(groups.id, ledgerEntries.groupId))
    .leftJoin(plans, eq(plans.id, ledgerEntries.planId))
    .where(and(eq(ledgerEntries.orgId, orgId), opts.before ? lt(ledgerEntries.createdAt, opts.before) : undefined))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(opts.limit);
}

/** The ledger row of a card payment, if that PaymentIntent was applied. */
export async function findLedgerEntryByPaymentIntent(db: TDb, paymentIntentId: string): Promise<TLedgerRow | null> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentIntentId, paymentIntentId));
  return row ?? null;
}
