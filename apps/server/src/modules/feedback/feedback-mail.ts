import { eq } from 'drizzle-orm';
import type { TDeps } from '../../deps.js';
import { organisations, users } from '../../db/schema.js';
import type { TRecordingRow } from '../recordings/recordings.repository.js';

/**
 * Tells a recording's owner that feedback arrived, when their organisation sends speaker
 * emails and they have not turned this one off. Every email carries the unsubscribe link.
 */
export async function notifyFeedbackReceived(deps: TDeps, rec: TRecordingRow, authorName: string, kind: 'comment' | 'score') {
  const [owner] = await deps.db
    .select({ user: users, settings: organisations.settings })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, rec.userId));
  if (!owner || !owner.settings.Email_Notifications_For_Speakers) return;
  if (owner.user.emailPreferences.feedbackReceivedFrequency !== '1') return;
  const url = deps.config.publicUrl;
  await deps.mailer.send({
    to: owner.user.email,
    subject: `New ${kind === 'score' ? 'scores' : 'comment'} on "${rec.title}"`,
    text: [
      `Hello ${owner.user.firstName},`,
      '',
      `${authorName} left ${kind === 'score' ? 'scores' : 'a comment'} on your recording "${rec.title}".`,
      `See it here: ${url}/evaluate/${rec.id}`,
      '',
      `Email settings: ${url}/email-notifications`,
      `Unsubscribe from all Rostrum emails: ${url}/unsubscribe/${owner.user.unsubscribeCode}`,
    ].join('\n'),
  });
}
