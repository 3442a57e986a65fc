import type { TGroup, TGroupMember } from '@rostrum/contract';
import { membershipAccess, membershipIsPerpetual, type TGroupRow, type TMembershipRow } from '../memberships/index.js';
import type { users } from '../../db/schema.js';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import {
  groupAbilities,
  groupSharingAbilities,
  holdsOrgManagerRole,
  isOrgAdmin,
  memberAbilities,
  type TOrgRoleFacts,
} from '../../auth/policies.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Roles shown for a membership (empty while inactive) and the roles it lost when it expired. */
export function membershipRoles(m: TMembershipRow, now = new Date()) {
  const active = isMembershipActiveNow(m, now);
  const roles = (active ? m.roles : []) as ('manager' | 'speaker')[];
  const expiredRoles = (m.expiredRoles.length ? m.expiredRoles : !active && m.expiresAt ? m.roles : []) as ('manager' | 'speaker')[];
  return { active, roles, expiredRoles };
}

export function inviteLinkFor(publicUrl: string, inviteCode: string | null): string | null {
  return inviteCode ? `${publicUrl}/sign-up?code=${encodeURIComponent(inviteCode)}` : null;
}

/**
 * A group as the caller sees it, with the caller's abilities on it and their access through it;
 * `org` is the organisation's settings (its free duration stands in for a group without one).
 */
export function presentGroup(
  publicUrl: string,
  g: TGroupRow,
  m: TMembershipRow | null,
  caller: TOrgRoleFacts,
  org: { freeDuration?: { years: number } | null; Download_Report_Button?: boolean },
  now = new Date(),
): TGroup {
  const r = m ? membershipRoles(m, now) : null;
  return {
    groupId: g.id,
    name: g.name,
    inviteCode: g.inviteCode,
    inviteLink: inviteLinkFor(publicUrl, g.inviteCode),
    createdDate: g.createdAt.toISOString(),
    membershipStatus: m ? (r!.active ? 'active' : 'inactive') : null,
    membershipExpires: iso(m?.expiresAt),
    membershipPerpetual: membershipIsPerpetual(m, now),
    membershipAccess: membershipAccess(m, g, org, now),
    roles: r?.roles ?? [],
    settings: { freeDuration: g.settings.freeDuration ?? null },
    managerPrivacyLevel: g.managerPrivacyLevel as TGroup['managerPrivacyLevel'],
    speakerPrivacyLevel: g.speakerPrivacyLevel as TGroup['speakerPrivacyLevel'],
    recordingAbilities: groupSharingAbilities(g),
    abilities: groupAbilities(caller, m, { isPseudoGroup: false, orgSettings: org }, now),
  };
}

/** A member of a group the caller manages; `callerMembership` is the caller's own membership of it. */
export function presentMember(
  caller: TOrgRoleFacts,
  callerMembership: TMembershipRow | null,
  row: {
    user: typeof users.$inferSelect;
    membership: TMembershipRow;
    recordings: number;
    shared: number;
    submitted: number;
    totalDuration: number;
    lastRecordingDate: Date | string | null;
  },
  now = new Date(),
): TGroupMember {
  const { user: u, membership: m } = row;
  const r = membershipRoles(m, now);
  const roles: TGroupMember['roles'] = [...r.roles];
  if (isOrgAdmin(u)) roles.push('admin');
  return {
    userId: u.id,
    name: u.name,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles,
    membershipStatus: r.active ? 'active' : 'inactive',
    membershipStartDate: m.startDate.toISOString(),
    membershipExpires: iso(m.expiresAt),
    membershipPerpetual: membershipIsPerpetual(m, now),
    lastLoginDate: iso(u.lastLoginAt),
    lastRecordingDate: iso(row.lastRecordingDate),
    isOrgAdmin: isOrgAdmin(u),
    isOrgManager: holdsOrgManagerRole(u),
    expiredRoles: r.expiredRoles,
    recordings: row.recordings,
    shared: row.shared,
    submitted: row.submitted,
    // Feedback arrives with the results issue; until then no recording has any.
    feedback: 0,
    totalDuration: row.totalDuration,
    abilities: memberAbilities(caller, callerMembership, { roles: r.roles, expiredRoles: r.expiredRoles, membership: m }, now),
  };
}
