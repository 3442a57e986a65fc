import { inviteDetails, PRODUCT_NAME, type TAdminInvite } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TOrgRow } from '../groups/groups.repository.js';

/** The invite email: who invites, to what, and the link that opens sign-up with the invite. */
export async function sendInviteMail(deps: TDeps, invite: TAdminInvite, org: TOrgRow, inviterName: string): Promise<void> {
  const details = inviteDetails(invite.roles, org.type);
  await deps.mailer.send({
    to: invite.email,
    subject: `You are invited to join ${org.name} on ${PRODUCT_NAME}`,
    text: [
      'Hello,',
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
  });
}
