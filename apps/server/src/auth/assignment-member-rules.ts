import { isCoachOf, type TOrgRoleFacts } from './roles.js';
import { feedbackOnAt, peerListVisible, speakersShareAt } from './privacy-rules.js';

// Which member rows and columns of an assignment's member table (002 sections 2.6 and 6) a caller
// sees, and therefore which members the assignment's counts hold for them. Coaches of the group
// (and org admins) see every member; a speaker the assignment is for always sees their own row,
// and their peers as the group's speaker privacy level allows, the same levels as the group's
// shared-recordings list (peerListVisible): every member at levels 1 and 2, at level 3 only those
// who shared a recording in the assignment (and the user count is hidden), none at levels 0 and 4
// (peer sharing off). Which recordings each row holds stays recordingAccess's decision.

type TMembershipFacts = { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined;

export interface TAssignmentMemberView {
  /** coach: the coach variant of the table; speaker: the speaker variant; none: nothing (a 404). */
  variant: 'coach' | 'speaker' | 'none';
  /** Other members' rows: all, those who shared a recording in the assignment, or none. */
  peers: 'all' | 'sharers' | 'none';
  /** The number of members is not shown (the rows are not all of them). */
  userCountHidden: boolean;
  /** The Recordings column (coach only). */
  showRecordingsColumn: boolean;
  /** "Recordings Flagged for Review" (coach), "Shared with Group" (speaker, where speakers share), or neither. */
  flaggedOrSharedColumn: 'flagged' | 'shared' | null;
  /** The Overall Rating column of the recordings sub-table. */
  showOverallRating: boolean;
  /** The Coach Overall Rating of other members' recordings. */
  showCoachRatingOfOthers: boolean;
}

const NONE: TAssignmentMemberView = {
  variant: 'none',
  peers: 'none',
  userCountHidden: true,
  showRecordingsColumn: false,
  flaggedOrSharedColumn: null,
  showOverallRating: false,
  showCoachRatingOfOthers: false,
};

/**
 * The caller's view of an assignment's members. `callerIsMember`: the assignment is for the caller
 * (isAssignmentFor / assignmentForMembershipSql); a speaker of the group it is not for sees nothing.
 */
export function assignmentMemberView(
  a: TOrgRoleFacts,
  group: { speakerPrivacyLevel: number },
  membership: TMembershipFacts,
  callerIsMember: boolean,
  now = new Date(),
): TAssignmentMemberView {
  const level = group.speakerPrivacyLevel;
  const feedbackOn = feedbackOnAt(level);
  if (isCoachOf(a, membership, now)) {
    return {
      variant: 'coach',
      peers: 'all',
      userCountHidden: false,
      showRecordingsColumn: true,
      flaggedOrSharedColumn: 'flagged',
      showOverallRating: feedbackOn,
      showCoachRatingOfOthers: true,
    };
  }
  const peerList = peerListVisible(group, membership ? { ...membership, roles: [...membership.roles] } : null, now);
  if (!callerIsMember || peerList === 'none') return NONE;
  const peers = peerList === 'all-speakers' ? 'all' : peerList === 'sharers' ? 'sharers' : 'none';
  return {
    variant: 'speaker',
    peers,
    userCountHidden: peers !== 'all',
    showRecordingsColumn: false,
    flaggedOrSharedColumn: speakersShareAt(level) ? 'shared' : null,
    showOverallRating: feedbackOn && level !== 4,
    showCoachRatingOfOthers: feedbackOn && level < 2,
  };
}

/** Whether one member's row shows: always the caller's own; others as `view.peers` says. */
export function memberRowVisible(view: TAssignmentMemberView, callerId: string, member: { userId: string; sharedAny: boolean }): boolean {
  if (view.variant === 'none') return false;
  if (member.userId === callerId) return true;
  return view.peers === 'all' || (view.peers === 'sharers' && member.sharedAny);
}

/**
 * The rating columns of one member's recordings sub-table: coaches and the member themself see the
 * Overall Rating (the visible ratings' average); a speaker looking at a peer sees My Rating (the
 * rating they gave). The Coach Overall Rating of others is hidden from speakers at level 2 and up.
 */
export function memberRatingColumns(
  view: TAssignmentMemberView,
  callerId: string,
  memberId: string,
): { ratingColumn: 'average' | 'mine' | null; showCoachRating: boolean } {
  const own = memberId === callerId;
  const ratingColumn = !view.showOverallRating ? null : view.variant === 'speaker' && !own ? 'mine' : 'average';
  return { ratingColumn, showCoachRating: view.variant === 'coach' || own || view.showCoachRatingOfOthers };
}
