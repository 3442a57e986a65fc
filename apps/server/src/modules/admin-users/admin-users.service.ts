import {
  ADMIN_USER_LIST_CAP,
  ADMIN_USERS_MSG,
  canonicalOrgRoles,
  coachNotSpeakerMessage,
  ERROR_CODES,
  freeAccessUntil,
  grantedFreeYears,
  MSG,
  PSEUDO_GROUP_ID,
  type TAdminUserList,
  type TAdminUserRoles,
  type TUpdateUserRolesBody,
  vocabulary,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  assertOrgAdmin,
  canGrantSpeakerRole,
  grantsNewSpeakerRole,
  hasSpeakerRole,
  isCoachAndSpeaker,
  isOrgAdmin,
  keepsSpeakerRole,
} from '../../auth/policies.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { findOrganisation, lockOrganisation, type TOrgRow } from '../org/index.js';
import { clearMembershipRoles, takeSpeakerSeat, type TGroupRow, type TMembershipRow, upsertMembership } from '../memberships/index.js';
import { membershipRoles } from '../groups/index.js';
import {
  countOrgUsers,
  countOtherAdmins,
  findOrgUser,
  listOrgUsers,
  membershipsOfUsers,
  orgGroupsWithMembership,
  setOrgRoles,
} from './admin-users.repository.js';
import { presentAdminUser, presentUserRoles } from './admin-users.presenter.js';

type TGroupRole = 'manager' | 'speaker';

async function orgOf(db: TDb, orgId: string): Promise<TOrgRow> {
  const org = await findOrganisation(db, orgId);
  if (!org) throw notFound();
  return org;
}

const sameSet = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The Manage Users tab. Below the cap (1000) every user comes back and the page filters as the
 * admin types; at the cap only matches of `search` come back (none without one).
 */
export async function listUsers(deps: TDeps, auth: TAuth, search: string | undefined): Promise<TAdminUserList> {
  assertOrgAdmin(auth);
  const org = await orgOf(deps.db, auth.orgId);
  const total = await countOrgUsers(deps.db, org.id);
  const tooMany = total >= ADMIN_USER_LIST_CAP;
  if (tooMany && !search) return { total, tooMany, users: [] };
  const rows = await listOrgUsers(deps.db, org.id, search || undefined, ADMIN_USER_LIST_CAP);
  const byUser = new Map<string, { membership: TMembershipRow; group: TGroupRow }[]>();
  for (const r of await membershipsOfUsers(
    deps.db,
    rows.map((u) => u.id),
  )) {
    const list = byUser.get(r.membership.userId) ?? [];
    list.push(r);
    byUser.set(r.membership.userId, list);
  }
  const now = new Date();
  return { total, tooMany, users: rows.map((u) => presentAdminUser(u, byUser.get(u.id) ?? [], org.type, auth, now)) };
}

async function loadUserRoles(db: TDb, auth: TAuth, userId: string): Promise<TAdminUserRoles> {
  const org = await orgOf(db, auth.orgId);
  const user = await findOrgUser(db, org.id, userId);
  if (!user) throw notFound();
  return presentUserRoles(auth, user, org, await orgGroupsWithMembership(db, org.id, user.id));
}

export async function getUserRoles(deps: TDeps, auth: TAuth, userId: string): Promise<TAdminUserRoles> {
  assertOrgAdmin(auth);
  return loadUserRoles(deps.db, auth, userId);
}

function speakerRefusal(org: TOrgRow, group: TGroupRow, expired: boolean): string {
  const v = vocabulary(org.type);
  return expired
    ? `This user's ${v.word('speaker')} access to ${group.name} has expired and is renewed through a subscription.`
    : `${v.Word('speaker')} access to ${group.name} can only be granted when the ${v.word('group')} or the organization has a free duration.`;
}

/**
 * PUT users/{userId} (000 section 7): the org-level roles from the pseudo-group entry and the
 * roles of each listed group, in one transaction. Groups not listed (expired roles not
 * re-granted) and entries equal to the current roles are left as they are.
 */
export async function updateUserRoles(deps: TDeps, auth: TAuth, userId: string, body: TUpdateUserRolesBody): Promise<TAdminUserRoles> {
  assertOrgAdmin(auth);
  await deps.db.transaction(async (tx) => {
    // Locked until the end: role changes of one organisation (seats, the last admin) run one at a time.
    const org = await lockOrganisation(tx, auth.orgId);
    if (!org) throw notFound();
    const user = await findOrgUser(tx, org.id, userId);
    if (!user) throw notFound();
    const orgRoles: string[] = [...canonicalOrgRoles(body.roles.find((g) => g.groupId === PSEUDO_GROUP_ID)!.roles)!];
    if (isOrgAdmin(user) && !isOrgAdmin({ orgRoles }) && (await countOtherAdmins(tx, org.id, user.id)) === 0) {
      throw conflict(ADMIN_USERS_MSG.lastAdmin, ERROR_CODES.rolesLastAdmin);
    }

    const now = new Date();
    const rows = new Map((await orgGroupsWithMembership(tx, org.id, user.id)).map((r) => [r.group.id, r]));
    const changes: { group: TGroupRow; membership: TMembershipRow | null; roles: TGroupRole[]; current: TGroupRole[] }[] = [];
    let grantsSpeakerSeat = false;
    for (const grant of body.roles) {
      if (grant.groupId === PSEUDO_GROUP_ID) continue;
      const row = rows.get(grant.groupId);
      if (!row) throw notFound(`No ${vocabulary(org.type).word('group')} with id ${grant.groupId} in this organization`);
      const roles = grant.roles as TGroupRole[];
      if (isCoachAndSpeaker(roles)) throw badRequest(coachNotSpeakerMessage(org.type), ERROR_CODES.rolesCoachNotSpeaker);
      const current: { roles: TGroupRole[]; expiredRoles: TGroupRole[] } = row.membership
        ? membershipRoles(row.membership, now)
        : { roles: [], expiredRoles: [] };
      if (sameSet(current.roles, roles)) continue;
      if (grantsNewSpeakerRole(current.roles, roles)) {
        const groupFacts = { freeDuration: row.group.settings.freeDuration ?? null };
        if (
          !canGrantSpeakerRole(current, groupFacts, { freeDuration: org.settings.freeDuration ?? null, billingModel: org.billingModel })
        ) {
          throw badRequest(speakerRefusal(org, row.group, current.expiredRoles.length > 0));
        }
        grantsSpeakerSeat = true;
      }
      changes.push({ group: row.group, membership: row.membership, roles, current: current.roles });
    }

    if (grantsSpeakerSeat) await takeSpeakerSeat(tx, org.id, user.id, MSG.roleSaveSeatText);

    for (const c of changes) await applyGroupRoles(tx, user.id, org, c, now);
    if (!sameSet(user.orgRoles, orgRoles)) {
      await setOrgRoles(tx, user.id, orgRoles, now);
    }
  });
  return loadUserRoles(deps.db, auth, userId);
}

/**
 * One group's new roles. Removing every role deactivates the membership; a coach membership
 * has no expiry; a new speaker role lasts the free duration, a kept one keeps its expiry.
 */
async function applyGroupRoles(
  tx: TDb,
  userId: string,
  org: TOrgRow,
  c: { group: TGroupRow; membership: TMembershipRow | null; roles: TGroupRole[]; current: TGroupRole[] },
  now: Date,
) {
  if (c.roles.length === 0) {
    await clearMembershipRoles(tx, userId, c.group.id, now);
    return;
  }
  const keepsSpeaker = keepsSpeakerRole(c.current, c.roles);
  // A new speaker role is grantable only with free years (speakerRoleGrantable), so it gets an expiry.
  const newSpeakerUntil = () => freeAccessUntil(grantedFreeYears(c.group.settings, org.settings), now);
  const expiresAt = !hasSpeakerRole(c.roles) ? null : keepsSpeaker ? (c.membership?.expiresAt ?? null) : newSpeakerUntil();
  const startDate = c.current.length > 0 && c.membership ? c.membership.startDate : now;
  const values = { roles: c.roles, status: 'active' as const, startDate, expiresAt, expiredRoles: [], updatedAt: now };
  await upsertMembership(tx, userId, c.group.id, values);
}
