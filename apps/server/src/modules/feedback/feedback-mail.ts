import type { TDb } from '../../db/client.js';
import type { TMail } from '../../mail/mailer.js';
import type { TRecordingListFields } from '../recordings/index.js';
import { findUserWithOrgSettings } from './feedback.repository.js';

/**
 * The email telling a recording's owner that feedback arrived, or null when their organisation
 * does not send speaker emails or they turned this one off. Every email carries the unsubscribe
 * link. The caller enqueues it in the transaction that saves the feedback.
 */
export async function feedbackReceivedMail(
  db: TDb,
  publicUrl: string,
  rec: Pick<TRecordingListFields, 'id' | 'userId' | 'title'>,
  authorName: string,
  kind: 'comment' | 'score',
): Promise<TMail | null> {
  const owner = await findUserWithOrgSettings(db, rec.userId);
  if (!owner?.settings.Email_Notifications_For_Speakers) return null;
  if (owner.user.emailPreferences.feedbackReceivedFrequency !== '1') return null;
  const unsubscribe = `${publicUrl}/unsubscribe/${owner.user.unsubscribeCode}`;
  return {
    to: owner.user.email,
    subject: `New ${kind === 'score' ? 'scores' : 'comment'} on "${rec.title}"`,
    text: [
      `Hello ${owner.user.firstName},`,
      '',
      `${authorName} left ${kind === 'score' ? 'scores' : 'a comment'} on your recording "${rec.title}".`,
      `See it here: ${publicUrl}/evaluate/${rec.id}`,
      '',
      `Email settings: ${publicUrl}/email-notifications`,
      `Unsubscribe from all Rostrum emails: ${unsubscribe}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}
