import { and, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { accessReminders, cardSubscriptions, groups, memberships, organisations, users } from '../../db/schema.js';
import { membershipActiveNowSql } from '../../auth/membership-active.js';

/**
 * Active memberships whose expiry falls in (now, until], of users who keep access reminders on,
 * in their own organisation, with no auto-renewing card subscription for that group and no
 * reminder sent yet for that expiry. The role and perpetual rules are applied by the caller.
 */
export function listAccessReminderCandidates(db: TDb, now: Date, until: Date) {
  return db
    .select({
      membership: memberships,
      group: groups,
      user: { id: users.id, email: users.email, firstName: users.firstName, unsubscribeCode: users.unsubscribeCode },
      org: { name: organisations.name, type: organisations.type, settings: organisations.settings },
    })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.orgId, groups.orgId)))
    .innerJoin(organisations, eq(organisations.id, groups.orgId))
    .where(
      and(
        membershipActiveNowSql(),
        gt(memberships.expiresAt, now),
        lte(memberships.expiresAt, until),
        eq(users.accessReminders, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cardSubscriptions)
            .where(
              and(
                eq(cardSubscriptions.userId, memberships.userId),
                eq(cardSubscriptions.groupId, memberships.groupId),
                isNull(cardSubscriptions.endedAt),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(accessReminders)
            .where(
              and(
                eq(accessReminders.userId, memberships.userId),
                eq(accessReminders.groupId, memberships.groupId),
                eq(accessReminders.expiresAt, memberships.expiresAt),
              ),
            ),
        ),
      ),
    );
}

/**
 * Records the reminder for this membership and expiry; false when it was already recorded. A
 * concurrent run inserting the same key waits for the first transaction and then finds it.
 */
export async function claimAccessReminder(tx: TDb, key: { userId: string; groupId: string; expiresAt: Date }): Promise<boolean> {
  const rows = await tx.insert(accessReminders).values(key).onConflictDoNothing().returning({ userId: accessReminders.userId });
  return rows.length > 0;
}

/** Turns the user's access reminders on or off; null when there is no such user. */
export async function setAccessReminders(db: TDb, userId: string, enabled: boolean): Promise<boolean | null> {
  const [u] = await db
    .update(users)
    .set({ accessReminders: enabled })
    .where(eq(users.id, userId))
    .returning({ enabled: users.accessReminders });
  return u ? u.enabled : null;
}
