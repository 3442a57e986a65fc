import {
  bulkInviteSeatMessage,
  ERROR_CODES,
  screenInvitees,
  type TBulkInviteBody,
  type TBulkInviteResult,
  type TBulkInviteSkipReason,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup, hasActiveRole, isActiveSpeakerIn } from '../../auth/policies.js';
import { HttpError, notFound } from '../../errors.js';
import { freeSpeakerSeats } from '../memberships/index.js';
import { lockOrganisation } from '../org/index.js';
import { insertInvites, pendingInviteEmails } from './admin-invites.repository.js';
import { checkGrants, inviterName, orgOf } from './admin-invites.service.js';
import { presentInvite } from './admin-invites.presenter.js';
import { accountsByEmail } from './bulk-invites.repository.js';
import { inviteMail } from './invite-mail.js';

type TAccount = Awaited<ReturnType<typeof accountsByEmail>>[number];

/**
 * Why an address the list found fine is not invited, from what the database knows: a coach or
 * speaker of the group now, an invite of the organisation pending, or another account of the
 * organisation (invites are for new accounts). An account of another organisation is answered
 * like a free address (no probing; its owner is told by the email, as POST invites does).
 */
function storedReason(account: TAccount | undefined, pending: boolean, orgId: string): TBulkInviteSkipReason | null {
  const ours = account?.orgId === orgId;
  if (ours && hasActiveRole(account.membership, 'manager')) return 'coach';
  if (ours && isActiveSpeakerIn(account.membership)) return 'member';
  if (pending) return 'pending';
  return ours ? 'account' : null;
}

/**
 * POST invites/bulk: invites speakers to one group by email, for its coaches and org admins
 * (assertCanManageGroup). Each new address gets an invite granting the speaker role in the group,
 * and the group's invite email with its join link, enqueued in the same transaction, as POST
 * invites does for coaches; signing up from it makes them a speaker for the free duration. Rows
 * that cannot be invited are reported with their reason, not refused. The whole batch is refused
 * when the group gives no free access (checkGrants, 400) or when the new invites need more
 * speaker seats than are free (402 seats.limit_reached): then nothing is stored or sent.
 */
export async function createBulkInvites(deps: TDeps, auth: TAuth, body: TBulkInviteBody): Promise<TBulkInviteResult> {
  const { group } = await assertCanManageGroup(deps.db, auth, body.groupId);
  const org = await orgOf(deps, auth.orgId);
  const grant = { groupId: group.id, roles: ['speaker' as const] };
  await checkGrants(deps, org, [grant]);
  const screened = screenInvitees(body.invitees);
  const inviter = await inviterName(deps, auth);
  const names = new Map([[group.id, group.name]]);

  return deps.db.transaction(async (tx) => {
    // Under the organisation's lock (as seats are taken): a batch sent twice at once invites each
    // address once, and the seats counted are those in use now.
    const locked = await lockOrganisation(tx, org.id);
    if (!locked) throw notFound();
    const emails = screened.filter((r) => !r.skip).map((r) => r.email);
    const accounts = new Map((await accountsByEmail(tx, group.id, emails)).map((a) => [a.email, a]));
    const pending = await pendingInviteEmails(tx, org.id, emails);
    const rows = screened.map((r) => ({
      ...r,
      skip: r.skip ?? storedReason(accounts.get(r.email), pending.has(r.email), org.id),
    }));
    const toInvite = rows.filter((r) => !r.skip);

    const free = await freeSpeakerSeats(tx, locked);
    if (free !== null && toInvite.length > free) {
      throw new HttpError(402, bulkInviteSeatMessage(toInvite.length, free, locked.type), ERROR_CODES.seatsLimitReached);
    }

    const stored = await insertInvites(
      tx,
      toInvite.map((r) => ({ orgId: org.id, email: r.email, roles: [grant], isEu: !!locked.settings.euUsers, createdBy: auth.userId })),
    );
    const byEmail = new Map(toInvite.map((r) => [r.email, r]));
    for (const row of stored) {
      const r = byEmail.get(row.email)!;
      const registeredElsewhere = accounts.has(row.email);
      const name = [r.firstName, r.lastName].filter(Boolean).join(' ') || null;
      await deps.queue.enqueueEmail(
        tx,
        inviteMail(presentInvite(deps.config.publicUrl, row, names), locked, inviter, registeredElsewhere, name),
      );
    }

    return {
      invited: toInvite.length,
      skipped: rows.length - toInvite.length,
      rows: rows.map((r) => ({
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        result: r.skip ? ('skipped' as const) : ('invited' as const),
        reason: r.skip,
      })),
    };
  });
}
