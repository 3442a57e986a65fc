import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { assignmentReminders, assignments, groups, organisations, users } from '../../db/schema.js';

// The due-date reminders' reads and their record (issue 41 item 8): which assignments fall due
// soon, who their speakers are, and which reminders went.

/**
 * Assigned assignments (not templates, not archived, not deleted) due in (now, until], with their
 * group's name and the organisation's type, settings and time zone.
 */
export function listAssignmentsDueBetween(db: TDb, now: Date, until: Date) {
  return db
    .select({
      a: assignments,
      groupName: groups.name,
      org: { type: organisations.type, settings: organisations.settings, timeZone: organisations.timeZone },
    })
    .from(assignments)
    .innerJoin(groups, eq(groups.id, assignments.groupId))
    .innerJoin(organisations, eq(organisations.id, assignments.orgId))
    .where(
      and(
        eq(assignments.isTemplate, false),
        eq(assignments.archived, false),
        isNull(assignments.deletedAt),
        gt(assignments.dueAt, now),
        lte(assignments.dueAt, until),
      ),
    );
}

/** The users a reminder may go to: their address, name, unsubscribe code and email settings. */
export function listReminderRecipients(db: TDb, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      orgId: users.orgId,
      email: users.email,
      firstName: users.firstName,
      unsubscribeCode: users.unsubscribeCode,
      emailPreferences: users.emailPreferences,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** The speakers already reminded of these assignments, by assignment, for each one's due date. */
export async function listRemindedFor(db: TDb, keys: { assignmentId: string; dueAt: Date }[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select()
    .from(assignmentReminders)
    .where(
      inArray(
        assignmentReminders.assignmentId,
        keys.map((k) => k.assignmentId),
      ),
    );
  const dueOf = new Map(keys.map((k) => [k.assignmentId, k.dueAt.getTime()]));
  return new Set(rows.filter((r) => dueOf.get(r.assignmentId) === r.dueAt.getTime()).map((r) => reminderKey(r)));
}

export const reminderKey = (k: { assignmentId: string; userId: string }) => `${k.assignmentId}/${k.userId}`;

/**
 * Records the reminder of this speaker for this due date; false when it was already recorded. A
 * concurrent run inserting the same key waits for the first transaction and then finds it.
 */
export async function claimDueReminder(tx: TDb, key: { assignmentId: string; userId: string; dueAt: Date }): Promise<boolean> {
  const rows = await tx.insert(assignmentReminders).values(key).onConflictDoNothing().returning({ userId: assignmentReminders.userId });
  return rows.length > 0;
}
