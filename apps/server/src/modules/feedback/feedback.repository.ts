import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { assignments, feedback, organisations, recordings, scorecardResponses, scorecards, users } from '../../db/schema.js';
import { coachOnlyScorecardInForceSql } from '../../auth/scorecard-rules.js';
import { FORMER_MEMBER_NAME } from '@rostrum/contract';

export type TFeedbackRow = typeof feedback.$inferSelect;

/** The author's name; an author whose account was deleted is shown as "Former member" (issue 42 item 8). */
const authorName = sql<string>`coalesce(${users.name}, ${FORMER_MEMBER_NAME})`;

const feedbackOfRecording = preparedPerDb((db) =>
  db
    .select({ f: feedback, name: authorName })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.recordingId, sql.placeholder('recordingId')))
    .orderBy(asc(feedback.createdAt))
    .prepare('feedback_of_recording'),
);

/** One recording's feedback with its authors' names, oldest first (a results page's, prepared). */
export function listRecordingFeedbackWithAuthors(db: TDb, recordingId: string) {
  return feedbackOfRecording(db).execute({ recordingId });
}

/** Feedback on the given recordings with each author's name, oldest first. */
export function listFeedbackWithAuthors(db: TDb, recordingIds: string[]) {
  return db
    .select({ f: feedback, name: authorName })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(inArray(feedback.recordingId, recordingIds))
    .orderBy(asc(feedback.createdAt));
}

/** Every rater's answers to this scorecard on the recording. */
export function listScorecardAnswers(db: TDb, recordingId: string, scorecardId: string) {
  return db
    .select()
    .from(scorecardResponses)
    .where(and(eq(scorecardResponses.recordingId, recordingId), eq(scorecardResponses.scorecardId, scorecardId)));
}

/** The user's name, or null for no such user. */
export async function findAuthor(db: TDb, userId: string): Promise<{ name: string } | null> {
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return author ?? null;
}

/** Saves the feedback; null when it conflicts (a second score set by the same rater). */
export async function insertFeedback(db: TDb, values: typeof feedback.$inferInsert): Promise<TFeedbackRow | null> {
  const [saved] = await db.insert(feedback).values(values).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function findFeedback(db: TDb, feedbackId: string): Promise<TFeedbackRow | null> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, feedbackId));
  return row ?? null;
}

export async function updateFeedbackComment(db: TDb, feedbackId: string, comment: string, at: Date): Promise<TFeedbackRow> {
  const [saved] = await db.update(feedback).set({ comment, updatedAt: at }).where(eq(feedback.id, feedbackId)).returning();
  return saved!;
}

export async function deleteFeedbackRow(db: TDb, feedbackId: string): Promise<void> {
  await db.delete(feedback).where(eq(feedback.id, feedbackId));
}

/** Deletes the rater's scorecard answers on the recording. */
export async function deleteScorecardAnswersOf(db: TDb, recordingId: string, userId: string): Promise<void> {
  await db.delete(scorecardResponses).where(and(eq(scorecardResponses.recordingId, recordingId), eq(scorecardResponses.userId, userId)));
}

/** The group's recordings in the organisation that are not deleted. */
export function listLiveGroupRecordings(db: TDb, groupId: string, orgId: string) {
  return db
    .select()
    .from(recordings)
    .where(and(eq(recordings.groupId, groupId), eq(recordings.orgId, orgId), isNull(recordings.deletedAt)));
}

/** Which of these assignments have a coach-only scorecard in force (coachOnlyScorecardInForceSql). */
export async function assignmentsWithCoachOnlyScorecard(db: TDb, assignmentIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ assignmentId: scorecards.assignmentId })
    .from(scorecards)
    .innerJoin(assignments, eq(assignments.id, scorecards.assignmentId))
    .where(and(inArray(scorecards.assignmentId, assignmentIds), coachOnlyScorecardInForceSql()));
  return new Set(rows.map((c) => c.assignmentId));
}

/** The user with their organisation's settings, or null: what the feedback email needs. */
export async function findUserWithOrgSettings(db: TDb, userId: string) {
  const [owner] = await db
    .select({ user: users, settings: organisations.settings })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  return owner ?? null;
}
