import { PSEUDO_GROUP_ID, type TDeactivateMembersResponse, type TGroupMember } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  assertCanAdministerGroup,
  assertCanManageGroup,
  assertOrgAdmin,
  coachSeesSharedOnly,
  holdsOrgManagerRole,
  isOrgAdmin,
  memberAbilities,
} from '../../auth/policies.js';
import type { users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { listGroupMembers } from './groups.repository.js';
import { deactivateGroupMemberships, listOrgRoleUsers } from './group-members.repository.js';
import { presentMember } from './groups.presenter.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A group's members (its active coaches and org admins), or, for the pseudo-group id, the org
 * admins and managers (org admins only). `activeOnly` keeps active memberships.
 */
export async function getGroupMembers(deps: TDeps, auth: TAuth, groupId: string, activeOnly: boolean): Promise<TGroupMember[]> {
  if (groupId === PSEUDO_GROUP_ID) {
    assertOrgAdmin(auth);
    return (await listOrgRoleUsers(deps.db, auth.orgId)).map((u) => presentOrgRoleUser(auth, u));
  }
  const { group, membership } = await assertCanManageGroup(deps.db, auth, groupId);
  const now = new Date();
  // 002 section 2.2: at coach privacy level 3 or more the counts reflect only shared recordings.
  const onlySharedCounted = coachSeesSharedOnly(group);
  return (await listGroupMembers(deps.db, groupId, { activeOnly, onlySharedCounted })).map((r) => presentMember(auth, membership, r, now));
}

/**
 * A member of the pseudo-group. Org-level roles have no start date or expiry of their own: the
 * account's creation stands in for "since", and the roles never expire.
 */
function presentOrgRoleUser(auth: TAuth, u: typeof users.$inferSelect): TGroupMember {
  const isAdmin = isOrgAdmin(u);
  return {
    userId: u.id,
    name: u.name,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: isAdmin ? ['admin', 'manager'] : ['manager'],
    membershipStatus: 'active',
    membershipStartDate: u.createdAt.toISOString(),
    membershipExpires: null,
    membershipPerpetual: true,
    lastLoginDate: iso(u.lastLoginAt),
    lastRecordingDate: null,
    isOrgAdmin: isAdmin,
    isOrgManager: holdsOrgManagerRole(u),
    expiredRoles: [],
    recordings: 0,
    shared: 0,
    submitted: 0,
    feedback: 0,
    totalDuration: 0,
    abilities: memberAbilities(auth, null, { roles: [], expiredRoles: [], membership: null }),
  };
}

/** DELETE groups/{id}/members: every coach and speaker of the group becomes inactive (org admins). */
export async function deactivateGroupMembers(deps: TDeps, auth: TAuth, groupId: string): Promise<TDeactivateMembersResponse> {
  if (groupId === PSEUDO_GROUP_ID) {
    assertOrgAdmin(auth);
    throw badRequest('Org-level roles are changed per user on the user roles page, not for the whole group');
  }
  await assertCanAdministerGroup(deps.db, auth, groupId);
  return { deactivated: await deactivateGroupMemberships(deps.db, groupId) };
}
