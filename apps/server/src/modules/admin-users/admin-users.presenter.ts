import {
  grantedFreeYears,
  hasPerpetualFreeDuration,
  isPerpetualExpiry,
  PSEUDO_GROUP_ID,
  pseudoGroupName,
  type TAdminUser,
  type TAdminUserGroup,
  type TAdminUserRoles,
} from '@rostrum/contract';
import type { TGroupRow, TMembershipRow } from '../memberships/index.js';
import type { TOrgRow } from '../org/index.js';
import { membershipRoles } from '../groups/index.js';
import type { TUserRow } from './admin-users.repository.js';
import type { TAuth } from '../../auth/auth-context.js';
import { canDeleteUser } from '../account-deletion/index.js';
import { canGrantSpeakerRole, confirmsOwnAdminRemoval, hasActiveRole, holdsOrgManagerRole, isOrgAdmin } from '../../auth/policies.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A row of the Manage Users tab (000 section 4): active when any membership is active or the
 * user holds org-level roles; 'coach/admin' when any active role is manager or admin.
 */
export function presentAdminUser(
  u: TUserRow,
  rows: ReadonlyArray<{ membership: TMembershipRow; group: TGroupRow }>,
  orgType: string,
  caller: Pick<TAuth, 'userId' | 'orgRoles'>,
  now = new Date(),
): TAdminUser {
  const active = rows
    .map((r) => ({ group: r.group, membership: r.membership, ...membershipRoles(r.membership, now) }))
    .filter((r) => r.active && r.roles.length > 0);
  const orgRoles = u.orgRoles.filter((r): r is 'admin' | 'manager' => r === 'admin' || r === 'manager');
  const activeGroups: TAdminUser['activeGroups'] = [
    ...(orgRoles.length ? [{ groupId: PSEUDO_GROUP_ID, name: pseudoGroupName(orgType), isPseudoGroup: true, roles: orgRoles }] : []),
    ...active.map((r) => ({ groupId: r.group.id, name: r.group.name, isPseudoGroup: false, roles: r.roles })),
  ];
  const coach = orgRoles.length > 0 || active.some((r) => hasActiveRole(r.membership, 'manager', now));
  return {
    userId: u.id,
    name: u.name,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: activeGroups.length > 0 ? 'active' : 'inactive',
    membershipType: coach ? 'coach/admin' : 'speaker',
    isOrgAdmin: isOrgAdmin(u),
    isOrgManager: holdsOrgManagerRole(u),
    activeGroups,
    abilities: { canDelete: canDeleteUser(caller, u.id) },
  };
}

/**
 * Perpetual: no expiry shown (000 section 9), either because the expiry is 15+ years away or
 * because the free duration that granted it counts as perpetual (a 15-year grant ends 15
 * calendar years after the grant, so a moment later it is less than 15 years away).
 */
function presentUserGroup(group: TGroupRow, m: TMembershipRow | null, org: TOrgRow, now: Date): TAdminUserGroup {
  const r = m ? membershipRoles(m, now) : null;
  const perpetualGrant = hasPerpetualFreeDuration({ years: grantedFreeYears(group.settings, org.settings) });
  return {
    groupId: group.id,
    name: group.name,
    freeDuration: group.settings.freeDuration ?? null,
    membershipStatus: m ? (r!.active ? 'active' : 'inactive') : null,
    roles: r?.roles ?? [],
    expiredRoles: r?.expiredRoles ?? [],
    membershipStartDate: iso(m?.startDate),
    membershipExpires: iso(m?.expiresAt),
    membershipPerpetual: m ? isPerpetualExpiry(iso(m.expiresAt), now) || (r!.active && perpetualGrant) : false,
    granted: { manager: hasActiveRole(m, 'manager', now), speaker: hasActiveRole(m, 'speaker', now) },
    abilities: {
      canGrantSpeaker: canGrantSpeakerRole(
        { roles: r?.roles ?? [], expiredRoles: r?.expiredRoles ?? [] },
        { freeDuration: group.settings.freeDuration ?? null },
        { freeDuration: org.settings.freeDuration ?? null, billingModel: org.billingModel },
      ),
    },
  };
}

/** What the roles page needs: the user, every group with the user's membership, and the org facts. */
export function presentUserRoles(
  caller: Pick<TAuth, 'userId'>,
  u: TUserRow,
  org: TOrgRow,
  rows: ReadonlyArray<{ group: TGroupRow; membership: TMembershipRow | null }>,
  now = new Date(),
): TAdminUserRoles {
  return {
    user: {
      userId: u.id,
      name: u.name,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      isOrgAdmin: isOrgAdmin(u),
      isOrgManager: holdsOrgManagerRole(u),
      orgAccess: { manager: holdsOrgManagerRole(u), admin: isOrgAdmin(u) },
      abilities: { confirmsOwnAdminRemoval: confirmsOwnAdminRemoval(caller, u) },
    },
    org: {
      type: org.type,
      billingModel: org.billingModel === 1 ? 1 : 0,
      freeDuration: org.settings.freeDuration ?? null,
      hasPerpetualFreeDuration: hasPerpetualFreeDuration(org.settings.freeDuration),
    },
    groups: rows.map((r) => presentUserGroup(r.group, r.membership, org, now)),
  };
}
