import { PSEUDO_GROUP_ID, type TDeactivateMembersResponse, type TGroupMember } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanAdministerGroup, assertCanManageGroup, isOrgAdmin } from '../../auth/policies.js';
import type { users } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
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
    if (!isOrgAdmin(auth)) throw forbidden();
    return (await listOrgRoleUsers(deps.db, auth.orgId)).map(presentOrgRoleUser);
  }
  const { group } = await assertCanManageGroup(deps.db, auth, groupId);
  const now = new Date();
  // 002 section 2.2: at coach privacy level 3 or more the counts reflect only shared recordings.
  const onlySharedCounted = group.managerPrivacyLevel >= 3;
  return (await listGroupMembers(deps.db, groupId, { activeOnly, onlySharedCounted })).map((r) => presentMember(r, now));
}

/**
 * A member of the pseudo-group. Org-level roles have no start date or expiry of their own: the
 * account's creation stands in for "since", and the roles never expire.
 */
function presentOrgRoleUser(u: typeof users.$inferSelect): TGroupMember {
  const isAdmin = u.orgRoles.includes('admin');
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
    isOrgManager: u.orgRoles.includes('manager'),
    expiredRoles: [],
    recordings: 0,
    shared: 0,
    submitted: 0,
    feedback: 0,
    totalDuration: 0,
  };
}

/** DELETE groups/{id}/members: every coach and speaker of the group becomes inactive (org admins). */
export async function deactivateGroupMembers(deps: TDeps, auth: TAuth, groupId: string): Promise<TDeactivateMembersResponse> {
  if (groupId === PSEUDO_GROUP_ID) {
    if (!isOrgAdmin(auth)) throw forbidden();
    throw badRequest('Org-level roles are changed per user on the user roles page, not for the whole group');
  }
  await assertCanAdministerGroup(deps.db, auth, groupId);
  return { deactivated: await deactivateGroupMemberships(deps.db, groupId) };
}
