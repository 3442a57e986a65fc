import type { TVocabulary } from '@rostrum/contract';
import type { TMail } from '../../mail/mailer.js';
import { noticeMail, type TRecipient } from '../notifications/index.js';

/** The date access ends, as the reminder says it: in UTC, since the server knows no user's time zone. */
export function reminderDate(d: Date): string {
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * To a speaker: their access to a group ends within 7 days. The text part is the notification
 * mails' layout (settings and unsubscribe links); the HTML part says the same with a Renew button.
 */
export function accessEndingMail(
  publicUrl: string,
  to: TRecipient,
  access: { groupId: string; groupName: string; orgName: string; expiresAt: Date },
  v: TVocabulary,
): TMail {
  const date = reminderDate(access.expiresAt);
  const time = access.expiresAt.toISOString().slice(11, 16);
  const renew = `${publicUrl}/subscription/${access.groupId}`;
  const ends = `Your access to the ${v.word('group')} ${access.groupName} at ${access.orgName} ends on ${date} at ${time} UTC.`;
  const keep = `To keep recording and getting feedback after that, renew it before then.`;
  const mail = noticeMail(publicUrl, to, `Your access to ${access.groupName} ends on ${date}`, [ends, keep, `Renew: ${renew}`]);
  const settings = `${publicUrl}/email-notifications`;
  const unsubscribe = `${publicUrl}/unsubscribe/${to.unsubscribeCode}`;
  const e = escapeHtml;
  const html = [
    `<p>Hello ${e(to.firstName)},</p>`,
    `<p>${e(ends)}</p>`,
    `<p>${e(keep)}</p>`,
    `<p><a href="${e(renew)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#1f4e8c;color:#ffffff;text-decoration:none;font-weight:600">Renew</a></p>`,
    `<p style="font-size:12px;color:#555555"><a href="${e(settings)}">Email settings</a> · <a href="${e(unsubscribe)}">Unsubscribe from all Rostrum emails</a></p>`,
  ].join('\n');
  return { ...mail, html };
}
