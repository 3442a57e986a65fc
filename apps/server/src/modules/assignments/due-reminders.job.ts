import { DUE_REMINDER_HOURS, formatDueAt, vocabulary } from '@rostrum/contract';
import { wantsEmail } from '../../auth/policies.js';
import type { TJobDeps } from '../../jobs/job-types.js';
import { announce } from '../notifications/index.js';
import { dueReminderMail } from './due-reminder-mail.js';
import {
  claimDueReminder,
  listAssignmentsDueBetween,
  listReminderRecipients,
  listRemindedFor,
  reminderKey,
} from './due-reminders.repository.js';
import { loadMemberStatuses } from './progress/progress.loader.js';

/** The end of the reminder window: assignments due by then are reminded. */
export function dueReminderWindowEnd(now: Date): Date {
  return new Date(now.getTime() + DUE_REMINDER_HOURS * 3600 * 1000);
}

/**
 * The `assignment-due-reminders` job: for each assignment due within the next 24 hours (not yet
 * past), each speaker it is for who has not completed it gets one notice in the bell and, when
 * their settings take assignment emails (assignmentReceivedFrequency, as the "new assignment"
 * email), one email through send-email. Each reminder is recorded in the transaction that stores
 * the notice and enqueues the email, so running twice, or on two workers at once, sends one.
 * Returns the reminders made.
 */
export async function handleDueReminders(deps: Pick<TJobDeps, 'db' | 'config' | 'queue' | 'log'>, now = new Date()): Promise<number> {
  const due = (await listAssignmentsDueBetween(deps.db, now, dueReminderWindowEnd(now))).filter((d) => !!d.org.settings.Assignments);
  if (due.length === 0) return 0;
  const [statuses, reminded] = await Promise.all([
    loadMemberStatuses(
      deps.db,
      due.map((d) => d.a),
    ),
    listRemindedFor(
      deps.db,
      due.map((d) => ({ assignmentId: d.a.id, dueAt: d.a.dueAt! })),
    ),
  ]);
  const pending = due.flatMap((d) =>
    [...(statuses.get(d.a.id) ?? [])]
      .filter(([userId, status]) => status !== 'completed' && !reminded.has(reminderKey({ assignmentId: d.a.id, userId })))
      .map(([userId]) => ({ d, userId })),
  );
  const recipients = new Map((await listReminderRecipients(deps.db, [...new Set(pending.map((p) => p.userId))])).map((u) => [u.id, u]));
  let made = 0;
  for (const { d, userId } of pending) {
    const user = recipients.get(userId);
    if (!user || user.orgId !== d.a.orgId) continue;
    const dueAt = d.a.dueAt!;
    const when = formatDueAt(dueAt, d.org.timeZone);
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimDueReminder(tx, { assignmentId: d.a.id, userId, dueAt }))) return false;
      await announce(tx, deps, [
        {
          notice: { userId, kind: 'assignmentDue', title: d.a.name, detail: when, assignmentId: d.a.id },
          mail: wantsEmail(d.org.settings, user.emailPreferences, 'assignmentReceivedFrequency')
            ? dueReminderMail(deps.config.publicUrl, user, { id: d.a.id, name: d.a.name }, when, d.groupName, vocabulary(d.org.type))
            : null,
        },
      ]);
      return true;
    });
    if (claimed) made++;
  }
  if (made) deps.log.info({ reminders: made }, 'due-date reminders made');
  return made;
}
