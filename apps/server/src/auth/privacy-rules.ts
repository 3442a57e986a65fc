import type { TRecordingAbilities } from '@rostrum/contract';
import type { TAuth } from './auth-context.js';
import { hasActiveRole } from './membership-active.js';
import { isCoachOf } from './roles.js';

// The privacy-level rules (000 section 6): who may have how much of a recording, who sees which
// feedback, which lists show whom. Pure functions; where one must also run in SQL, its SQL form
// is named beside it. Other modules reach them through policies.ts.

/** Speakers of a group share recordings with it (feedbackRequested) at speaker privacy levels 1 to 3 (000 section 6). */
export function speakersShareAt(speakerPrivacyLevel: number): boolean {
  return speakerPrivacyLevel >= 1 && speakerPrivacyLevel <= 3;
}

/** Coaches see only shared or submitted recordings at coach privacy level 3 and above (000 section 6, 002 section 2.2). */
export function coachSeesSharedOnly(group: { managerPrivacyLevel: number }): boolean {
  return group.managerPrivacyLevel >= 3;
}

/** Feedback (comments and scores) is on above speaker privacy level 0 (001 section 6). */
export function feedbackOnAt(speakerPrivacyLevel: number | null): boolean {
  return speakerPrivacyLevel !== null && speakerPrivacyLevel > 0;
}

/**
 * How much of a recording the caller may have (000 section 6):
 * 'owner' everything; 'hear' media and results; 'list' title and state only; 'none' is a 404.
 * Coaches of the group and org admins follow the group's coach privacy level; other speakers
 * of the group hear only recordings shared with it, at speaker levels 1 to 3.
 */
export type TRecordingAccess = 'owner' | 'hear' | 'list' | 'none';

export function recordingAccess(
  a: Pick<TAuth, 'userId' | 'orgId' | 'orgRoles'>,
  rec: { userId: string; orgId: string; feedbackRequested: boolean; submitted: boolean },
  group: { managerPrivacyLevel: number; speakerPrivacyLevel: number } | null,
  membership: { roles: string[]; status: string; expiresAt: Date | null } | null,
  now = new Date(),
): TRecordingAccess {
  if (rec.orgId !== a.orgId) return 'none';
  if (rec.userId === a.userId) return 'owner';
  if (!group) return 'none';
  const shared = rec.feedbackRequested || rec.submitted;
  if (isCoachOf(a, membership, now)) {
    switch (group.managerPrivacyLevel) {
      case 0:
        return 'list';
      case 1:
        return 'hear';
      case 2:
        return shared ? 'hear' : 'list';
      default:
        return shared ? 'hear' : 'none';
    }
  }
  if (hasActiveRole(membership, 'speaker', now) && speakersShareAt(group.speakerPrivacyLevel)) {
    return rec.feedbackRequested ? 'hear' : 'none';
  }
  return 'none';
}

/**
 * Whether the caller sees one feedback item (000 section 6, 001 section 6). `access` is the
 * caller's access to the recording; feedback is off at speaker privacy level 0.
 */
export function feedbackVisible(
  callerId: string,
  access: TRecordingAccess,
  callerIsCoach: boolean,
  speakerPrivacyLevel: number,
  item: { userId: string | null; isManager: boolean },
): boolean {
  if (speakerPrivacyLevel === 0 || access === 'none' || access === 'list') return false;
  if (item.userId === callerId) return true;
  if (access === 'owner') return item.isManager || speakerPrivacyLevel !== 4;
  if (callerIsCoach) return true;
  // A peer who may hear a shared recording.
  if (speakerPrivacyLevel === 1) return true;
  if (speakerPrivacyLevel === 2) return !item.isManager;
  return false;
}

/** May comment: whoever may hear the recording (its owner too), where feedback is on. */
export function canCommentOn(access: TRecordingAccess, speakerPrivacyLevel: number | null): boolean {
  return feedbackOnAt(speakerPrivacyLevel) && (access === 'owner' || access === 'hear');
}

/** May score: anyone but the owner who may hear it. */
export function canScore(access: TRecordingAccess, speakerPrivacyLevel: number | null): boolean {
  return feedbackOnAt(speakerPrivacyLevel) && access === 'hear';
}

/**
 * Which recordings of a group its list shows the caller (002 section 2.5): coaches and org admins
 * all of them, or only shared or submitted ones at coach level 3 and above; its speakers the
 * shared ones where speakers share, else their own; anyone else none (a 404). Each row is still
 * filtered by recordingAccess. The repository's listGroupRecordings is its SQL form.
 */
export type TGroupRecordingsVisible = 'all' | 'shared-or-submitted' | 'shared' | 'own' | 'none';

export function groupRecordingsVisible(
  a: TAuth,
  group: { managerPrivacyLevel: number; speakerPrivacyLevel: number },
  membership: { roles: string[]; status: string; expiresAt: Date | null } | null,
  now = new Date(),
): TGroupRecordingsVisible {
  if (isCoachOf(a, membership, now)) return coachSeesSharedOnly(group) ? 'shared-or-submitted' : 'all';
  if (hasActiveRole(membership, 'speaker', now)) return speakersShareAt(group.speakerPrivacyLevel) ? 'shared' : 'own';
  return 'none';
}

/**
 * Which of a group's speakers its shared-recordings list (002 section 2.8) shows one of its
 * speakers (000 section 6): at speaker levels 1 and 2 every speaker, at 3 only those who shared;
 * at 0 and 4 peer sharing is off ('disabled'). Anyone but an active speaker of the group: 'none'.
 * Each recording in it is still filtered by recordingAccess.
 */
export type TPeerListVisible = 'all-speakers' | 'sharers' | 'disabled' | 'none';

export function peerListVisible(
  group: { speakerPrivacyLevel: number },
  membership: { roles: string[]; status: string; expiresAt: Date | null } | null,
  now = new Date(),
): TPeerListVisible {
  if (!hasActiveRole(membership, 'speaker', now)) return 'none';
  if (!speakersShareAt(group.speakerPrivacyLevel)) return 'disabled';
  return group.speakerPrivacyLevel === 3 ? 'sharers' : 'all-speakers';
}

/**
 * The group median on the history page (issue 20, docs/decisions/feedback-and-history.md "Progress on the history
 * page"): whether the caller may see the median of `group` beside the history of `targetUserId`,
 * who must be an active speaker of it. The speaker themself: where the group's speakers share
 * with each other (speakersShareAt: levels 1 to 3; 0 and 4 are "sharing disabled", 000 section 6).
 * A coach of the group or an org admin: where coaches see scores at all (coach level above 0).
 * Anyone else, and a group of another organisation: never. The median itself still needs
 * GROUP_MEDIAN_MIN_SPEAKERS other speakers (the history group-medians service).
 */
export function groupMedianVisible(
  a: Pick<TAuth, 'userId' | 'orgId' | 'orgRoles'>,
  targetUserId: string,
  group: { orgId: string; managerPrivacyLevel: number; speakerPrivacyLevel: number },
  viewerMembership: { roles: string[]; status: string; expiresAt: Date | null } | null,
  targetMembership: { roles: string[]; status: string; expiresAt: Date | null } | null,
  now = new Date(),
): boolean {
  if (group.orgId !== a.orgId || !hasActiveRole(targetMembership, 'speaker', now)) return false;
  if (targetUserId === a.userId) return speakersShareAt(group.speakerPrivacyLevel);
  return isCoachOf(a, viewerMembership, now) && group.managerPrivacyLevel > 0;
}

/** What the caller may do with one recording (the contract's ZRecordingAbilitiesSchema); GET and the lists return it, PUT recordings/{id} enforces it. */
export type { TRecordingAbilities };

/**
 * What a group's privacy levels allow its speakers' recordings (the intake offers these for a
 * recording not yet created): sharing with the group (feedbackRequested) at speaker levels 1 to 3,
 * flagging for coach review (submitted) at coach levels above 0 (000 section 6, 001 sections 2 and 6).
 * No group, no sharing.
 */
export function groupSharingAbilities(group: { managerPrivacyLevel: number | null; speakerPrivacyLevel: number | null } | null): {
  canShare: boolean;
  canFlag: boolean;
} {
  const speaker = group?.speakerPrivacyLevel ?? 0;
  const coach = group?.managerPrivacyLevel ?? 0;
  return { canShare: speakersShareAt(speaker), canFlag: coach > 0 };
}

/**
 * The manage page's Submit to coach (002 section 2.5): "offered when managerPrivacyLevel is above
 * 1". The results page's Flag for Review and flagging itself need only above 0 (001 section 6),
 * so at level 1 only the results page offers it.
 */
export function submitToCoachOffered(group: { managerPrivacyLevel: number | null } | null): boolean {
  return (group?.managerPrivacyLevel ?? 0) > 1;
}

/** Exports (issue 20): whoever may hear the recording (as its results page), once it has results. */
export function mayExport(access: TRecordingAccess, status: string): boolean {
  return (access === 'owner' || access === 'hear') && status === 'done';
}

/**
 * Public share links (issue 20): only the recording's owner, only where the organisation allows
 * them (Public_Share_Links, off by default), and only for a recording with results to show.
 */
export function mayShareLink(access: TRecordingAccess, orgSettings: { Public_Share_Links?: boolean | null }, status: string): boolean {
  return access === 'owner' && !!orgSettings.Public_Share_Links && status === 'done';
}

/**
 * The caller's abilities on a recording, from their access (recordingAccess) and the group's levels:
 * only the owner shares, flags, renames and deletes it; with the org setting Assignments on a
 * recording is private until it is in an assignment (002 section 4), so it is shared or flagged
 * only then; with it on, the owner moves a recording without one into an assignment (001 section 4,
 * addRecording enforces the assignment's side). The results page offers Flag for Review only while
 * the recording is not shared with the group (001 section 6, canFlagOnResults); the manage page
 * offers Submit to coach on shared ones too but only above coach level 1 (002 section 2.5,
 * canSubmitToCoach); flagging itself stays canFlag.
 * Commenting and scoring follow canCommentOn and canScore.
 */
export function recordingAbilities(
  access: TRecordingAccess,
  group: { managerPrivacyLevel: number | null; speakerPrivacyLevel: number | null } | null,
  orgSettings: { Assignments?: boolean | null; Public_Share_Links?: boolean | null },
  rec: { assignmentId: string | null; feedbackRequested: boolean; status: string },
): TRecordingAbilities {
  const owner = access === 'owner';
  const levels = groupSharingAbilities(group);
  const assignmentAllows = !orgSettings.Assignments || rec.assignmentId !== null;
  const speakerLevel = group?.speakerPrivacyLevel ?? null;
  return {
    canHear: owner || access === 'hear',
    canShare: owner && levels.canShare && assignmentAllows,
    canFlag: owner && levels.canFlag && assignmentAllows,
    canFlagOnResults: owner && levels.canFlag && assignmentAllows && !rec.feedbackRequested,
    canSubmitToCoach: owner && submitToCoachOffered(group) && assignmentAllows,
    canSubmit: owner && !!orgSettings.Assignments && rec.assignmentId === null,
    canRename: owner,
    canDelete: owner,
    canComment: canCommentOn(access, speakerLevel),
    canScore: canScore(access, speakerLevel),
    canExport: mayExport(access, rec.status),
    canShareLink: mayShareLink(access, orgSettings, rec.status),
  };
}

/**
 * The Zoom import (Upload ZOOM tab, zoom calls): the organisation's Zoom_Integration setting is
 * on, the server has Zoom keys, and the caller records (an active speaker membership).
 */
export function mayImportZoom(settings: { Zoom_Integration?: boolean }, zoomConfigured: boolean, isActiveSpeaker: boolean): boolean {
  return zoomConfigured && !!settings.Zoom_Integration && isActiveSpeaker;
}
