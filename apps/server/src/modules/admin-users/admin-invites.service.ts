import {
  ADMIN_USERS_MSG,
  canonicalOrgRoles,
  coachNotSpeakerMessage,
  ERROR_CODES,
  MSG,
  type TAdminInvite,
  type TCreateInviteBody,
  type TInviteGrant,
  vocabulary,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertOrgAdmin, canGrantSpeakerRole, grantsNewSpeakerRole, isCoachAndSpeaker } from '../../auth/policies.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { findOrganisation, type TOrgRow } from '../org/index.js';
import {
  deletePendingInvite,
  findPendingInvite,
  findUserName,
  groupNamesOfOrg,
  groupsOfOrg,
  hasPendingInviteFor,
  insertInvite,
  listPendingInvites,
  markResent,
  orgOfEmail,
} from './admin-invites.repository.js';
import { presentInvite } from './admin-invites.presenter.js';
import { inviteMail } from './invite-mail.js';

export async function orgOf(deps: TDeps, orgId: string): Promise<TOrgRow> {
  const org = await findOrganisation(deps.db, orgId);
  if (!org) throw notFound();
  return org;
}

export async function inviterName(deps: TDeps, auth: TAuth): Promise<string> {
  return (await findUserName(deps.db, auth.userId)) ?? 'Your administrator';
}

export async function listInvites(deps: TDeps, auth: TAuth): Promise<TAdminInvite[]> {
  assertOrgAdmin(auth);
  const [rows, names] = await Promise.all([listPendingInvites(deps.db, auth.orgId), groupNamesOfOrg(deps.db, auth.orgId)]);
  return rows.map((r) => presentInvite(deps.config.publicUrl, r, names));
}

/**
 * The grants must name groups of this organisation; a coach of a group cannot also be its
 * speaker; a speaker grant needs a free duration (as on the roles page).
 */
export async function checkGrants(deps: TDeps, org: TOrgRow, grants: ReadonlyArray<TInviteGrant>) {
  const ids = grants.map((g) => g.groupId).filter((id): id is string => !!id);
  const rows = ids.length ? await groupsOfOrg(deps.db, org.id) : [];
  const byId = new Map(rows.map((g) => [g.id, g]));
  const v = vocabulary(org.type);
  for (const grant of grants) {
    if (!grant.groupId) continue;
    const group = byId.get(grant.groupId);
    if (!group) throw notFound(`No ${v.word('group')} with id ${grant.groupId} in this organization`);
    if (isCoachAndSpeaker(grant.roles)) throw badRequest(coachNotSpeakerMessage(org.type), ERROR_CODES.rolesCoachNotSpeaker);
    const orgFacts = { freeDuration: org.settings.freeDuration ?? null, billingModel: org.billingModel };
    const none = { roles: [], expiredRoles: [] };
    if (
      grantsNewSpeakerRole([], grant.roles) &&
      !canGrantSpeakerRole(none, { freeDuration: group.settings.freeDuration ?? null }, orgFacts)
    ) {
      throw badRequest(
        `${v.Word('speaker')} access to ${group.name} can only be granted when the ${v.word('group')} or the organization has a free duration.`,
      );
    }
  }
}

/**
 * POST invites: stores the invite and enqueues the email with its link in the same transaction;
 * the send-email job delivers it, retrying while the mail transport fails, so the invite is kept
 * whatever the transport does. A user of this organisation is refused (409). An email registered
 * in another organisation is answered exactly like a free one, so an admin cannot probe who uses
 * the product elsewhere; its owner is told by email that the invite needs another address.
 */
export async function createInvite(deps: TDeps, auth: TAuth, body: TCreateInviteBody): Promise<TAdminInvite> {
  assertOrgAdmin(auth);
  const org = await orgOf(deps, auth.orgId);
  await checkGrants(deps, org, body.roles);
  const registeredIn = await orgOfEmail(deps.db, body.email);
  if (registeredIn === org.id) throw conflict(MSG.emailInUse, ERROR_CODES.authEmailTaken);
  if (await hasPendingInviteFor(deps.db, org.id, body.email)) throw conflict(ADMIN_USERS_MSG.invitePending, ERROR_CODES.invitePending);
  const roles = body.roles
    .filter((g) => g.roles.length > 0)
    .map((g) => ({ groupId: g.groupId, roles: g.groupId === null ? [...canonicalOrgRoles(g.roles)!] : [...g.roles] }));
  const [names, inviter] = await Promise.all([groupNamesOfOrg(deps.db, org.id), inviterName(deps, auth)]);
  return deps.db.transaction(async (tx) => {
    const row = await insertInvite(tx, { orgId: org.id, email: body.email, roles, isEu: !!org.settings.euUsers, createdBy: auth.userId });
    const invite = presentInvite(deps.config.publicUrl, row, names);
    await deps.queue.enqueueEmail(tx, inviteMail(invite, org, inviter, registeredIn !== null));
    return invite;
  });
}

/** PUT invites/{id} {resendInvite: true}: records when and enqueues the email again, in one transaction. */
export async function resendInvite(deps: TDeps, auth: TAuth, inviteId: string): Promise<TAdminInvite> {
  assertOrgAdmin(auth);
  const org = await orgOf(deps, auth.orgId);
  const row = await findPendingInvite(deps.db, org.id, inviteId);
  if (!row) throw notFound();
  const names = await groupNamesOfOrg(deps.db, org.id);
  const registeredElsewhere = ((await orgOfEmail(deps.db, row.email)) ?? org.id) !== org.id;
  const mail = inviteMail(presentInvite(deps.config.publicUrl, row, names), org, await inviterName(deps, auth), registeredElsewhere);
  const resent = await deps.db.transaction(async (tx) => {
    const marked = await markResent(tx, row.id);
    await deps.queue.enqueueEmail(tx, mail);
    return marked;
  });
  return presentInvite(deps.config.publicUrl, resent, names);
}

export async function removeInvite(deps: TDeps, auth: TAuth, inviteId: string): Promise<void> {
  assertOrgAdmin(auth);
  if (!(await deletePendingInvite(deps.db, auth.orgId, inviteId))) throw notFound();
}
