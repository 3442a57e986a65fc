import {
  isSpeaker,
  mayCustomiseWordspotting,
  maySetGroupWordspotting,
  speakerRoleGrantable,
  type TAssignmentAbilities,
  type TOrgSettings,
  viewerAbilities,
  type TGroupAbilities,
  type TGroupMemberAbilities,
  type TViewerAbilities,
} from '@rostrum/contract';
import type { TAuth } from './auth-context.js';
import { hasActiveRole } from './membership-active.js';
import { hasCoachRole, holdsOrgManagerRole, isActiveSpeakerIn, isCoachOf, isOrgAdmin, type TOrgRoleFacts } from './roles.js';
import { mayDownloadReport } from './report-rules.js';
import { isAssignableSpeaker } from './assignment-targets.js';

// The abilities objects every response the web renders carries: what the caller may do with a
// group, a member, an assignment and the app as a whole. The web renders them and derives none.

type TCaller = TOrgRoleFacts;
type TMembershipFacts = { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined;

/**
 * The caller on a group (assertCanManageGroup and assertCanAdministerGroup enforce the same):
 * active coaches and org admins manage its members; org admins edit it and deactivate its
 * members; the pseudo-group of org-level roles is neither edited nor deactivated as a whole.
 * Download Report (the group's CSV) follows mayDownloadReport with the organisation's settings, and
 * the group's wordspotting list maySetGroupWordspotting (as the wordspotting calls decide).
 */
export function groupAbilities(
  a: TCaller,
  m: TMembershipFacts,
  group: { isPseudoGroup: boolean; orgSettings?: Pick<TOrgSettings, 'Download_Report_Button' | 'Custom_Wordspotting_For_Groups'> },
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
    canSetWordspotting: !group.isPseudoGroup && maySetGroupWordspotting(group.orgSettings ?? {}, isCoachOf(a, m, now)),
    canInviteSpeakers: !group.isPseudoGroup && isCoachOf(a, m, now),
  };
}

/**
 * The caller on one member of a group they manage: a coach reviews the recordings and history of
 * its speakers, current or expired (assertCanViewHistoryOf), and assigns assignments to its
 * active speakers (isAssignableSpeaker, as assignTemplate checks); org admins change anyone's roles.
 * `callerMembership` is the caller's own membership of the group, `membership` the member's.
 */
export function memberAbilities(
  a: TCaller,
  callerMembership: TMembershipFacts,
  member: { roles: ReadonlyArray<string>; expiredRoles: ReadonlyArray<string>; membership: TMembershipFacts },
  now = new Date(),
): TGroupMemberAbilities {
  const speaker = member.roles.includes('speaker') || member.expiredRoles.includes('speaker');
  return {
    canReview: speaker,
    canChangeRoles: isOrgAdmin(a),
    canAssign: isAssignableSpeaker(a, callerMembership, member.membership, now),
  };
}

/** The signed-in user's abilities (GET me), from their org-level roles and group memberships. */
export function viewerAbilitiesOf(
  a: TCaller,
  memberships: ReadonlyArray<{ roles: ReadonlyArray<string>; membershipStatus: 'active' | 'inactive' | null }>,
  orgSettings: TOrgSettings = {},
): TViewerAbilities {
  const facts = {
    memberships: memberships.map((m) => ({ roles: m.roles, membershipStatus: m.membershipStatus ?? 'inactive' })),
    isOrgAdmin: isOrgAdmin(a),
    isOrgManager: holdsOrgManagerRole(a),
  };
  const active = facts.memberships.filter((m) => m.membershipStatus === 'active');
  const customises = mayCustomiseWordspotting(orgSettings, {
    isOrgAdmin: facts.isOrgAdmin,
    coachesAnyGroup: facts.isOrgAdmin || active.some((m) => hasCoachRole(m.roles)),
    isSpeaker: isSpeaker(facts),
  });
  return viewerAbilities(facts, customises);
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

/**
 * How the caller sees an assignment (002 sections 2.6 and 6): 'coach' (its group's coaches and
 * org admins), 'speaker' (a member it is for, isAssignmentFor), 'template' (a template the caller
 * may use: their own, a shared one of their organisation when they coach, a global one when they
 * coach anywhere) or 'none' (a 404). Deleted assignments are seen by nobody.
 */
export type TAssignmentView = 'coach' | 'speaker' | 'template' | 'none';

export interface TAssignmentFacts {
  orgId: string | null;
  ownerId: string | null;
  isTemplate: boolean;
  isGlobal: boolean;
  isShared: boolean;
  archived: boolean;
  deleted: boolean;
}

export interface TAssignmentCaller extends TOrgRoleFacts {
  userId: string;
  orgId: string;
  /** Coaches in the organisation (coachesInOrg). */
  isOrgCoach: boolean;
}

export function assignmentView(
  a: TAssignmentCaller,
  facts: TAssignmentFacts,
  m: TMembershipFacts,
  isFor: boolean,
  now = new Date(),
): TAssignmentView {
  if (facts.deleted) return 'none';
  if (facts.isGlobal) return a.isOrgCoach ? 'template' : 'none';
  if (facts.orgId !== a.orgId) return 'none';
  if (facts.isTemplate) return facts.ownerId === a.userId || (facts.isShared && a.isOrgCoach) ? 'template' : 'none';
  if (isCoachOf(a, m, now)) return 'coach';
  return isFor ? 'speaker' : 'none';
}

const NO_ASSIGNMENT_ABILITIES: TAssignmentAbilities = {
  canEdit: false,
  canEditCriteria: false,
  canDelete: false,
  canArchive: false,
  canCopy: false,
  canAssign: false,
  canToggleContinuous: false,
  canToggleShared: false,
  canDownloadReport: false,
  canSeeMembers: false,
  canSubmit: false,
};

/**
 * What the caller may do with an assignment, from one set of facts (002 sections 2.6, 4 and 6).
 * Global templates are read-only: only Assign This. Templates: the owner and org admins edit and
 * delete them, any coach who sees one copies and assigns it, only the owner makes it public or
 * private. Assigned assignments: their group's coaches edit the description and attachments,
 * archive, copy and toggle continuous status (while not archived), see the members and download
 * the report with the org setting; a member it is for submits while it is open (not archived).
 */
export function assignmentAbilities(
  a: TAssignmentCaller,
  facts: TAssignmentFacts,
  m: TMembershipFacts,
  isFor: boolean,
  orgSettings: Pick<TOrgSettings, 'Download_Report_Button'>,
  now = new Date(),
): TAssignmentAbilities {
  const view = assignmentView(a, facts, m, isFor, now);
  if (view === 'none') return NO_ASSIGNMENT_ABILITIES;
  if (facts.isGlobal) return { ...NO_ASSIGNMENT_ABILITIES, canAssign: a.isOrgCoach };
  if (facts.isTemplate) {
    const owner = facts.ownerId === a.userId;
    const editor = owner || isOrgAdmin(a);
    return {
      ...NO_ASSIGNMENT_ABILITIES,
      canEdit: editor,
      canEditCriteria: editor,
      canDelete: editor,
      canCopy: a.isOrgCoach,
      canAssign: a.isOrgCoach,
      canToggleShared: owner,
    };
  }
  const coach = view === 'coach';
  const open = !facts.archived && !facts.deleted;
  return {
    ...NO_ASSIGNMENT_ABILITIES,
    canEdit: coach,
    canArchive: coach,
    canCopy: coach,
    canToggleContinuous: coach && open,
    canDownloadReport: coach && mayDownloadReport(a, m, orgSettings, now),
    canSeeMembers: coach,
    canSubmit: isFor && open,
  };
}
