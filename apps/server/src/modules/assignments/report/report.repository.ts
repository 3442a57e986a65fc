import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { TDb } from '../../../db/client.js';
import { assignments, assignments as assignmentsTable, memberships, recordings, scorecardResponses, users } from '../../../db/schema.js';
import { assignmentForMembershipSql } from '../../../auth/assignment-targets.js';

// The reports' reads: recordings with their speakers, the members an assignment is for, and
// the score sets' scorecard answers. Which rows a caller gets is decided by the service.

const speaker = { userId: users.id, firstName: users.firstName, lastName: users.lastName, name: users.name };

/** Live recordings (not deleted, not failed, not still uploading), with their speaker and assignment name. */
function recordingsWhere(where: ReturnType<typeof eq>) {
  return and(where, isNull(recordings.deletedAt), notInArray(recordings.status, ['failed', 'uploading']));
}

export function listAssignmentRecordings(db: TDb, assignmentId: string) {
  return db
    .select({ r: recordings, speaker, assignmentName: assignments.name })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .where(recordingsWhere(eq(recordings.assignmentId, assignmentId)))
    .orderBy(asc(recordings.createdAt));
}

export function listGroupRecordingsForReport(db: TDb, groupId: string) {
  return db
    .select({ r: recordings, speaker, assignmentName: assignments.name })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(assignments, and(eq(assignments.id, recordings.assignmentId), isNull(assignments.deletedAt)))
    .where(recordingsWhere(eq(recordings.groupId, groupId)))
    .orderBy(asc(recordings.createdAt));
}

/** The members an assignment is for (assignment-targets' rule), for the rows of those without recordings. */
export function listAssignmentMembers(db: TDb, assignmentId: string) {
  return db
    .select(speaker)
    .from(memberships)
    .innerJoin(assignmentsTable, eq(assignmentsTable.id, assignmentId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(assignmentForMembershipSql(memberships));
}

/** Every rater's scorecard answers on these recordings. */
export function listScorecardAnswersFor(db: TDb, recordingIds: string[]) {
  if (!recordingIds.length) return Promise.resolve([]);
  return db.select().from(scorecardResponses).where(inArray(scorecardResponses.recordingId, recordingIds));
}
