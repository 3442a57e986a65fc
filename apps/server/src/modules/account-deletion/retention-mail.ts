import type { TMail } from '../../mail/mailer.js';
import { noticeMail, type TRecipient } from '../notifications/index.js';

/** To a recording's owner, 14 days before the organisation's retention removes it (issue 42 item 9). */
export function retentionNoticeMail(publicUrl: string, to: TRecipient, rec: { id: string; title: string }, removeOn: string): TMail {
  return noticeMail(publicUrl, to, `"${rec.title}" will be removed on ${removeOn}`, [
    `Your organization keeps recordings for a limited time. Your recording "${rec.title}" will be removed on ${removeOn}, with its results and feedback.`,
    `To keep a copy, open it and download what you need before then: ${publicUrl}/evaluate/${rec.id}`,
  ]);
}
