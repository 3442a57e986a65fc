import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../../db/client.js';
import { assignments, feedback, groups, memberships, recordings, users } from '../../../db/schema.js';
import { assignmentForMembershipSql } from '../../../auth/assignment-targets.js';

// The facts behind assignment progress, a few queries for any number of assignments: the
// caller's standing in each group, each assignment's members, their recordings in it and a
// tally of the feedback on those recordings.

/** The groups and the caller's membership in each (null when none). */
export function listGroupsWithMembership(db: TDb, groupIds: string[], userId: string) {
  return db
    .select({ group: groups, membership: memberships })
    .from(groups)
    .leftJoin(memberships, and(eq(memberships.groupId, groups.id), eq(memberships.userId, userId)))
    .where(inArray(groups.id, groupIds));
}

/** The members each assignment is for (assignmentForMembershipSql), by last then first name. */
export function listMembersOf(db: TDb, assignmentIds: string[]) {
  return db
    .select({
      assignmentId: assignments.id,
      userId: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(assignments)
    .innerJoin(memberships, assignmentForMembershipSql())
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(assignments.id, assignmentIds))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Live recordings of the assignments (not deleted, not failed), newest first; results are left out. */
export function listRecordingsOf(db: TDb, assignmentIds: string[]) {
  return db
    .select({
      id: recordings.id,
      assignmentId: recordings.assignmentId,
      userId: recordings.userId,
      orgId: recordings.orgId,
      groupId: recordings.groupId,
      title: recordings.title,
      createdAt: recordings.createdAt,
      duration: recordings.duration,
      status: recordings.status,
      isVideo: recordings.isVideo,
      playbackPath: recordings.playbackPath,
      overallScore: recordings.overallScore,
      submitted: recordings.submitted,
      feedbackRequested: recordings.feedbackRequested,
    })
    .from(recordings)
    .where(and(inArray(recordings.assignmentId, assignmentIds), isNull(recordings.deletedAt), ne(recordings.status, 'failed')))
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
}
export type TProgressRecordingRow = Awaited<ReturnType<typeof listRecordingsOf>>[number];

/**
 * Feedback on the assignments' recordings, tallied per recording by kind, coach or not, and
 * whether the caller or the recording's owner wrote it: enough for every visibility rule
 * (feedbackVisible, scoreSetVisible) and for completion, without the rows themselves.
 */
export function tallyFeedbackOf(db: TDb, assignmentIds: string[], callerId: string) {
  return tallyFeedback(db, inArray(recordings.assignmentId, assignmentIds), callerId);
}

/** The same tally over every live recording of one owner (My Library, the speaker dashboard). */
export function tallyFeedbackOfOwner(db: TDb, ownerId: string, callerId: string) {
  return tallyFeedback(db, eq(recordings.userId, ownerId), callerId);
}

function tallyFeedback(db: TDb, scope: SQL, callerId: string) {
  const byCaller = sql<boolean>`(${feedback.userId} = ${callerId})`;
  const byOwner = sql<boolean>`(${feedback.userId} = ${recordings.userId})`;
  return (
    db
      .select({
        recordingId: feedback.recordingId,
        kind: feedback.kind,
        isManager: feedback.isManager,
        byCaller,
        byOwner,
        n: count(),
        overallSum: sql<number>`coalesce(sum(${feedback.scoreOverall}), 0)::float8`,
        overallN: count(feedback.scoreOverall),
      })
      .from(feedback)
      .innerJoin(recordings, eq(recordings.id, feedback.recordingId))
      .where(and(scope, isNull(recordings.deletedAt), ne(recordings.status, 'failed')))
      // By position: the caller's id is a parameter, and a repeated parameter is another expression to Postgres.
      .groupBy(sql`1, 2, 3, 4, 5`)
  );
}
export type TFeedbackTally = Awaited<ReturnType<typeof tallyFeedbackOf>>[number];
