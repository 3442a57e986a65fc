import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { inIdList, preparedPerDb } from '../../db/prepared.js';
import { assignments, feedback, memberships, recordings, scorecards } from '../../db/schema.js';
import { assignmentForMembershipSql } from '../../auth/assignment-targets.js';

// The dashboards' own reads; each answers for any number of rows in one statement.

/**
 * Comments on a group's live recordings, per owner and per the facts the visibility rules read
 * (submitted, shared; written by a coach, by the owner, or by someone else). The coach dashboard
 * passes each bucket through recordingAccess and feedbackVisible.
 */
export function tallyGroupComments(db: TDb, groupId: string) {
  return db
    .select({
      userId: recordings.userId,
      orgId: recordings.orgId,
      submitted: recordings.submitted,
      feedbackRequested: recordings.feedbackRequested,
      byManager: sql<number>`count(*) filter (where ${feedback.isManager})::int`,
      byOwner: sql<number>`count(*) filter (where not ${feedback.isManager} and ${feedback.userId} = ${recordings.userId})::int`,
      byOthers: sql<number>`count(*) filter (where not ${feedback.isManager} and ${feedback.userId} <> ${recordings.userId})::int`,
    })
    .from(feedback)
    .innerJoin(recordings, eq(recordings.id, feedback.recordingId))
    .where(and(eq(recordings.groupId, groupId), isNull(recordings.deletedAt), eq(feedback.kind, 'comment')))
    .groupBy(recordings.userId, recordings.orgId, recordings.submitted, recordings.feedbackRequested);
}
export type TGroupCommentTally = Awaited<ReturnType<typeof tallyGroupComments>>[number];

/** The assignments the caller's recordings are in: their names and whether a coach-only scorecard is in force. */
const recordingAssignmentsOf = preparedPerDb((db) =>
  db
    .select({ id: assignments.id, name: assignments.name, criteria: assignments.criteria, scorecard: scorecards })
    .from(assignments)
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(inIdList(assignments.id, 'assignmentIds'))
    .prepare('recording_assignments'),
);

export function listRecordingAssignments(db: TDb, assignmentIds: string[]) {
  if (!assignmentIds.length) return Promise.resolve([]);
  return recordingAssignmentsOf(db).execute({ assignmentIds });
}

/**
 * Recordings shared with the group (feedbackRequested) in the assignments by members other than
 * the caller whom the assignment is for (assignmentForMembershipSql, as the member table's rows),
 * counted per assignment and the facts recordingAccess reads. Every row is of peers, never the
 * caller's own, and the rules read a peer's id only to tell the caller apart (recordingAccess
 * 'owner', memberRowVisible's own row): so one row per assignment, organisation and submitted,
 * named by one of its peers, answers as each peer's would, in a few dozen rows instead of one per
 * peer (thousands in a large group).
 */
export function tallyPeerSharedRecordings(db: TDb, assignmentIds: string[], callerId: string) {
  if (!assignmentIds.length) return Promise.resolve([]);
  // Not prepared: PostgreSQL's generic plan for it was slower than planning it each time.
  return db
    .select({
      assignmentId: assignments.id,
      userId: sql<string>`(array_agg(${recordings.userId}))[1]`,
      orgId: recordings.orgId,
      submitted: recordings.submitted,
      n: sql<number>`count(*)::int`,
    })
    .from(recordings)
    .innerJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .innerJoin(memberships, and(eq(memberships.userId, recordings.userId), assignmentForMembershipSql()))
    .where(
      and(
        inArray(recordings.assignmentId, assignmentIds),
        ne(recordings.userId, callerId),
        eq(recordings.feedbackRequested, true),
        isNull(recordings.deletedAt),
        ne(recordings.status, 'failed'),
      ),
    )
    .groupBy(assignments.id, recordings.orgId, recordings.submitted);
}
