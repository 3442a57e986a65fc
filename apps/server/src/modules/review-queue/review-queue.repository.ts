import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { assignments, feedback, groups, memberships, recordings, users } from '../../db/schema.js';
import { membershipHasActiveRoleSql } from '../../auth/membership-active.js';

// The review queue's reads. Both start from the caller's active coach memberships and take the
// recordings of those groups that may wait for them: finished, not deleted, not the caller's own,
// flagged (submitted) or shared with the group (feedbackRequested) in a live assignment, and with no
// feedback (comment or score) of the caller yet. Whether the caller may review each one is then
// decided by recordingAccess and canCommentOn (review-queue.service.ts), never here.

/** Shared with the group in an assignment that is not deleted: the queue's second way in. */
const sharedInAssignment = sql`(${recordings.feedbackRequested} and ${assignments.id} is not null and ${assignments.deletedAt} is null)`;

/**
 * When the recording entered the queue: the earlier of the times each way in turned on (least()
 * skips nulls); the creation time for older rows that lack both.
 */
const waitingSince = sql<Date>`coalesce(least(
  case when ${recordings.submitted} then ${recordings.submittedAt} end,
  case when ${sharedInAssignment} then ${recordings.feedbackRequestedAt} end
), ${recordings.createdAt})`.mapWith(recordings.createdAt);

/**
 * The conditions on the recording; the first three are recordings_review_queue_idx's predicate.
 * `reviewedToo` leaves out "no feedback of the caller yet", to place a recording just reviewed.
 */
function waitingConditions(opts: { reviewedToo?: boolean } = {}): SQL {
  return and(
    isNull(recordings.deletedAt),
    // A literal, not a parameter: the partial index's predicate must follow from the statement's text.
    sql`${recordings.status} = 'done'`,
    or(recordings.submitted, recordings.feedbackRequested),
    eq(recordings.orgId, sql.placeholder('orgId')),
    ne(recordings.userId, sql.placeholder('userId')),
    or(recordings.submitted, sharedInAssignment),
    opts.reviewedToo
      ? undefined
      : sql`not exists (select 1 from ${feedback} where ${feedback.recordingId} = ${recordings.id} and ${feedback.userId} = ${sql.placeholder('userId')})`,
  )!;
}

/** The caller's coach memberships of their organisation's groups. */
const coachMembershipOfCaller = () => and(eq(memberships.userId, sql.placeholder('userId')), membershipHasActiveRoleSql('manager'));
const groupOfMembership = () => and(eq(groups.id, memberships.groupId), eq(groups.orgId, sql.placeholder('orgId')));

const waitingFields = {
  recordingId: recordings.id,
  title: recordings.title,
  duration: recordings.duration,
  userId: recordings.userId,
  orgId: recordings.orgId,
  submitted: recordings.submitted,
  feedbackRequested: recordings.feedbackRequested,
  waitingSince,
  speakerName: users.name,
  group: {
    id: groups.id,
    name: groups.name,
    managerPrivacyLevel: groups.managerPrivacyLevel,
    speakerPrivacyLevel: groups.speakerPrivacyLevel,
  },
  membership: { roles: memberships.roles, status: memberships.status, expiresAt: memberships.expiresAt },
  assignmentId: sql<string | null>`case when ${assignments.deletedAt} is null then ${assignments.id} end`,
  assignmentName: sql<string | null>`case when ${assignments.deletedAt} is null then ${assignments.name} end`,
};

/** The candidates' statement, over the caller's coach memberships; `where` adds to the conditions. */
function waitingQuery(db: TDb, where: SQL) {
  return db
    .select(waitingFields)
    .from(memberships)
    .innerJoin(groups, groupOfMembership())
    .innerJoin(recordings, eq(recordings.groupId, groups.id))
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .where(and(coachMembershipOfCaller(), where));
}

const waitingRows = preparedPerDb((db) =>
  waitingQuery(db, waitingConditions()).orderBy(asc(waitingSince), asc(recordings.id)).prepare('review_queue_rows'),
);

/** Every recording that may wait for the caller, oldest first, with what recordingAccess reads. */
export function listWaitingRecordings(db: TDb, caller: { userId: string; orgId: string }) {
  return waitingRows(db).execute({ userId: caller.userId, orgId: caller.orgId });
}
export type TWaitingRow = Awaited<ReturnType<typeof listWaitingRecordings>>[number];

const oneCandidate = preparedPerDb((db) =>
  waitingQuery(db, and(waitingConditions({ reviewedToo: true }), eq(recordings.id, sql.placeholder('recordingId')))!)
    .limit(1)
    .prepare('review_queue_one'),
);

/**
 * One recording as the queue would list it, reviewed by the caller or not: where a recording the
 * caller just reviewed stood, so `next` can follow it. Undefined when it could never wait for them.
 */
export async function findCandidate(db: TDb, caller: { userId: string; orgId: string }, recordingId: string) {
  const [row] = await oneCandidate(db).execute({ userId: caller.userId, orgId: caller.orgId, recordingId });
  return row;
}

/**
 * The same recordings counted per group and the facts recordingAccess reads of a row (its
 * organisation, submitted, shared): every row is someone else's, so the owner's id only tells
 * the caller apart and one bucket answers for all its rows. One statement, a few rows per group.
 */
const waitingTally = preparedPerDb((db) =>
  db
    .select({
      group: { managerPrivacyLevel: groups.managerPrivacyLevel, speakerPrivacyLevel: groups.speakerPrivacyLevel },
      membership: { roles: memberships.roles, status: memberships.status, expiresAt: memberships.expiresAt },
      userId: sql<string>`(array_agg(${recordings.userId}))[1]`,
      orgId: recordings.orgId,
      submitted: recordings.submitted,
      feedbackRequested: recordings.feedbackRequested,
      n: sql<number>`count(*)::int`,
    })
    .from(memberships)
    .innerJoin(groups, groupOfMembership())
    .innerJoin(recordings, eq(recordings.groupId, groups.id))
    .leftJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .where(and(coachMembershipOfCaller(), waitingConditions()))
    .groupBy(
      groups.id,
      memberships.roles,
      memberships.status,
      memberships.expiresAt,
      recordings.orgId,
      recordings.submitted,
      recordings.feedbackRequested,
    )
    .prepare('review_queue_tally'),
);

export function tallyWaitingRecordings(db: TDb, caller: { userId: string; orgId: string }) {
  return waitingTally(db).execute({ userId: caller.userId, orgId: caller.orgId });
}
