import { inviteDetails, PRODUCT_NAME, type TAdminInvite } from '@rostrum/contract';
import type { TMail } from '../../mail/mailer.js';
import type { TOrgRow } from '../org/index.js';

/**
 * The invite email: who invites, to what, and the link that opens sign-up with the invite. When
 * the address already has an account in another organisation (one organisation per email), the
 * owner is told instead that the invite needs another address; the admin is not told (item 16).
 * The caller enqueues it in the transaction that stores (or marks resent) the invite. A bulk
 * invite that named the invitee greets them by that name.
 */
export function inviteMail(
  invite: TAdminInvite,
  org: TOrgRow,
  inviterName: string,
  registeredElsewhere = false,
  inviteeName: string | null = null,
): TMail {
  const subject = `You are invited to join ${org.name} on ${PRODUCT_NAME}`;
  const hello = inviteeName ? `Hello ${inviteeName},` : 'Hello,';
  if (registeredElsewhere) {
    return {
      to: invite.email,
      subject,
      text: [
        hello,
        '',
        `${inviterName} invited you to join ${org.name} on ${PRODUCT_NAME}, the speech and voice coaching app.`,
        '',
        `This email address (${invite.email}) already has a ${PRODUCT_NAME} account with another organization, and an address can belong to one organization only, so the invite cannot be accepted with it.`,
        `If you want to join ${org.name}, ask ${inviterName} to invite another email address of yours.`,
        'If you did not expect this invite, you can ignore this email.',
      ].join('\n'),
    };
  }
  const details = inviteDetails(invite.roles, org.type);
  return {
    to: invite.email,
    subject,
    text: [
      hello,
      '',
      `${inviterName} invited you to join ${org.name} on ${PRODUCT_NAME}, the speech and voice coaching app, with this access:`,
      '',
      ...details.map((d) => `  - ${d}`),
      '',
      'To accept, create your account from this link:',
      '',
      invite.inviteLink,
      '',
      `Sign up with this email address (${invite.email}); the invite works only for it.`,
      'If you did not expect this invite, you can ignore this email.',
    ].join('\n'),
  };
}
