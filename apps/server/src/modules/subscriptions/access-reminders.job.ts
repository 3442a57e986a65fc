import { vocabulary } from '@rostrum/contract';
import { lockMembership } from '../memberships/index.js';
import { accessEndingMail } from './access-reminder-mail.js';
import { dueAccessReminder, reminderWindowEnd } from './access-reminders.js';
import { claimAccessReminder, listAccessReminderCandidates } from './access-reminders.repository.js';
import type { TJobDeps } from '../../jobs/job-types.js';

/**
 * The `access-reminders` job: one email per membership and expiry, for speakers whose access ends
 * within 7 days (access-reminders.ts). Each reminder is recorded in the transaction that enqueues
 * its email, under the membership's row lock, so running twice, or on two workers at once, sends
 * one; a renewal meanwhile (a later expiry) is left for the run that finds it in its window.
 */
export async function handleAccessReminders(deps: Pick<TJobDeps, 'db' | 'config' | 'queue' | 'log'>, now = new Date()): Promise<number> {
  const candidates = await listAccessReminderCandidates(deps.db, now, reminderWindowEnd(now));
  let sent = 0;
  for (const c of candidates) {
    if (!dueAccessReminder(c.membership, c.group, c.org.settings, now)) continue;
    const claimed = await deps.db.transaction(async (tx) => {
      const m = await lockMembership(tx, c.membership.userId, c.group.id);
      if (!m?.expiresAt || m.expiresAt.getTime() !== c.membership.expiresAt?.getTime()) return false;
      if (!dueAccessReminder(m, c.group, c.org.settings, now)) return false;
      if (!(await claimAccessReminder(tx, { userId: m.userId, groupId: m.groupId, expiresAt: m.expiresAt }))) return false;
      const access = { groupId: c.group.id, groupName: c.group.name, orgName: c.org.name, expiresAt: m.expiresAt };
      await deps.queue.enqueueEmail(tx, accessEndingMail(deps.config.publicUrl, c.user, access, vocabulary(c.org.type)));
      return true;
    });
    if (claimed) sent++;
  }
  if (sent) deps.log.info({ sent }, 'access reminders enqueued');
  return sent;
}
