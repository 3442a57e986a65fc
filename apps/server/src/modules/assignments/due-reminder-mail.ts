import { dueReminderText, type TVocabulary } from '@rostrum/contract';
import type { TMail } from '../../mail/mailer.js';
import { noticeMail, type TRecipient } from '../notifications/index.js';

/**
 * To a speaker, a day before an assignment they have not completed is due (issue 41 item 8):
 * the bell's words, then what it is for and where to record (assignmentReceivedFrequency).
 */
export function dueReminderMail(
  publicUrl: string,
  to: TRecipient,
  assignment: { id: string; name: string },
  due: string,
  groupName: string,
  v: TVocabulary,
): TMail {
  return noticeMail(publicUrl, to, `Reminder: "${assignment.name}" is due ${due}`, [
    dueReminderText(assignment.name, due),
    `It is an assignment of your ${v.word('group')} ${groupName}, and you have not completed it yet.`,
    `See the instructions and record for it: ${publicUrl}/assignment/details/${assignment.id}`,
  ]);
}
