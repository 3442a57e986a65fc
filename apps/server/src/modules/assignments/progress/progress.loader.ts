import type { TAssignmentCounts, TCompletionStatus } from '@rostrum/contract';
import type { TDb } from '../../../db/client.js';
import type { TAuth } from '../../../auth/auth-context.js';
import {
  assignmentMemberView,
  feedbackVisible,
  isCoachOf,
  memberRowVisible,
  recordingAccess,
  scoreSetVisible,
  type TAssignmentMemberView,
  type TRecordingAccess,
} from '../../../auth/policies.js';
import { addRecordingFacts, memberCompletion, NO_FACTS, type TCompletionFacts, type TMemberCompletion } from './completion.js';
import {
  listGroupsWithMembership,
  listMembersOf,
  listRecordingsOf,
  tallyFeedbackOf,
  type TFeedbackTally,
  type TProgressRecordingRow,
} from './progress.repository.js';

// Progress of many assignments for one caller, in four queries whatever their number: who each
// is for, each member's completion, and what of it the caller may see. The member table
// (GET assignments/{id}/members) and the assignment's counts come from the same computation, so
// the counts are always the sums of the rows the caller sees.

/** What the loader reads of an assignment. */
export interface TProgressAssignment {
  id: string;
  groupId: string | null;
  isTemplate: boolean;
  deactivated: boolean;
  criteria: Parameters<typeof memberCompletion>[0];
  /** A coach-only scorecard in force (coachOnlyScorecardInForce): hides peers' score sets. */
  coachOnlyScorecard?: boolean;
}

export interface TRatingAverage {
  average: number | null;
  count: number;
}

/** One recording in a member's row, as the caller may see it. */
export interface TRecordingProgress<TRow = TProgressRecordingRow> {
  row: TRow;
  access: Exclude<TRecordingAccess, 'none'>;
  canHear: boolean;
  /** Comments the caller may see. */
  numComments: number;
  /** Overall ratings the caller may see: all of them, and the coaches'. */
  rating: TRatingAverage;
  coachRating: TRatingAverage;
  /** The caller's own overall rating of it. */
  myRating: number | null;
}

export interface TMemberProgress {
  userId: string;
  name: string;
  firstName: string;
  lastName: string;
  completion: TMemberCompletion;
  /** The member's recordings in the assignment the caller may list, newest first. */
  recordings: TRecordingProgress[];
}

export interface TAssignmentProgress {
  view: TAssignmentMemberView;
  /** Rows the caller sees, by last then first name. */
  members: TMemberProgress[];
  /** The caller's own status when the assignment is for them. */
  completionStatus: TCompletionStatus | null;
  counts: TAssignmentCounts;
}

/** The part of the progress the assignment entity carries (its counts and completionStatus). */
export type TAssignmentProgressSummary = Pick<TAssignmentProgress, 'counts' | 'completionStatus'>;

/** The counts of an assignment with no members the caller sees (and of templates). */
export const NO_COUNTS: Readonly<TAssignmentCounts> = {
  assignedCount: 0,
  notStartedCount: 0,
  inProgressCount: 0,
  completedCount: 0,
  recordingsCount: 0,
  forReviewCount: 0,
  feedbackCount: 0,
};

const NO_VIEW = assignmentMemberView({ orgRoles: [] }, { speakerPrivacyLevel: 0 }, null, false);

/** Rows by a key, in their order. */
export function groupBy<T>(rows: ReadonlyArray<T>, key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

export function average(sum: number, n: number): number | null {
  return n === 0 ? null : Math.round((sum / n) * 100) / 100;
}

/**
 * Everything about the assignments' progress the caller may see, by assignment id. `onlyMember`
 * computes one member's rows alone (a coach's member row expanded, a speaker's own cards): the
 * other members are not loaded, so `members` and `counts` hold that member only.
 */
export async function computeAssignmentProgress(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
  viewer: TAuth,
  now = new Date(),
  onlyMember?: string,
): Promise<Map<string, TAssignmentProgress>> {
  const out = new Map<string, TAssignmentProgress>();
  const live = list.filter((a) => !a.isTemplate && a.groupId);
  for (const a of list) out.set(a.id, { view: NO_VIEW, members: [], completionStatus: null, counts: { ...NO_COUNTS } });
  if (!live.length) return out;
  const ids = live.map((a) => a.id);
  const groupIds = [...new Set(live.map((a) => a.groupId!))];
  const [groupRows, memberRows, recordingRows, tallies] = await Promise.all([
    listGroupsWithMembership(db, groupIds, viewer.userId),
    listMembersOf(db, ids, onlyMember),
    listRecordingsOf(db, ids, onlyMember),
    tallyFeedbackOf(db, ids, viewer.userId, onlyMember),
  ]);
  const groupsById = new Map(groupRows.map((g) => [g.group.id, g]));
  const talliesByRecording = groupBy(tallies, (t) => t.recordingId);
  const recordingsByMember = groupBy(recordingRows, (r) => `${r.assignmentId}:${r.userId}`);
  const membersByAssignment = groupBy(memberRows, (m) => m.assignmentId);

  for (const a of live) {
    const g = groupsById.get(a.groupId!);
    // Another organisation's assignment shows nothing, whatever the caller's roles.
    if (!g || g.group.orgId !== viewer.orgId) continue;
    const { group, membership } = g;
    const members = membersByAssignment.get(a.id) ?? [];
    const view = assignmentMemberView(
      viewer,
      group,
      membership,
      members.some((m) => m.userId === viewer.userId),
      now,
    );
    const isCoach = isCoachOf(viewer, membership, now);
    const progress: TAssignmentProgress = { view, members: [], completionStatus: null, counts: { ...NO_COUNTS } };
    out.set(a.id, progress);

    for (const m of members) {
      const recs = recordingsByMember.get(`${a.id}:${m.userId}`) ?? [];
      let facts: TCompletionFacts = NO_FACTS;
      const seen: TRecordingProgress[] = [];
      for (const r of recs) {
        const ts = talliesByRecording.get(r.id) ?? [];
        // Completion reads every rating and comment, whoever may see them.
        let ratingSum = 0;
        let ratingN = 0;
        for (const t of ts) {
          if (t.kind === 'score') {
            ratingSum += t.overallSum;
            ratingN += t.overallN;
          }
        }
        facts = addRecordingFacts(facts, {
          overallScore: r.overallScore,
          averageRating: average(ratingSum, ratingN),
          submitted: r.submitted,
          feedbackRequested: r.feedbackRequested,
          selfComment: ts.some((t) => t.kind === 'comment' && t.byOwner && t.n > 0),
        });
        const access = recordingAccess(viewer, r, group, membership, now);
        if (access === 'none') continue;
        seen.push(recordingProgress(r, access, ts, viewer.userId, isCoach, group.speakerPrivacyLevel, !!a.coachOnlyScorecard));
      }
      const completion = memberCompletion(a.criteria, facts);
      if (m.userId === viewer.userId) progress.completionStatus = completion.status;
      if (!memberRowVisible(view, viewer.userId, { userId: m.userId, sharedAny: facts.anyShared })) continue;
      progress.members.push({ userId: m.userId, name: m.name, firstName: m.firstName, lastName: m.lastName, completion, recordings: seen });
      const c = progress.counts;
      c.assignedCount++;
      if (completion.status === 'assigned') c.notStartedCount++;
      else if (completion.status === 'inProgress') c.inProgressCount++;
      else c.completedCount++;
      for (const s of seen) {
        if (!s.canHear) continue;
        c.recordingsCount++;
        if (s.row.submitted) c.forReviewCount++;
        c.feedbackCount += s.numComments;
      }
    }
  }
  return out;
}

/**
 * One recording as the caller may see it: the comments and overall ratings the visibility rules
 * (feedbackVisible, scoreSetVisible) let through. Also My Library's, with access 'owner'.
 */
export function recordingProgress<TRow extends Pick<TProgressRecordingRow, 'userId'>>(
  row: TRow,
  access: Exclude<TRecordingAccess, 'none'>,
  tallies: TFeedbackTally[],
  callerId: string,
  isCoach: boolean,
  speakerLevel: number,
  coachOnly: boolean,
): TRecordingProgress<TRow> {
  let numComments = 0;
  const all = { sum: 0, n: 0 };
  const coach = { sum: 0, n: 0 };
  let myRating: number | null = null;
  for (const t of tallies) {
    // The author as the visibility rules know them: the caller, the owner or someone else.
    const item = { userId: t.byCaller ? callerId : t.byOwner ? row.userId : '', isManager: t.isManager, kind: t.kind };
    if (!feedbackVisible(callerId, access, isCoach, speakerLevel, item)) continue;
    if (t.kind === 'comment') {
      numComments += t.n;
      continue;
    }
    if (!scoreSetVisible(coachOnly, callerId, item)) continue;
    all.sum += t.overallSum;
    all.n += t.overallN;
    if (t.isManager) {
      coach.sum += t.overallSum;
      coach.n += t.overallN;
    }
    if (t.byCaller && t.overallN > 0) myRating = t.overallSum / t.overallN;
  }
  const canHear = access === 'owner' || access === 'hear';
  return {
    row,
    access,
    canHear,
    numComments,
    rating: { average: average(all.sum, all.n), count: all.n },
    coachRating: { average: average(coach.sum, coach.n), count: coach.n },
    myRating,
  };
}

/**
 * The counts and the caller's own status for each assignment (the assignment entity's counts and
 * completionStatus): members the caller may see, and among their recordings those the caller may
 * hear. Templates have none.
 */
export async function loadAssignmentProgress(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
  viewer: TAuth,
  now = new Date(),
): Promise<Map<string, TAssignmentProgressSummary>> {
  const full = await computeAssignmentProgress(db, list, viewer, now);
  return new Map([...full].map(([id, p]) => [id, { counts: p.counts, completionStatus: p.completionStatus }]));
}
