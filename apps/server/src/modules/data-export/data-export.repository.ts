import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import {
  assignments,
  dataExports,
  feedback,
  groups,
  memberships,
  organisations,
  recordings,
  scorecardResponses,
  scorecards,
  users,
} from '../../db/schema.js';

// The rows of data exports, and the reads that gather one person's data for the zip. Every read
// here is keyed by the person's own id: nothing of another person is selected but the names of
// those who wrote feedback on their recordings (as their results page shows them).

export type TDataExportRow = typeof dataExports.$inferSelect;

const RUNNING = sql`${dataExports.state} in ('queued', 'building')`;

/** The person's latest export (by request time), or null. */
export async function findLatestExport(db: TDb, userId: string): Promise<TDataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ?? null;
}

/** The queued or building export of the person, or null. */
export async function findRunningExport(db: TDb, userId: string): Promise<TDataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), RUNNING))
    .limit(1);
  return row ?? null;
}

/** One export of this person; null for an unknown id or another person's. */
export async function findOwnExport(db: TDb, userId: string, exportId: string): Promise<TDataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  return row ?? null;
}

export async function findExport(db: TDb, exportId: string): Promise<TDataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  return row ?? null;
}

/** A new queued export; null when one is already running (the partial unique index). */
export async function insertQueuedExport(db: TDb, userId: string): Promise<TDataExportRow | null> {
  const [row] = await db.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateExport(
  db: TDb,
  exportId: string,
  set: Partial<typeof dataExports.$inferInsert>,
): Promise<TDataExportRow | null> {
  const [row] = await db.update(dataExports).set(set).where(eq(dataExports.id, exportId)).returning();
  return row ?? null;
}

/** The states of these exports, by id (ids with no row are absent). */
export async function statesOfExports(db: TDb, ids: string[]): Promise<Map<string, TDataExportRow['state']>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: dataExports.id, state: dataExports.state }).from(dataExports).where(inArray(dataExports.id, ids));
  return new Map(rows.map((r) => [r.id, r.state]));
}

/** Ready exports whose download time has passed (the expiry job). */
export function listExpiredReadyExports(db: TDb, now: Date) {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lt(dataExports.expiresAt, now)));
}

// ---- What goes into the zip.

export async function findPersonWithOrg(db: TDb, userId: string) {
  const [row] = await db
    .select({ u: users, orgName: organisations.name, orgType: organisations.type })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export function listOwnMemberships(db: TDb, userId: string) {
  return db
    .select({ m: memberships, groupName: groups.name })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(groups.name));
}

/** The person's own recordings that are not deleted, with their group's privacy level, assignment and scorecard. */
export function listOwnRecordingsForExport(db: TDb, userId: string) {
  return db
    .select({
      r: recordings,
      groupName: groups.name,
      speakerPrivacyLevel: groups.speakerPrivacyLevel,
      assignmentName: assignments.name,
      coachOnlyScorecard: scorecards.coachOnly,
    })
    .from(recordings)
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, recordings.assignmentId))
    .where(and(eq(recordings.userId, userId), isNull(recordings.deletedAt)))
    .orderBy(asc(recordings.createdAt));
}

/** Feedback the person wrote, on any recording (theirs or others'), with the recording's title. */
export function listFeedbackWrittenBy(db: TDb, userId: string) {
  return db
    .select({ f: feedback, recordingTitle: recordings.title })
    .from(feedback)
    .innerJoin(recordings, eq(recordings.id, feedback.recordingId))
    .where(and(eq(feedback.userId, userId), isNull(recordings.deletedAt)))
    .orderBy(asc(feedback.createdAt));
}

/** Feedback others wrote on these recordings (the person's own), with the author's name (null: account deleted). */
export function listFeedbackReceivedOn(db: TDb, userId: string, recordingIds: string[]) {
  if (recordingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ f: feedback, authorName: users.name })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(and(inArray(feedback.recordingId, recordingIds), sql`${feedback.userId} is distinct from ${userId}`))
    .orderBy(asc(feedback.createdAt));
}

const author = alias(users, 'author');

/** Scorecard answers the person gave, and those given on their recordings, with the questions and the rater's name. */
export function listScorecardResponsesFor(db: TDb, userId: string) {
  return db
    .select({
      sr: scorecardResponses,
      questions: scorecards.questions,
      coachOnly: scorecards.coachOnly,
      assignmentName: assignments.name,
      recordingTitle: recordings.title,
      recordingOwnerId: recordings.userId,
      raterName: author.name,
    })
    .from(scorecardResponses)
    .innerJoin(scorecards, eq(scorecards.id, scorecardResponses.scorecardId))
    .innerJoin(assignments, eq(assignments.id, scorecards.assignmentId))
    .innerJoin(recordings, eq(recordings.id, scorecardResponses.recordingId))
    .leftJoin(author, eq(author.id, scorecardResponses.userId))
    .where(
      and(
        isNull(recordings.deletedAt),
        sql`(${scorecardResponses.userId} = ${userId} or (${recordings.userId} = ${userId} and ${scorecardResponses.userId} <> ${userId}))`,
      ),
    )
    .orderBy(asc(scorecardResponses.createdAt));
}
