import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, type TGroupMemberAbilities } from '@rostrum/contract';
import type { TAuth } from './auth-context.js';
import { isMembershipActiveNow } from './membership-active.js';
import {
  allRatersVisible,
  assignmentAbilities,
  assignmentView,
  coachesInOrg,
  canCommentOn,
  canScore,
  confirmsOwnAdminRemoval,
  emailSectionsFor,
  feedbackVisible,
  groupAbilities,
  groupMedianVisible,
  groupRecordingsVisible,
  isAssignableSpeaker,
  isCoachAndSpeaker,
  memberAbilities,
  peerListVisible,
  recordingAbilities,
  recordingAccess,
  scoreSetVisible,
  toldOfRecording,
  viewerAbilitiesOf,
  wantsEmail,
  type TRecordingAccess,
} from './policies.js';

// The policy matrix (000 section 6, 001 sections 4 and 6, 002 sections 2.5 and 4): each row is
// who the caller is (org roles, membership), the group's privacy levels and the recording's
// sharing, with the answer the spec gives. Pure functions, no database.

const NOW = new Date('2026-01-01T00:00:00Z');
const PAST = new Date('2025-01-01T00:00:00Z');
const ORG = 'org-1';

type TWho = 'owner' | 'coach' | 'expired-coach' | 'speaker' | 'inactive-speaker' | 'org-admin' | 'org-manager' | 'stranger' | 'other-org';

function caller(who: TWho): TAuth {
  const orgRoles = who === 'org-admin' ? ['admin', 'manager'] : who === 'org-manager' ? ['manager'] : [];
  return {
    userId: who === 'owner' ? 'u-owner' : `u-${who}`,
    orgId: who === 'other-org' ? 'org-2' : ORG,
    orgCode: 'o',
    orgRoles,
    keyId: 'k',
  };
}

function membershipOf(who: TWho): { roles: string[]; status: string; expiresAt: Date | null } | null {
  if (who === 'coach') return { roles: ['manager'], status: 'active', expiresAt: null };
  if (who === 'expired-coach') return { roles: ['manager'], status: 'active', expiresAt: PAST };
  if (who === 'speaker') return { roles: ['speaker'], status: 'active', expiresAt: null };
  if (who === 'inactive-speaker') return { roles: ['speaker'], status: 'inactive', expiresAt: null };
  return null;
}

const rec = (shared: { feedbackRequested: boolean; submitted: boolean }) => ({ userId: 'u-owner', orgId: ORG, ...shared });
const NONE = { feedbackRequested: false, submitted: false };
const SHARED = { feedbackRequested: true, submitted: false };
const FLAGGED = { feedbackRequested: false, submitted: true };

describe('recordingAccess (000 section 6)', () => {
  const rows: [TWho, number, number, typeof NONE, TRecordingAccess][] = [
    ['owner', 3, 4, NONE, 'owner'],
    ['other-org', 1, 1, SHARED, 'none'],
    ['coach', 0, 1, SHARED, 'list'],
    ['coach', 1, 1, NONE, 'hear'],
    ['coach', 2, 1, NONE, 'list'],
    ['coach', 2, 1, FLAGGED, 'hear'],
    ['coach', 3, 1, NONE, 'none'],
    ['coach', 3, 1, SHARED, 'hear'],
    ['org-admin', 1, 1, NONE, 'hear'],
    ['org-admin', 3, 1, NONE, 'none'],
    ['expired-coach', 1, 1, SHARED, 'none'],
    ['org-manager', 1, 1, SHARED, 'none'],
    ['speaker', 1, 1, SHARED, 'hear'],
    ['speaker', 1, 3, SHARED, 'hear'],
    ['speaker', 1, 1, FLAGGED, 'none'],
    ['speaker', 1, 0, SHARED, 'none'],
    ['speaker', 1, 4, SHARED, 'none'],
    ['inactive-speaker', 1, 1, SHARED, 'none'],
    ['stranger', 1, 1, SHARED, 'none'],
  ];
  it.each(rows)('%s at coach level %i, speaker level %i, %o: %s', (who, coach, speaker, sharing, access) => {
    expect(
      recordingAccess(caller(who), rec(sharing), { managerPrivacyLevel: coach, speakerPrivacyLevel: speaker }, membershipOf(who), NOW),
    ).toBe(access);
  });
});

describe('recordingAbilities (001 sections 4 and 6, 002 section 4)', () => {
  const F = false;
  const T = true;
  // access, coach level, speaker level, Assignments on, in an assignment, shared with the group ->
  // canHear, canShare, canFlag, canFlagOnResults, canSubmit, canRename, canDelete, canComment, canScore
  const rows: [TRecordingAccess, number, number, boolean, boolean, boolean, boolean[]][] = [
    ['owner', 1, 1, F, F, F, [T, T, T, T, F, T, T, T, F]],
    ['owner', 0, 4, F, F, F, [T, F, F, F, F, T, T, T, F]],
    ['owner', 1, 0, F, F, F, [T, F, T, T, F, T, T, F, F]],
    ['owner', 1, 1, T, F, F, [T, F, F, F, T, T, T, T, F]],
    ['owner', 1, 1, T, T, F, [T, T, T, T, F, T, T, T, F]],
    // 001 section 6: the results page's Flag for Review shows only while the recording is not
    // shared; 002 section 2.5: manage still offers Submit to coach above coach level 1 (canSubmitToCoach).
    ['owner', 1, 1, F, F, T, [T, T, T, F, F, T, T, T, F]],
    ['owner', 1, 1, T, T, T, [T, T, T, F, F, T, T, T, F]],
    ['owner', 0, 2, F, F, T, [T, T, F, F, F, T, T, T, F]],
    ['hear', 1, 1, F, F, F, [T, F, F, F, F, F, F, T, T]],
    ['hear', 1, 0, F, F, F, [T, F, F, F, F, F, F, F, F]],
    ['hear', 1, 1, T, F, F, [T, F, F, F, F, F, F, T, T]],
    ['hear', 1, 1, F, F, T, [T, F, F, F, F, F, F, T, T]],
    ['list', 2, 1, F, F, F, [F, F, F, F, F, F, F, F, F]],
  ];
  it.each(rows)(
    '%s, coach %i, speaker %i, assignments %s, assigned %s, shared %s',
    (access, coach, speaker, on, assigned, shared, want) => {
      const [canHear, canShare, canFlag, canFlagOnResults, canSubmit, canRename, canDelete, canComment, canScoreIt] = want;
      expect(
        recordingAbilities(
          access,
          { managerPrivacyLevel: coach, speakerPrivacyLevel: speaker },
          { Assignments: on },
          { assignmentId: assigned ? 'a-1' : null, feedbackRequested: shared, status: 'done' },
        ),
      ).toEqual({
        canHear,
        canShare,
        canFlag,
        canFlagOnResults,
        // 002 section 2.5: Submit to coach above coach level 1 (every row here is at 0 to 2).
        canSubmitToCoach: canFlag && coach > 1,
        canSubmit,
        canRename,
        canDelete,
        canComment,
        canScore: canScoreIt,
        canExport: canHear,
        canShareLink: false,
      });
    },
  );
});

describe('feedbackVisible, canCommentOn, canScore (000 section 6, 001 section 6)', () => {
  const coachItem = { userId: 'u-coach', isManager: true };
  const peerItem = { userId: 'u-peer', isManager: false };
  // caller, access, caller coaches, speaker level, item -> visible
  const rows: [string, TRecordingAccess, boolean, number, typeof coachItem, boolean][] = [
    ['u-owner', 'owner', false, 0, coachItem, false],
    ['u-owner', 'owner', false, 4, coachItem, true],
    ['u-owner', 'owner', false, 4, peerItem, false],
    ['u-owner', 'owner', false, 3, peerItem, true],
    ['u-coach', 'hear', true, 3, peerItem, true],
    ['u-speaker', 'hear', false, 1, coachItem, true],
    ['u-speaker', 'hear', false, 2, coachItem, false],
    ['u-speaker', 'hear', false, 2, peerItem, true],
    ['u-speaker', 'hear', false, 3, peerItem, false],
    ['u-peer', 'hear', false, 3, peerItem, true],
    ['u-coach', 'list', true, 1, peerItem, false],
  ];
  it.each(rows)('%s with %s access (coach %s) at speaker level %i sees %o: %s', (callerId, access, coach, level, item, visible) => {
    expect(feedbackVisible(callerId, access, coach, level, item)).toBe(visible);
  });

  const abilities: [TRecordingAccess, number | null, boolean, boolean][] = [
    ['owner', 1, true, false],
    ['hear', 1, true, true],
    ['hear', 0, false, false],
    ['hear', null, false, false],
    ['list', 1, false, false],
    ['none', 1, false, false],
  ];
  it.each(abilities)('%s at speaker level %s: comment %s, score %s', (access, level, comment, score) => {
    expect(canCommentOn(access, level)).toBe(comment);
    expect(canScore(access, level)).toBe(score);
  });

  const scorecard: [boolean, string, { kind: string; isManager: boolean; userId: string }, boolean][] = [
    [false, 'u-a', { kind: 'score', isManager: false, userId: 'u-b' }, true],
    [true, 'u-a', { kind: 'score', isManager: false, userId: 'u-b' }, false],
    [true, 'u-a', { kind: 'score', isManager: true, userId: 'u-b' }, true],
    [true, 'u-a', { kind: 'score', isManager: false, userId: 'u-a' }, true],
    [true, 'u-a', { kind: 'comment', isManager: false, userId: 'u-b' }, true],
  ];
  it.each(scorecard)('coach-only %s: %s sees %o: %s', (coachOnly, callerId, f, visible) => {
    expect(scoreSetVisible(coachOnly, callerId, f)).toBe(visible);
  });

  // 001 section 6: coach-only scorecards and speaker privacy level 4 hide peer ratings (the All raters column).
  const allRaters: [boolean, number | null, boolean][] = [
    [false, 1, true],
    [false, 2, true],
    [false, 3, true],
    [false, 4, false],
    [true, 1, false],
    [true, 4, false],
    [false, null, true],
  ];
  it.each(allRaters)('coach-only %s at speaker level %s: All raters column %s', (coachOnly, level, visible) => {
    expect(allRatersVisible(coachOnly, level)).toBe(visible);
  });
});

describe('groupRecordingsVisible (002 section 2.5)', () => {
  const rows: [TWho, number, number, ReturnType<typeof groupRecordingsVisible>][] = [
    ['coach', 1, 1, 'all'],
    ['coach', 3, 1, 'shared-or-submitted'],
    ['org-admin', 2, 1, 'all'],
    ['speaker', 1, 2, 'shared'],
    ['speaker', 1, 4, 'own'],
    ['speaker', 1, 0, 'own'],
    ['stranger', 1, 1, 'none'],
    ['org-manager', 1, 1, 'none'],
  ];
  it.each(rows)('%s at coach level %i, speaker level %i: %s', (who, coach, speaker, visible) => {
    expect(groupRecordingsVisible(caller(who), { managerPrivacyLevel: coach, speakerPrivacyLevel: speaker }, membershipOf(who), NOW)).toBe(
      visible,
    );
  });
});

describe('groupAbilities and memberAbilities (000 sections 2.11 and 4)', () => {
  // caller, pseudo-group -> canCoach, canRecord, canManageMembers, canEdit, canDeactivateAll, canDownloadReport,
  // canSetWordspotting (both settings on), canInviteSpeakers
  const rows: [TWho, boolean, boolean[]][] = [
    ['coach', false, [true, false, true, false, false, true, true, true]],
    ['expired-coach', false, [false, false, false, false, false, false, false, false]],
    ['speaker', false, [false, true, false, false, false, false, false, false]],
    ['inactive-speaker', false, [false, false, false, false, false, false, false, false]],
    ['org-admin', false, [false, false, true, true, true, true, true, true]],
    ['org-admin', true, [false, false, true, false, false, false, false, false]],
    ['org-manager', false, [false, false, false, false, false, false, false, false]],
    ['org-manager', true, [false, false, false, false, false, false, false, false]],
  ];
  it.each(rows)('%s (pseudo-group %s)', (who, isPseudoGroup, want) => {
    const [canCoach, canRecord, canManageMembers, canEdit, canDeactivateAll, canDownloadReport, canSetWordspotting, canInviteSpeakers] =
      want;
    const orgSettings = { Download_Report_Button: true, Custom_Wordspotting_For_Groups: true };
    expect(groupAbilities(caller(who), membershipOf(who), { isPseudoGroup, orgSettings }, NOW)).toEqual({
      canCoach,
      canRecord,
      canManageMembers,
      canEdit,
      canDeactivateAll,
      canDownloadReport,
      canSetWordspotting,
      canInviteSpeakers,
    });
    // Download Report needs the organisation's Download_Report_Button (002 section 2.2), a group's
    // wordspotting list Custom_Wordspotting_For_Groups (section 2.9).
    const off = groupAbilities(caller(who), membershipOf(who), { isPseudoGroup, orgSettings: {} }, NOW);
    expect(off.canDownloadReport).toBe(false);
    expect(off.canSetWordspotting).toBe(false);
  });

  const ACTIVE = { status: 'active', expiresAt: null };
  // caller, the member's membership -> abilities. canAssign: isAssignableSpeaker, an active speaker
  // of a group the caller coaches (the assign step's own rule).
  const members: [TWho, { roles: string[]; status: string; expiresAt: Date | null }, string[], TGroupMemberAbilities][] = [
    ['coach', { roles: ['speaker'], ...ACTIVE }, [], { canReview: true, canChangeRoles: false, canAssign: true }],
    [
      'coach',
      { roles: [], status: 'inactive', expiresAt: PAST },
      ['speaker'],
      { canReview: true, canChangeRoles: false, canAssign: false },
    ],
    [
      'coach',
      { roles: ['speaker'], status: 'active', expiresAt: PAST },
      ['speaker'],
      { canReview: true, canChangeRoles: false, canAssign: false },
    ],
    [
      'coach',
      { roles: ['speaker'], status: 'inactive', expiresAt: null },
      [],
      { canReview: false, canChangeRoles: false, canAssign: false },
    ],
    ['coach', { roles: ['manager'], ...ACTIVE }, [], { canReview: false, canChangeRoles: false, canAssign: false }],
    ['expired-coach', { roles: ['speaker'], ...ACTIVE }, [], { canReview: true, canChangeRoles: false, canAssign: false }],
    ['org-admin', { roles: ['speaker'], ...ACTIVE }, [], { canReview: true, canChangeRoles: true, canAssign: true }],
  ];
  it.each(members)('%s on a member %o, expired %o', (who, membership, expiredRoles, want) => {
    const roles = isMembershipActiveNow(membership, NOW) ? membership.roles : [];
    expect(memberAbilities(caller(who), membershipOf(who), { roles, expiredRoles, membership }, NOW)).toEqual(want);
    expect(isAssignableSpeaker(caller(who), membershipOf(who), membership, NOW)).toBe(want.canAssign);
  });

  it.each([
    [['manager', 'speaker'], true],
    [['manager'], false],
    [['speaker'], false],
  ])('coach and speaker together %o: %s', (roles, refused) => {
    expect(isCoachAndSpeaker(roles)).toBe(refused);
  });

  it.each([
    ['u-org-admin', ['admin', 'manager'], true],
    ['u-org-admin', ['manager'], false],
    ['u-other', ['admin', 'manager'], false],
  ])('removing own admin access is confirmed: target %s with %o: %s', (id, orgRoles, confirms) => {
    expect(confirmsOwnAdminRemoval(caller('org-admin'), { id, orgRoles })).toBe(confirms);
  });
});

describe('viewerAbilitiesOf (000 sections 2.2, 2.3 and 4)', () => {
  const A = 'active' as const;
  const I = 'inactive' as const;
  // org roles, memberships -> canAdministerOrg, canCreateGroups, canCoach, canRecord, canSwitchMode, hasActiveGroups
  const rows: [string[], { roles: string[]; membershipStatus: 'active' | 'inactive' | null }[], boolean[]][] = [
    [[], [], [false, false, false, false, false, false]],
    [[], [{ roles: ['speaker'], membershipStatus: A }], [false, false, false, true, false, true]],
    [[], [{ roles: ['speaker'], membershipStatus: I }], [false, false, false, false, false, false]],
    [[], [{ roles: ['manager'], membershipStatus: A }], [false, false, true, false, false, true]],
    [
      [],
      [
        { roles: ['manager'], membershipStatus: A },
        { roles: ['speaker'], membershipStatus: A },
      ],
      [false, false, true, true, true, true],
    ],
    [['manager'], [{ roles: ['speaker'], membershipStatus: A }], [false, true, true, true, true, true]],
    [['admin', 'manager'], [], [true, true, true, false, false, false]],
  ];
  it.each(rows)('org roles %o, memberships %o', (orgRoles, memberships, want) => {
    const [canAdministerOrg, canCreateGroups, canCoach, canRecord, canSwitchMode, hasActiveGroups] = want;
    expect(viewerAbilitiesOf({ orgRoles }, memberships)).toEqual({
      canAdministerOrg,
      canCreateGroups,
      canCoach,
      canRecord,
      canSwitchMode,
      hasActiveGroups,
      canCustomiseWordspotting: false,
    });
  });
});

describe('toldOfRecording: who hears of a shared, submitted or handed-in recording (same rule as opening it)', () => {
  const rows: [TWho, 'shared' | 'submitted' | 'assignmentCompleted', number, number, typeof NONE, boolean][] = [
    ['speaker', 'shared', 1, 1, SHARED, true],
    ['speaker', 'shared', 1, 3, SHARED, true],
    ['speaker', 'shared', 1, 4, SHARED, false],
    ['speaker', 'shared', 1, 0, SHARED, false],
    ['inactive-speaker', 'shared', 1, 1, SHARED, false],
    ['coach', 'shared', 1, 1, SHARED, false],
    ['owner', 'shared', 1, 1, SHARED, false],
    ['speaker', 'submitted', 1, 1, FLAGGED, false],
    ['coach', 'submitted', 1, 1, FLAGGED, true],
    ['coach', 'submitted', 3, 4, FLAGGED, true],
    ['coach', 'submitted', 0, 1, FLAGGED, false],
    ['expired-coach', 'submitted', 1, 1, FLAGGED, false],
    ['org-admin', 'submitted', 1, 1, FLAGGED, false],
    ['coach', 'assignmentCompleted', 3, 1, NONE, false],
    ['coach', 'assignmentCompleted', 2, 1, FLAGGED, true],
    ['other-org', 'submitted', 1, 1, FLAGGED, false],
  ];
  it.each(rows)('%s, %s at coach level %i, speaker level %i, %o: %s', (who, notice, coach, speaker, sharing, told) => {
    const levels = { managerPrivacyLevel: coach, speakerPrivacyLevel: speaker };
    const m = membershipOf(who) ?? { roles: [], status: 'inactive', expiresAt: null };
    expect(toldOfRecording(notice, caller(who), m, rec(sharing), levels, NOW)).toBe(told);
  });
});

describe('emailSectionsFor and wantsEmail (000 section 2.10, docs/decisions/notifications.md)', () => {
  const coach = { roles: ['manager'], status: 'active', expiresAt: null };
  const expiredCoach = { roles: ['manager'], status: 'active', expiresAt: PAST };
  const speaker = { roles: ['speaker'], status: 'active', expiresAt: null };
  const all = { Email_Notifications_For_Speakers: true, Email_Notifications_For_Managers: true, Assignments: true };
  it('shows the speaker section by the org setting, the coach section only to coaches of a group', () => {
    expect(emailSectionsFor(all, [speaker], NOW)).toEqual({
      speakers: ['feedbackReceivedFrequency', 'recordingProcessedFrequency', 'recordingSharedFrequency', 'assignmentReceivedFrequency'],
      coaches: [],
    });
    expect(emailSectionsFor(all, [coach], NOW).coaches).toEqual(['recordingSubmittedFrequency', 'assignmentCompletedFrequency']);
    expect(emailSectionsFor(all, [expiredCoach], NOW).coaches).toEqual([]);
    expect(emailSectionsFor({ ...all, Assignments: false }, [coach], NOW)).toEqual({
      speakers: ['feedbackReceivedFrequency', 'recordingProcessedFrequency', 'recordingSharedFrequency'],
      coaches: ['recordingSubmittedFrequency'],
    });
    expect(emailSectionsFor({ Email_Notifications_For_Managers: true }, [coach, speaker], NOW).speakers).toEqual([]);
    expect(emailSectionsFor({ Email_Notifications_For_Speakers: true }, [coach], NOW).coaches).toEqual([]);
  });
  it('sends a kind only where the org sends its audience mail and the user left it on', () => {
    const on = { ...DEFAULT_EMAIL_PREFERENCES };
    expect(wantsEmail(all, on, 'recordingSharedFrequency')).toBe(true);
    expect(wantsEmail({ ...all, Email_Notifications_For_Speakers: false }, on, 'recordingSharedFrequency')).toBe(false);
    expect(wantsEmail({ ...all, Email_Notifications_For_Managers: false }, on, 'recordingSubmittedFrequency')).toBe(false);
    expect(wantsEmail({ ...all, Email_Notifications_For_Managers: false }, on, 'recordingProcessedFrequency')).toBe(true);
    expect(wantsEmail({ ...all, Assignments: false }, on, 'assignmentCompletedFrequency')).toBe(false);
    expect(wantsEmail(all, { ...on, recordingProcessedFrequency: '0' }, 'recordingProcessedFrequency')).toBe(false);
  });
});

describe('peerListVisible (000 section 6, 002 section 2.8)', () => {
  // caller, speaker level -> which speakers the shared-recordings list shows
  const rows: [TWho, number, ReturnType<typeof peerListVisible>][] = [
    ['speaker', 0, 'disabled'],
    ['speaker', 1, 'all-speakers'],
    ['speaker', 2, 'all-speakers'],
    ['speaker', 3, 'sharers'],
    ['speaker', 4, 'disabled'],
    ['inactive-speaker', 1, 'none'],
    ['coach', 1, 'none'],
    ['org-admin', 1, 'none'],
    ['stranger', 1, 'none'],
  ];
  it.each(rows)('%s at speaker level %i: %s', (who, level, want) => {
    expect(peerListVisible({ speakerPrivacyLevel: level }, membershipOf(who), NOW)).toBe(want);
  });
});

describe('groupMedianVisible: the group median beside a history (issue 20)', () => {
  const OWNER_SPEAKS = membershipOf('speaker');
  const group = (coach: number, speaker: number, orgId = ORG) => ({ orgId, managerPrivacyLevel: coach, speakerPrivacyLevel: speaker });
  // caller (viewing the owner's history), coach level, speaker level -> shown
  const rows: [TWho, number, number, boolean][] = [
    ['owner', 0, 0, false],
    ['owner', 1, 1, true],
    ['owner', 1, 2, true],
    ['owner', 1, 3, true],
    ['owner', 1, 4, false],
    ['coach', 1, 4, true],
    ['coach', 3, 2, true],
    ['coach', 0, 0, false],
    ['expired-coach', 1, 2, false],
    ['org-admin', 1, 2, true],
    ['org-manager', 1, 2, false],
    ['speaker', 1, 1, false],
    ['stranger', 1, 1, false],
  ];
  it.each(rows)('%s at coach level %i, speaker level %i: %s', (who, coachLevel, speakerLevel, want) => {
    const viewer = who === 'owner' ? OWNER_SPEAKS : membershipOf(who);
    expect(groupMedianVisible(caller(who), 'u-owner', group(coachLevel, speakerLevel), viewer, OWNER_SPEAKS, NOW)).toBe(want);
  });
  it('never for a group of another organisation', () => {
    expect(groupMedianVisible(caller('org-admin'), 'u-owner', group(1, 2, 'org-2'), null, OWNER_SPEAKS, NOW)).toBe(false);
    expect(groupMedianVisible(caller('owner'), 'u-owner', group(1, 2, 'org-2'), OWNER_SPEAKS, OWNER_SPEAKS, NOW)).toBe(false);
  });
  it("never for a group where the history's owner is no active speaker (a coach of another group)", () => {
    expect(groupMedianVisible(caller('coach'), 'u-owner', group(1, 2), membershipOf('coach'), null, NOW)).toBe(false);
    expect(groupMedianVisible(caller('coach'), 'u-owner', group(1, 2), membershipOf('coach'), membershipOf('inactive-speaker'), NOW)).toBe(
      false,
    );
  });
});

describe('assignmentView and assignmentAbilities (002 sections 2.6, 4 and 6)', () => {
  type TKind = 'own-template' | 'shared-template' | 'private-template' | 'global' | 'assigned' | 'archived' | 'deleted' | 'other-org';
  const facts = (kind: TKind) => ({
    orgId: kind === 'global' ? null : kind === 'other-org' ? 'org-2' : ORG,
    ownerId: kind === 'own-template' ? 'u-coach' : 'u-someone',
    isTemplate: kind.endsWith('template') || kind === 'global',
    isGlobal: kind === 'global',
    isShared: kind === 'shared-template',
    archived: kind === 'archived',
    deleted: kind === 'deleted',
  });
  const who = (w: TWho) => ({ ...caller(w), isOrgCoach: w === 'coach' || w === 'org-admin' || w === 'org-manager' });
  const NONE = '-';
  // Abilities as letters: E edit, C criteria, D delete, A archive, Y copy, S assign, T toggle
  // continuous, P toggle shared, R report, M members, U submit.
  const letters = (x: ReturnType<typeof assignmentAbilities>) =>
    (
      [
        ['E', x.canEdit],
        ['C', x.canEditCriteria],
        ['D', x.canDelete],
        ['A', x.canArchive],
        ['Y', x.canCopy],
        ['S', x.canAssign],
        ['T', x.canToggleContinuous],
        ['P', x.canToggleShared],
        ['R', x.canDownloadReport],
        ['M', x.canSeeMembers],
        ['U', x.canSubmit],
      ] as const
    )
      .filter(([, on]) => on)
      .map(([l]) => l)
      .join('') || NONE;
  const rows: [TWho, TKind, boolean, boolean, string, string][] = [
    // who, kind, is for the caller, Download_Report_Button, view, abilities
    ['coach', 'own-template', false, true, 'template', 'ECDYSP'],
    ['coach', 'shared-template', false, true, 'template', 'YS'],
    ['coach', 'private-template', false, true, 'none', NONE],
    ['org-admin', 'shared-template', false, true, 'template', 'ECDYS'],
    ['org-admin', 'private-template', false, true, 'none', NONE],
    ['org-manager', 'shared-template', false, true, 'template', 'YS'],
    ['speaker', 'shared-template', false, true, 'none', NONE],
    ['coach', 'global', false, true, 'template', 'S'],
    ['org-admin', 'global', false, true, 'template', 'S'],
    ['speaker', 'global', false, true, 'none', NONE],
    ['other-org', 'global', false, true, 'none', NONE],
    ['coach', 'assigned', false, true, 'coach', 'EAYTRM'],
    ['coach', 'assigned', false, false, 'coach', 'EAYTM'],
    ['expired-coach', 'assigned', false, true, 'none', NONE],
    ['org-admin', 'assigned', false, true, 'coach', 'EAYTRM'],
    ['org-manager', 'assigned', false, true, 'none', NONE],
    ['coach', 'archived', false, true, 'coach', 'EAYRM'],
    ['coach', 'deleted', false, true, 'none', NONE],
    ['coach', 'other-org', false, true, 'none', NONE],
    ['speaker', 'assigned', true, true, 'speaker', 'U'],
    ['speaker', 'assigned', false, true, 'none', NONE],
    ['speaker', 'archived', true, true, 'speaker', NONE],
    ['speaker', 'deleted', true, true, 'none', NONE],
    ['stranger', 'assigned', false, true, 'none', NONE],
  ];
  it.each(rows)('%s on %s (for them %s, report setting %s): %s %s', (w, kind, isFor, report, view, abilities) => {
    const m = membershipOf(w);
    expect(assignmentView(who(w), facts(kind), m, isFor, NOW)).toBe(view);
    expect(letters(assignmentAbilities(who(w), facts(kind), m, isFor, { Download_Report_Button: report }, NOW))).toBe(abilities);
  });

  it.each([
    [['admin', 'manager'], [], true],
    [['manager'], [], true],
    [[], [{ roles: ['manager'], status: 'active', expiresAt: null }], true],
    [[], [{ roles: ['manager'], status: 'active', expiresAt: PAST }], false],
    [[], [{ roles: ['speaker'], status: 'active', expiresAt: null }], false],
  ] as const)('coachesInOrg: org roles %o, memberships %o: %s', (orgRoles, ms, want) => {
    expect(coachesInOrg({ orgRoles }, ms, NOW)).toBe(want);
  });
});
