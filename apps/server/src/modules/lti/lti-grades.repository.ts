import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  assignments,
  feedback,
  ltiContexts,
  ltiGradePosts,
  ltiIdentities,
  ltiLineItems,
  ltiPlatforms,
  ltiResourceLinks,
  memberships,
  recordings,
  users,
} from '../../db/schema.js';

// The rows of grades passed back (AGS, issue 42 item 4).

/** The recording's owner and assignment, with every resource link (of its organisation's platforms) that opens the assignment. */
export async function linksOfRecording(db: TDb, recordingId: string) {
  return db
    .select({ resourceLinkId: ltiResourceLinks.id, assignmentId: recordings.assignmentId, userId: recordings.userId })
    .from(recordings)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.assignmentId, recordings.assignmentId))
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.contextId))
    .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiContexts.platformId), eq(ltiPlatforms.orgId, recordings.orgId)))
    .where(and(eq(recordings.id, recordingId), isNotNull(recordings.assignmentId)));
}

/**
 * Analysed recordings in an assignment a course links to, made since `since`, that no grade post
 * covers yet for that link: a take recorded straight into the assignment, which reaches the
 * gradebook as Submitted before any coach scores it. At most `limit`, oldest first.
 */
export async function unpostedSubmissions(db: TDb, since: Date, limit: number) {
  return db
    .select({
      recordingId: recordings.id,
      assignmentId: ltiResourceLinks.assignmentId,
      userId: recordings.userId,
      resourceLinkId: ltiResourceLinks.id,
    })
    .from(ltiResourceLinks)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.contextId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .innerJoin(
      recordings,
      and(
        eq(recordings.assignmentId, ltiResourceLinks.assignmentId),
        eq(recordings.orgId, ltiPlatforms.orgId),
        eq(recordings.status, 'done'),
        isNull(recordings.deletedAt),
        gt(recordings.createdAt, since),
      ),
    )
    .leftJoin(ltiGradePosts, and(eq(ltiGradePosts.recordingId, recordings.id), eq(ltiGradePosts.resourceLinkId, ltiResourceLinks.id)))
    .where(and(isNotNull(ltiResourceLinks.assignmentId), isNull(ltiGradePosts.id)))
    .orderBy(recordings.createdAt)
    .limit(limit);
}

export async function insertGradePosts(db: TDb, rows: (typeof ltiGradePosts.$inferInsert)[]): Promise<string[]> {
  if (!rows.length) return [];
  return (await db.insert(ltiGradePosts).values(rows).returning({ id: ltiGradePosts.id })).map((r) => r.id);
}

/** A grade post with all it is sent with: its link, course, platform, assignment and student. */
export async function loadGradePost(db: TDb, id: string) {
  const [row] = await db
    .select({
      post: ltiGradePosts,
      link: ltiResourceLinks,
      context: ltiContexts,
      platform: ltiPlatforms,
      assignmentName: assignments.name,
      groupId: assignments.groupId,
      studentName: users.name,
    })
    .from(ltiGradePosts)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiGradePosts.resourceLinkId))
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.contextId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .innerJoin(assignments, eq(assignments.id, ltiGradePosts.assignmentId))
    .innerJoin(users, eq(users.id, ltiGradePosts.userId))
    .where(eq(ltiGradePosts.id, id));
  return row ?? null;
}

export async function updateGradePost(db: TDb, id: string, v: Partial<typeof ltiGradePosts.$inferInsert>): Promise<void> {
  await db
    .update(ltiGradePosts)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(ltiGradePosts.id, id));
}

/** The student's subject at the platform. */
export async function subjectOf(db: TDb, platformId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ subject: ltiIdentities.subject })
    .from(ltiIdentities)
    .where(and(eq(ltiIdentities.platformId, platformId), eq(ltiIdentities.userId, userId)))
    .orderBy(desc(ltiIdentities.lastLaunchAt))
    .limit(1);
  return row?.subject ?? null;
}

/** The newest coach score set on the recording and, by the same coach, their newest comment. */
export async function coachScoreOf(db: TDb, recordingId: string) {
  const [score] = await db
    .select({ userId: feedback.userId, scoreOverall: feedback.scoreOverall, createdAt: feedback.createdAt })
    .from(feedback)
    .where(and(eq(feedback.recordingId, recordingId), eq(feedback.kind, 'score'), eq(feedback.isManager, true)))
    .orderBy(desc(feedback.createdAt))
    .limit(1);
  if (!score) return null;
  const [comment] = score.userId
    ? await db
        .select({ comment: feedback.comment })
        .from(feedback)
        .where(and(eq(feedback.recordingId, recordingId), eq(feedback.kind, 'comment'), eq(feedback.userId, score.userId)))
        .orderBy(desc(feedback.createdAt))
        .limit(1)
    : [];
  return { ...score, comment: comment?.comment ?? null };
}

export async function lineItemOfLink(db: TDb, resourceLinkRowId: string) {
  const [row] = await db
    .select()
    .from(ltiLineItems)
    .where(eq(ltiLineItems.resourceLinkId, resourceLinkRowId))
    .orderBy(desc(ltiLineItems.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertLineItem(db: TDb, resourceLinkRowId: string, lineItemUrl: string, scoreMaximum: number) {
  await db.insert(ltiLineItems).values({ resourceLinkId: resourceLinkRowId, lineItemUrl, scoreMaximum }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(ltiLineItems)
    .where(and(eq(ltiLineItems.resourceLinkId, resourceLinkRowId), eq(ltiLineItems.lineItemUrl, lineItemUrl)));
  return row!;
}

/** The active coaches (managers) of the group: who is told of a grade that could not be sent. */
export async function coachesOfGroup(db: TDb, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.groupId, groupId), eq(memberships.status, 'active'), sql`'manager' = any(${memberships.roles})`));
  return rows.map((r) => r.userId);
}

/** The course the group maps to that has a roster (NRPS) address, with its platform. */
export async function rosterContextOf(db: TDb, groupId: string) {
  const [row] = await db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .where(and(eq(ltiContexts.groupId, groupId), isNotNull(ltiContexts.membershipsUrl)))
    .orderBy(desc(ltiContexts.updatedAt))
    .limit(1);
  return row ?? null;
}

/** The group's memberships held by accounts linked to the platform, with their subjects. */
export async function linkedMembersOf(db: TDb, groupId: string, platformId: string) {
  return db
    .select({
      userId: memberships.userId,
      subject: ltiIdentities.subject,
      status: memberships.status,
      roles: memberships.roles,
      expiresAt: memberships.expiresAt,
    })
    .from(memberships)
    .innerJoin(ltiIdentities, and(eq(ltiIdentities.userId, memberships.userId), eq(ltiIdentities.platformId, platformId)))
    .where(eq(memberships.groupId, groupId));
}

/** Which of these groups map to a course with a roster address. */
export async function rosterLinkedGroups(db: TDb, groupIds: string[]): Promise<Set<string>> {
  if (!groupIds.length) return new Set();
  const rows = await db
    .selectDistinct({ groupId: ltiContexts.groupId })
    .from(ltiContexts)
    .where(and(inArray(ltiContexts.groupId, groupIds), isNotNull(ltiContexts.membershipsUrl)));
  return new Set(rows.map((r) => r.groupId));
}
