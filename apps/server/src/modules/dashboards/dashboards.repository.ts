import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { assignments, feedback, recordings, scorecards } from '../../db/schema.js';

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
export function listRecordingAssignments(db: TDb, assignmentIds: string[]) {
  if (!assignmentIds.length) return Promise.resolve([]);
  return db
    .select({ id: assignments.id, name: assignments.name, criteria: assignments.criteria, scorecard: scorecards })
    .from(assignments)
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(inArray(assignments.id, assignmentIds));
}
