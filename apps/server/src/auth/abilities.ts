import {
  speakerRoleGrantable,
  type TOrgSettings,
  viewerAbilities,
  type TGroupAbilities,
  type TGroupMemberAbilities,
  type TViewerAbilities,
} from '@rostrum/contract';
import type { TAuth } from './auth-context.js';
import { hasActiveRole } from './membership-active.js';
import { holdsOrgManagerRole, isActiveSpeakerIn, isCoachOf, isOrgAdmin, type TOrgRoleFacts } from './roles.js';
import { mayDownloadReport } from './report-rules.js';

// The abilities objects every response the web renders carries: what the caller may do with a
// group, a member, an assignment and the app as a whole. The web renders them and derives none.

type TCaller = TOrgRoleFacts;
type TMembershipFacts = { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined;

/**
 * The caller on a group (assertCanManageGroup and assertCanAdministerGroup enforce the same):
 * active coaches and org admins manage its members; org admins edit it and deactivate its
 * members; the pseudo-group of org-level roles is neither edited nor deactivated as a whole.
 * Download Report (the group's CSV) follows mayDownloadReport with the organisation's settings.
 */
export function groupAbilities(
  a: TCaller,
  m: TMembershipFacts,
  group: { isPseudoGroup: boolean; orgSettings?: Pick<TOrgSettings, 'Download_Report_Button'> },
  now = new Date(),
): TGroupAbilities {
  const admin = isOrgAdmin(a);
  return {
    canCoach: hasActiveRole(m, 'manager', now),
    canRecord: isActiveSpeakerIn(m, now),
    canManageMembers: group.isPseudoGroup ? admin : isCoachOf(a, m, now),
    canEdit: admin && !group.isPseudoGroup,
    canDeactivateAll: admin && !group.isPseudoGroup,
    canDownloadReport: !group.isPseudoGroup && mayDownloadReport(a, m, group.orgSettings ?? {}, now),
  };
}

/**
 * The caller on one member of a group they manage: a coach reviews the recordings and history of
 * its speakers, current or expired (assertCanViewHistoryOf); org admins change anyone's roles.
 */
export function memberAbilities(
  a: TCaller,
  member: { roles: ReadonlyArray<string>; expiredRoles: ReadonlyArray<string> },
): TGroupMemberAbilities {
  const speaker = member.roles.includes('speaker') || member.expiredRoles.includes('speaker');
  return { canReview: speaker, canChangeRoles: isOrgAdmin(a) };
}

/** The signed-in user's abilities (GET me), from their org-level roles and group memberships. */
export function viewerAbilitiesOf(
  a: TCaller,
  memberships: ReadonlyArray<{ roles: ReadonlyArray<string>; membershipStatus: 'active' | 'inactive' | null }>,
): TViewerAbilities {
  return viewerAbilities({
    memberships: memberships.map((m) => ({ roles: m.roles, membershipStatus: m.membershipStatus ?? 'inactive' })),
    isOrgAdmin: isOrgAdmin(a),
    isOrgManager: holdsOrgManagerRole(a),
  });
}

/** Removing one's own admin access is confirmed first: the caller edits themself and is an org admin. */
export function confirmsOwnAdminRemoval(a: Pick<TAuth, 'userId'>, target: { id: string; orgRoles: ReadonlyArray<string> }): boolean {
  return target.id === a.userId && isOrgAdmin(target);
}

/**
 * A speaker role on the roles page (000 section 7): one the user holds may always be kept or put
 * back; a new one needs a free duration and, under billing model 0, no expired roles.
 */
export function canGrantSpeakerRole(
  current: { roles: ReadonlyArray<string>; expiredRoles: ReadonlyArray<string> },
  group: { freeDuration: { years: number } | null },
  org: { freeDuration: { years: number } | null; billingModel: number },
): boolean {
  return (
    current.roles.includes('speaker') || speakerRoleGrantable({ freeDuration: group.freeDuration, expiredRoles: current.expiredRoles }, org)
  );
}

/** Move to Assignment (001 section 4): into an open assignment of a group the caller speaks in. */
export function assignmentAbilities(m: TMembershipFacts, assignment: { open: boolean }, now = new Date()): { canSubmit: boolean } {
  return { canSubmit: assignment.open && isActiveSpeakerIn(m, now) };
}
