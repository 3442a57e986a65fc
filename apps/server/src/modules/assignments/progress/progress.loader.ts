import { isOverdue, type TAssignmentCounts, type TCompletionStatus } from '@rostrum/contract';
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
  listCompletionFactsOf,
  listMembersWithAssignments,
  listRecordingFactsOf,
  listRecordingsOf,
  type TFeedbackFacts,
  type TMemberAssignmentsRow,
  type TMemberCompletionFactsRow,
  type TProgressRecordingFacts,
  type TProgressRecordingRow,
} from './progress.repository.js';

// Progress of many assignments for one caller, in three queries whatever their number: who each
// is for, each member's completion, and what of it the caller may see. The member table
// (GET assignments/{id}/members) and the assignment's counts come from the same computation, so
// the counts are always the sums of the rows the caller sees. Feedback arrives summed per
// recording (TFeedbackFacts) and members one row each: a coach's group of thousands of
// recordings decodes in a few milliseconds.

/** What the loader reads of an assignment. */
export interface TProgressAssignment {
  id: string;
  groupId: string | null;
  isTemplate: boolean;
  deactivated: boolean;
  criteria: Parameters<typeof memberCompletion>[0];
  /** A coach-only scorecard in force (coachOnlyScorecardInForce): hides peers' score sets. */
  coachOnlyScorecard?: boolean;
  /** The due date and whether it is archived: members not completed after it are overdue (isOverdue). */
  dueAt?: Date | null;
  archived?: boolean;
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

export interface TMemberProgress<TRow = TProgressRecordingRow> {
  userId: string;
  name: string;
  firstName: string;
  lastName: string;
  completion: TMemberCompletion;
  /** Not completed after the due date (isOverdue). */
  overdue: boolean;
  /** The member's recordings in the assignment the caller may list, newest first. */
  recordings: TRecordingProgress<TRow>[];
}

export interface TAssignmentProgress<TRow = TProgressRecordingRow> {
  view: TAssignmentMemberView;
  /** Rows the caller sees, by last then first name. */
  members: TMemberProgress<TRow>[];
  /** The caller's own status when the assignment is for them. */
  completionStatus: TCompletionStatus | null;
  counts: TAssignmentCounts;
}

/** The part of the progress the assignment entity carries (its counts and completionStatus). */
export type TAssignmentProgressSummary = Pick<TAssignmentProgress<unknown>, 'counts' | 'completionStatus'>;

/** The counts of an assignment with no members the caller sees (and of templates). */
export const NO_COUNTS: Readonly<TAssignmentCounts> = {
  assignedCount: 0,
  notStartedCount: 0,
  inProgressCount: 0,
  completedCount: 0,
  recordingsCount: 0,
  forReviewCount: 0,
  feedbackCount: 0,
  overdueCount: 0,
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
export function computeAssignmentProgress(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
  viewer: TAuth,
  now = new Date(),
  onlyMember?: string,
): Promise<Map<string, TAssignmentProgress>> {
  return computeWith(db, list, viewer, now, onlyMember, listRecordingsOf);
}

/** The status counts of an assignment: what its state (assignmentMatchesFilter) and the dashboards read. */
export type TStatusCounts = Pick<
  TAssignmentCounts,
  'assignedCount' | 'notStartedCount' | 'inProgressCount' | 'completedCount' | 'overdueCount'
>;
const NO_STATUS_COUNTS: Readonly<TStatusCounts> = {
  assignedCount: 0,
  notStartedCount: 0,
  inProgressCount: 0,
  completedCount: 0,
  overdueCount: 0,
};

/** An assignment's progress without the recordings: each visible member's completion and the status counts. */
export interface TAssignmentStanding {
  view: TAssignmentMemberView;
  members: { userId: string; completion: TMemberCompletion; overdue: boolean }[];
  completionStatus: TCompletionStatus | null;
  counts: TStatusCounts;
}

/** What the standing of assignments is computed from, whoever asks: their members and completion sums. */
export interface TStandingFacts {
  memberRows: TMemberAssignmentsRow[];
  completion: TMemberCompletionFactsRow[];
}

const liveOf = (list: ReadonlyArray<TProgressAssignment>) => list.filter((a) => !a.isTemplate && a.groupId);

/**
 * The facts behind computeAssignmentStanding, which depend on no caller (completion reads every
 * rating and comment whoever may see them): a coach dashboard's group loads them once for all its
 * coaches (getCoachDashboard), each caller's view applied after (standingFor).
 */
export async function loadStandingFacts(db: TDb, list: ReadonlyArray<TProgressAssignment>): Promise<TStandingFacts> {
  const ids = liveOf(list).map((a) => a.id);
  if (!ids.length) return { memberRows: [], completion: [] };
  const [memberRows, completion] = await Promise.all([listMembersWithAssignments(db, ids), listCompletionFactsOf(db, ids)]);
  return { memberRows, completion };
}

/**
 * The statuses and counts the coach dashboard reads, by the same rules as computeAssignmentProgress
 * (the same members, views and completion) but from completion's facts summed per member in
 * PostgreSQL (listCompletionFactsOf): no recording rows, and nothing that depends on which
 * recordings or feedback the caller may see, since the dashboard shows neither.
 */
export async function computeAssignmentStanding(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
  viewer: TAuth,
  now = new Date(),
): Promise<Map<string, TAssignmentStanding>> {
  const groupIds = [...new Set(liveOf(list).map((a) => a.groupId!))];
  const [groupRows, facts] = await Promise.all([
    groupIds.length ? listGroupsWithMembership(db, groupIds, viewer.userId) : [],
    loadStandingFacts(db, list),
  ]);
  return standingFor(list, facts, viewer, groupRows, now);
}

/** computeAssignmentStanding's answer from loaded facts, for a caller with their standing in each group. */
export function standingFor(
  list: ReadonlyArray<TProgressAssignment>,
  facts: TStandingFacts,
  viewer: TAuth,
  groupRows: ReadonlyArray<TGroupStanding>,
  now = new Date(),
): Map<string, TAssignmentStanding> {
  const out = new Map<string, TAssignmentStanding>();
  for (const a of list) out.set(a.id, { view: NO_VIEW, members: [], completionStatus: null, counts: { ...NO_STATUS_COUNTS } });
  const factsOf = completionFactsOf(facts);
  for (const ctx of contextsOf(liveOf(list), groupRows, facts.memberRows, viewer, now)) {
    const standing: TAssignmentStanding = { view: ctx.view, members: [], completionStatus: null, counts: { ...NO_STATUS_COUNTS } };
    out.set(ctx.a.id, standing);
    for (const m of ctx.members) {
      const completion = countMember(standing, ctx, viewer, m.userId, factsOf.get(ctx.a.id)?.get(m.userId) ?? NO_FACTS, now);
      if (completion) standing.members.push({ userId: m.userId, completion, overdue: memberOverdue(ctx.a, completion, now) });
    }
  }
  return out;
}

/** The completion facts by assignment, then member. */
function completionFactsOf(facts: TStandingFacts): Map<string, Map<string, TCompletionFacts>> {
  const factsOf = new Map<string, Map<string, TCompletionFacts>>();
  for (const { assignmentId, userId, bestAverageRating, ...f } of facts.completion) {
    let ofAssignment = factsOf.get(assignmentId);
    if (!ofAssignment) {
      ofAssignment = new Map();
      factsOf.set(assignmentId, ofAssignment);
    }
    // Rounded as the fold rounds each recording's average; rounding keeps the order, so the best is the same.
    ofAssignment.set(userId, { ...f, bestAverageRating: bestAverageRating === null ? null : average(bestAverageRating, 1) });
  }
  return factsOf;
}

/**
 * Every member's completion status of each assignment, with no caller's view applied: what the
 * due-date reminders and the CSV report read, from the facts the dashboards use.
 */
export async function loadMemberStatuses(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
): Promise<Map<string, Map<string, TCompletionStatus>>> {
  const facts = await loadStandingFacts(db, list);
  const factsOf = completionFactsOf(facts);
  const byId = new Map(list.map((a) => [a.id, a]));
  const out = new Map<string, Map<string, TCompletionStatus>>();
  for (const m of facts.memberRows) {
    for (const id of m.assignmentIds.split(',')) {
      const a = byId.get(id);
      if (!a) continue;
      let ofAssignment = out.get(id);
      if (!ofAssignment) {
        ofAssignment = new Map();
        out.set(id, ofAssignment);
      }
      ofAssignment.set(m.userId, memberCompletion(a.criteria, factsOf.get(id)?.get(m.userId) ?? NO_FACTS).status);
    }
  }
  return out;
}

/** A group and the caller's membership in it (null when none). */
type TGroupStanding = Awaited<ReturnType<typeof listGroupsWithMembership>>[number];

/** One assignment the caller may look into: its group, the caller's membership, view and members. */
interface TAssignmentContext extends TGroupStanding {
  a: TProgressAssignment;
  view: TAssignmentMemberView;
  /** The members it is for, by name. */
  members: TMemberAssignmentsRow[];
}

/**
 * The live assignments with the caller's standing in each one's group and the members each is
 * for. Another organisation's assignment shows nothing, whatever the caller's roles.
 */
function contextsOf(
  live: ReadonlyArray<TProgressAssignment>,
  groupRows: ReadonlyArray<TGroupStanding>,
  memberRows: ReadonlyArray<TMemberAssignmentsRow>,
  viewer: TAuth,
  now: Date,
): TAssignmentContext[] {
  const groupsById = new Map(groupRows.map((g) => [g.group.id, g]));
  // Members come by name, so each assignment's list keeps that order.
  const membersByAssignment = new Map<string, TMemberAssignmentsRow[]>();
  for (const m of memberRows) {
    for (const assignmentId of m.assignmentIds.split(',')) {
      const members = membersByAssignment.get(assignmentId);
      if (members) members.push(m);
      else membersByAssignment.set(assignmentId, [m]);
    }
  }
  const contexts: TAssignmentContext[] = [];
  for (const a of live) {
    const g = groupsById.get(a.groupId!);
    if (!g || g.group.orgId !== viewer.orgId) continue;
    const members = membersByAssignment.get(a.id) ?? [];
    const isMember = members.some((m) => m.userId === viewer.userId);
    contexts.push({ a, ...g, members, view: assignmentMemberView(viewer, g.group, g.membership, isMember, now) });
  }
  return contexts;
}

/** A member is overdue on an assignment: the contract's rule (isOverdue) over the loader's facts. */
function memberOverdue(a: TProgressAssignment, completion: TMemberCompletion, now: Date): boolean {
  return isOverdue({ archived: !!a.archived, deleted: false, dueAt: a.dueAt ?? null }, completion.status, now);
}

/**
 * A member's completion from their facts: the caller's own status noted, and counted when the
 * caller's view shows the member's row (null when it does not).
 */
function countMember(
  progress: { completionStatus: TCompletionStatus | null; counts: TStatusCounts },
  ctx: TAssignmentContext,
  viewer: TAuth,
  userId: string,
  facts: TCompletionFacts,
  now: Date,
): TMemberCompletion | null {
  const completion = memberCompletion(ctx.a.criteria, facts);
  if (userId === viewer.userId) progress.completionStatus = completion.status;
  if (!memberRowVisible(ctx.view, viewer.userId, { userId, sharedAny: facts.anyShared })) return null;
  const c = progress.counts;
  c.assignedCount++;
  if (completion.status === 'assigned') c.notStartedCount++;
  else if (completion.status === 'inProgress') c.inProgressCount++;
  else c.completedCount++;
  if (memberOverdue(ctx.a, completion, now)) c.overdueCount++;
  return completion;
}

async function computeWith<TRow extends TProgressRecordingFacts>(
  db: TDb,
  list: ReadonlyArray<TProgressAssignment>,
  viewer: TAuth,
  now: Date,
  onlyMember: string | undefined,
  loadRecordings: (db: TDb, assignmentIds: string[], callerId: string, onlyUserId?: string) => Promise<TRow[]>,
): Promise<Map<string, TAssignmentProgress<TRow>>> {
  const out = new Map<string, TAssignmentProgress<TRow>>();
  for (const a of list) out.set(a.id, { view: NO_VIEW, members: [], completionStatus: null, counts: { ...NO_COUNTS } });
  const live = liveOf(list);
  if (!live.length) return out;
  const ids = live.map((a) => a.id);
  const groupIds = [...new Set(live.map((a) => a.groupId!))];
  const [groupRows, memberRows, recordingRows] = await Promise.all([
    listGroupsWithMembership(db, groupIds, viewer.userId),
    listMembersWithAssignments(db, ids, onlyMember),
    loadRecordings(db, ids, viewer.userId, onlyMember),
  ]);
  const contexts = contextsOf(live, groupRows, memberRows, viewer, now);
  // By assignment, then member: nested maps spare building a key string per recording.
  const recordingsByMember = new Map<string, Map<string, TRow[]>>();
  for (const r of recordingRows) {
    let ofAssignment = recordingsByMember.get(r.assignmentId);
    if (!ofAssignment) {
      ofAssignment = new Map();
      recordingsByMember.set(r.assignmentId, ofAssignment);
    }
    const recs = ofAssignment.get(r.userId);
    if (recs) recs.push(r);
    else ofAssignment.set(r.userId, [r]);
  }

  for (const ctx of contexts) {
    const { a, group, membership, view } = ctx;
    const isCoach = isCoachOf(viewer, membership, now);
    const progress: TAssignmentProgress<TRow> = { view, members: [], completionStatus: null, counts: { ...NO_COUNTS } };
    out.set(a.id, progress);
    const recordingsOf = recordingsByMember.get(a.id);

    for (const m of ctx.members) {
      const recs = recordingsOf?.get(m.userId) ?? [];
      let facts: TCompletionFacts = NO_FACTS;
      const seen: TRecordingProgress<TRow>[] = [];
      for (const r of recs) {
        // Completion reads every rating and comment, whoever may see them.
        facts = addRecordingFacts(facts, {
          overallScore: r.overallScore,
          averageRating: average(
            (r.callerCoachSum ?? 0) + (r.callerPeerSum ?? 0) + (r.otherCoachSum ?? 0) + (r.otherPeerSum ?? 0),
            (r.callerCoachN ?? 0) + (r.callerPeerN ?? 0) + (r.otherCoachN ?? 0) + (r.otherPeerN ?? 0),
          ),
          submitted: r.submitted,
          feedbackRequested: r.feedbackRequested,
          selfComment: !!r.ownerCommented,
        });
        const access = recordingAccess(viewer, r, group, membership, now);
        if (access === 'none') continue;
        seen.push(recordingProgress(r, access, r, viewer.userId, isCoach, group.speakerPrivacyLevel, !!a.coachOnlyScorecard));
      }
      const completion = countMember(progress, ctx, viewer, m.userId, facts, now);
      if (!completion) continue;
      progress.members.push({
        userId: m.userId,
        name: m.name,
        firstName: m.firstName,
        lastName: m.lastName,
        completion,
        overdue: memberOverdue(a, completion, now),
        recordings: seen,
      });
      const c = progress.counts;
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

type TSumKey = Exclude<keyof TFeedbackFacts, 'ownerCommented'>;

/** The four kinds of author TFeedbackFacts sums by, as the visibility rules tell them apart. */
const AUTHORS = [
  { byCaller: true, isManager: true, comments: 'callerCoachComments', sum: 'callerCoachSum', n: 'callerCoachN' },
  { byCaller: true, isManager: false, comments: 'callerPeerComments', sum: 'callerPeerSum', n: 'callerPeerN' },
  { byCaller: false, isManager: true, comments: 'otherCoachComments', sum: 'otherCoachSum', n: 'otherCoachN' },
  { byCaller: false, isManager: false, comments: 'otherPeerComments', sum: 'otherPeerSum', n: 'otherPeerN' },
] as const satisfies ReadonlyArray<{ byCaller: boolean; isManager: boolean; comments: TSumKey; sum: TSumKey; n: TSumKey }>;

/**
 * One recording as the caller may see it: the comments and overall ratings the visibility rules
 * (feedbackVisible, scoreSetVisible) let through. Also My Library's, with access 'owner'.
 */
export function recordingProgress<TRow>(
  row: TRow,
  access: Exclude<TRecordingAccess, 'none'>,
  f: TFeedbackFacts | undefined,
  callerId: string,
  isCoach: boolean,
  speakerLevel: number,
  coachOnly: boolean,
): TRecordingProgress<TRow> {
  let numComments = 0;
  const all = { sum: 0, n: 0 };
  const coach = { sum: 0, n: 0 };
  const mine = { sum: 0, n: 0 };
  for (const who of f ? AUTHORS : []) {
    // The author as the visibility rules know them: the caller or someone else (the owner's
    // feedback is the caller's when the caller owns it, and anyone else's otherwise).
    const comment = { userId: who.byCaller ? callerId : '', isManager: who.isManager, kind: 'comment' };
    if (!feedbackVisible(callerId, access, isCoach, speakerLevel, comment)) continue;
    numComments += f![who.comments] ?? 0;
    if (!scoreSetVisible(coachOnly, callerId, { ...comment, kind: 'score' })) continue;
    const sum = f![who.sum] ?? 0;
    const n = f![who.n] ?? 0;
    all.sum += sum;
    all.n += n;
    if (who.isManager) {
      coach.sum += sum;
      coach.n += n;
    }
    if (who.byCaller) {
      mine.sum += sum;
      mine.n += n;
    }
  }
  const canHear = access === 'owner' || access === 'hear';
  return {
    row,
    access,
    canHear,
    numComments,
    rating: { average: average(all.sum, all.n), count: all.n },
    coachRating: { average: average(coach.sum, coach.n), count: coach.n },
    myRating: mine.n > 0 ? mine.sum / mine.n : null,
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
  // The recordings the caller may hear are counted too: their facts, without what the table shows.
  const full = await computeWith(db, list, viewer, now, undefined, listRecordingFactsOf);
  return new Map([...full].map(([id, p]) => [id, { counts: p.counts, completionStatus: p.completionStatus }]));
}
