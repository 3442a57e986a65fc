import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { cardSubscriptions, paymentEvents } from '../../db/schema.js';

export type TCardSubscriptionRow = typeof cardSubscriptions.$inferSelect;

export async function insertCardSubscription(db: TDb, values: typeof cardSubscriptions.$inferInsert): Promise<void> {
  await db.insert(cardSubscriptions).values(values).onConflictDoNothing();
}

export async function findCardSubscription(db: TDb, id: string): Promise<TCardSubscriptionRow | null> {
  const [row] = await db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, id));
  return row ?? null;
}

/** The user's card subscriptions, ended ones too; only those for one group when groupId is given. */
export async function listUserCardSubscriptions(db: TDb, userId: string, groupId?: string): Promise<TCardSubscriptionRow[]> {
  return db
    .select()
    .from(cardSubscriptions)
    .where(and(eq(cardSubscriptions.userId, userId), groupId ? eq(cardSubscriptions.groupId, groupId) : undefined));
}

/** Auto-renew ended (by the provider, or by the user turning it off); true when this call ended it. */
export async function endCardSubscription(db: TDb, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(cardSubscriptions)
    .set({ endedAt: at })
    .where(and(eq(cardSubscriptions.id, id), isNull(cardSubscriptions.endedAt)))
    .returning({ id: cardSubscriptions.id });
  return rows.length > 0;
}

/**
 * Records a webhook event as applied; false when it was already (a retry or replay). Inside the
 * transaction that applies it, a concurrent delivery of the same event waits here and then finds it.
 */
export async function markPaymentEvent(
  db: TDb,
  event: { eventId: string; provider: string; type: string; outcome: string },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

export async function paymentEventSeen(db: TDb, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  return !!row;
}
