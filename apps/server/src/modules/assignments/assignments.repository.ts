import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAssignmentRef, TScorecard } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { inIdList, preparedPerDb } from '../../db/prepared.js';
import {
  assignmentAttachments,
  assignmentTargets,
  assignments,
  groups,
  memberships,
  recordings,
  scorecards,
  users,
} from '../../db/schema.js';
import { membershipHasActiveRoleSql } from '../../auth/membership-active.js';
import { assignmentForMembershipSql } from '../../auth/assignment-targets.js';
import { scorecardApplies } from '../../auth/scorecard-rules.js';

export type TAssignmentRow = typeof assignments.$inferSelect;
export type TScorecardRow = typeof scorecards.$inferSelect;

/** Open assignments take recordings: not a template, not archived, not deleted (deactivated ones still do). */
const isOpen = and(eq(assignments.isTemplate, false), eq(assignments.archived, false), isNull(assignments.deletedAt));

/** The assignment with this id in the organisation, not deleted: findAssignmentInOrg's condition, and a join's. */
export function assignmentInOrgSql(assignmentId: SQLWrapper, orgId: SQLWrapper): SQL {
  return and(eq(assignments.id, assignmentId), eq(assignments.orgId, orgId), isNull(assignments.deletedAt))!;
}

/** The assignment's group where another group is joined too (a recording's). */
export const assignmentGroups = alias(groups, 'assignment_group');

/** What findAssignmentInOrg gives, as columns of a statement that joins the assignment (assignmentInOrgSql). */
export const joinedAssignmentColumns = {
  assignment: assignments,
  assignmentGroupName: assignmentGroups.name,
  assignmentScorecard: scorecards,
};

/** A joined assignment (joinedAssignmentColumns) in findAssignmentInOrg's shape, or null. */
export function joinedAssignment(row: {
  assignment: TAssignmentRow | null;
  assignmentGroupName: string | null;
  assignmentScorecard: TScorecardRow | null;
}): { a: TAssignmentRow; groupName: string | null; scorecard: TScorecardRow | null } | null {
  return row.assignment ? { a: row.assignment, groupName: row.assignmentGroupName, scorecard: row.assignmentScorecard } : null;
}

/** A row read with joinedAssignmentColumns, its three joined columns made one `assignment` (joinedAssignment). */
export function withJoinedAssignment<T extends Parameters<typeof joinedAssignment>[0]>(row: T) {
  const { assignment: _a, assignmentGroupName: _n, assignmentScorecard: _s, ...rest } = row;
  return { ...rest, assignment: joinedAssignment(row) };
}

const assignmentInOrgOf = preparedPerDb((db) =>
  db
    .select({ a: assignments, groupName: groups.name, scorecard: scorecards })
    .from(assignments)
    .leftJoin(groups, eq(groups.id, assignments.groupId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(assignmentInOrgSql(sql.placeholder('assignmentId'), sql.placeholder('orgId')))
    .limit(1)
    .prepare('assignment_in_org'),
);

export async function findAssignmentInOrg(db: TDb, orgId: string, assignmentId: string) {
  const [row] = await assignmentInOrgOf(db).execute({ assignmentId, orgId });
  return row ?? null;
}

export function isOpenAssignment(a: TAssignmentRow): boolean {
  return !a.isTemplate && !a.archived && !a.deletedAt;
}

// ---- The entity: an assignment with its group, owner, scorecard, targets and attachments.

export interface TAssignmentFullRow {
  a: TAssignmentRow;
  groupName: string | null;
  ownerName: string | null;
  scorecard: TScorecardRow | null;
}

function selectFull(db: TDb) {
  return db
    .select({ a: assignments, groupName: groups.name, ownerName: users.name, scorecard: scorecards })
    .from(assignments)
    .leftJoin(groups, eq(groups.id, assignments.groupId))
    .leftJoin(users, eq(users.id, assignments.userId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id));
}

/** One assignment of any kind (deleted ones too): visibility is the policies' decision. */
export async function findAssignmentFull(db: TDb, assignmentId: string): Promise<TAssignmentFullRow | null> {
  const [row] = await selectFull(db).where(eq(assignments.id, assignmentId)).limit(1);
  return row ?? null;
}

/** Open assignments for the user as a speaker (assignmentForMembershipSql), newest first. */
export function listAssignedToSpeaker(db: TDb, userId: string, orgId: string): Promise<TAssignmentFullRow[]> {
  return selectFull(db)
    .innerJoin(memberships, and(eq(memberships.groupId, assignments.groupId), eq(memberships.userId, userId)))
    .where(and(eq(assignments.orgId, orgId), isOpen, assignmentForMembershipSql()))
    .orderBy(desc(assignments.createdAt));
}

/** Every non-deleted assignment for the user as a speaker, archived ones too (the speaker dashboard), newest first. */
const allForSpeakerOf = preparedPerDb((db) =>
  selectFull(db)
    .innerJoin(memberships, and(eq(memberships.groupId, assignments.groupId), eq(memberships.userId, sql.placeholder('userId'))))
    .where(and(eq(assignments.orgId, sql.placeholder('orgId')), isNull(assignments.deletedAt), assignmentForMembershipSql()))
    .orderBy(desc(assignments.createdAt))
    .prepare('assignments_for_speaker'),
);

export function listAllForSpeaker(db: TDb, userId: string, orgId: string): Promise<TAssignmentFullRow[]> {
  return allForSpeakerOf(db).execute({ userId, orgId });
}

/** Every assigned, non-deleted assignment of a group. */
export function listGroupAssignments(db: TDb, groupId: string): Promise<TAssignmentFullRow[]> {
  return selectFull(db)
    .where(and(eq(assignments.groupId, groupId), eq(assignments.isTemplate, false), isNull(assignments.deletedAt)))
    .orderBy(desc(assignments.createdAt));
}

/** Templates the user may see: their own and the organisation's shared ones (when `shared`), and the global ones (when `global`). */
export function listTemplates(
  db: TDb,
  userId: string,
  orgId: string,
  opts: { shared: boolean; global: boolean },
): Promise<TAssignmentFullRow[]> {
  const mine = and(eq(assignments.orgId, orgId), eq(assignments.userId, userId));
  const visible: SQL[] = [mine!];
  if (opts.shared) visible.push(and(eq(assignments.orgId, orgId), eq(assignments.isShared, true))!);
  if (opts.global) visible.push(eq(assignments.isGlobal, true));
  return selectFull(db)
    .where(and(eq(assignments.isTemplate, true), isNull(assignments.deletedAt), or(...visible)))
    .orderBy(asc(assignments.name));
}

export type TTargetRow = {
  id: string;
  assignmentId: string;
  userId: string | null;
  groupId: string | null;
  createdAt: Date;
  userName: string | null;
  groupName: string | null;
};

const targetsOf = preparedPerDb((db) =>
  db
    .select({
      id: assignmentTargets.id,
      assignmentId: assignmentTargets.assignmentId,
      userId: assignmentTargets.userId,
      groupId: assignmentTargets.groupId,
      createdAt: assignmentTargets.createdAt,
      userName: users.name,
      groupName: groups.name,
    })
    .from(assignmentTargets)
    .leftJoin(users, eq(users.id, assignmentTargets.userId))
    .leftJoin(groups, eq(groups.id, assignmentTargets.groupId))
    .where(inIdList(assignmentTargets.assignmentId, 'assignmentIds'))
    .orderBy(asc(assignmentTargets.createdAt))
    .prepare('targets_of_assignments'),
);

export function listTargets(db: TDb, assignmentIds: string[]): Promise<TTargetRow[]> {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return targetsOf(db).execute({ assignmentIds });
}

export type TAttachmentRow = typeof assignmentAttachments.$inferSelect;

export function listAttachments(db: TDb, assignmentIds: string[]): Promise<TAttachmentRow[]> {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(assignmentAttachments)
    .where(inArray(assignmentAttachments.assignmentId, assignmentIds))
    .orderBy(asc(assignmentAttachments.createdAt), asc(assignmentAttachments.id));
}

/** The caller's memberships (every group), for the abilities. */
const membershipsOfUserOf = preparedPerDb((db) =>
  db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .prepare('memberships_of_user'),
);

export function listMembershipsOfUser(db: TDb, userId: string) {
  return membershipsOfUserOf(db).execute({ userId });
}

// ---- Writes

export type TAssignmentInsert = typeof assignments.$inferInsert;

export async function insertAssignmentRow(db: TDb, values: TAssignmentInsert): Promise<TAssignmentRow> {
  const [row] = await db.insert(assignments).values(values).returning();
  return row!;
}

export async function updateAssignmentRow(db: TDb, assignmentId: string, patch: Partial<TAssignmentInsert>): Promise<void> {
  await db
    .update(assignments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(assignments.id, assignmentId));
}

/**
 * Copies the assignment's content (scorecard and attachments) onto another; the row itself
 * (name, description, criteria, wordspotting) is the caller's insert.
 */
export async function copyAssignmentContent(db: TDb, fromId: string, toId: string): Promise<void> {
  const [sc] = await db.select().from(scorecards).where(eq(scorecards.assignmentId, fromId)).limit(1);
  if (sc) await db.insert(scorecards).values({ assignmentId: toId, questions: sc.questions, coachOnly: sc.coachOnly });
  const atts = await db.select().from(assignmentAttachments).where(eq(assignmentAttachments.assignmentId, fromId));
  if (atts.length)
    await db
      .insert(assignmentAttachments)
      .values(
        atts
          .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())
          .map((x) => ({ assignmentId: toId, name: x.name, attachmentType: x.attachmentType, url: x.url, recordingId: x.recordingId })),
      );
}

export async function insertTargets(db: TDb, assignmentId: string, targets: { userId?: string; groupId?: string }[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .insert(assignmentTargets)
    .values(targets.map((t) => ({ assignmentId, userId: t.userId ?? null, groupId: t.groupId ?? null })))
    .onConflictDoNothing();
}

/** The memberships of the groups, by member name: the assign step picks its speakers among them (isAssignableSpeaker). */
export function listGroupMemberships(
  db: TDb,
  groupIds: string[],
): Promise<{ userId: string; groupId: string; roles: string[]; status: string; expiresAt: Date | null }[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: memberships.userId,
      groupId: memberships.groupId,
      roles: memberships.roles,
      status: memberships.status,
      expiresAt: memberships.expiresAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(memberships.groupId, groupIds))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** The active speakers of these groups (current members only). */
export function listActiveSpeakers(db: TDb, groupIds: string[]): Promise<{ userId: string; groupId: string }[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: memberships.userId, groupId: memberships.groupId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.groupId, groupIds), membershipHasActiveRoleSql('speaker')))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function softDeleteAssignment(db: TDb, assignmentId: string): Promise<void> {
  await db.update(assignments).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(assignments.id, assignmentId));
}

export async function countAttachments(db: TDb, assignmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignmentAttachments)
    .where(eq(assignmentAttachments.assignmentId, assignmentId));
  return row?.n ?? 0;
}

export async function insertAttachment(db: TDb, values: typeof assignmentAttachments.$inferInsert): Promise<void> {
  await db.insert(assignmentAttachments).values(values);
}

/** Removes one attachment of the assignment; false when it has none with that id. */
export async function deleteAttachment(db: TDb, assignmentId: string, attachmentId: string): Promise<boolean> {
  const gone = await db
    .delete(assignmentAttachments)
    .where(and(eq(assignmentAttachments.id, attachmentId), eq(assignmentAttachments.assignmentId, assignmentId)))
    .returning({ id: assignmentAttachments.id });
  return gone.length > 0;
}

export async function upsertScorecard(
  db: TDb,
  assignmentId: string,
  questions: TScorecardQuestionRowT[],
  coachOnly: boolean,
): Promise<void> {
  await db
    .insert(scorecards)
    .values({ assignmentId, questions, coachOnly })
    .onConflictDoUpdate({ target: scorecards.assignmentId, set: { questions, coachOnly, updatedAt: new Date() } });
}
type TScorecardQuestionRowT = TScorecardRow['questions'][number];

/** Sets the manual order of a group's assignments; only ids of that group (non-deleted) change. */
export async function setSortOrders(db: TDb, groupId: string, order: { assignmentId: string; sortOrder: number }[]): Promise<number> {
  let changed = 0;
  for (const o of order) {
    const done = await db
      .update(assignments)
      .set({ sortOrder: o.sortOrder, updatedAt: new Date() })
      .where(
        and(
          eq(assignments.id, o.assignmentId),
          eq(assignments.groupId, groupId),
          eq(assignments.isTemplate, false),
          isNull(assignments.deletedAt),
        ),
      )
      .returning({ id: assignments.id });
    changed += done.length;
  }
  return changed;
}

/** The caller's own live recording in the organisation, or null. */
export async function findOwnRecording(db: TDb, recordingId: string, userId: string, orgId: string) {
  const [r] = await db
    .select({ id: recordings.id, title: recordings.title })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.userId, userId), eq(recordings.orgId, orgId), isNull(recordings.deletedAt)))
    .limit(1);
  return r ?? null;
}

/**
 * Puts the recording into the assignment and its group. Two moves at once: only the first finds
 * the recording without an assignment; false for the other.
 */
export async function moveRecordingToAssignment(db: TDb, recordingId: string, assignmentId: string, groupId: string): Promise<boolean> {
  const [moved] = await db
    .update(recordings)
    .set({ assignmentId, groupId })
    .where(and(eq(recordings.id, recordingId), isNull(recordings.assignmentId)))
    .returning({ id: recordings.id });
  return !!moved;
}

/** Takes the recording out of its assignment; it stays in its group. */
export async function takeRecordingOutOfAssignment(db: TDb, recordingId: string): Promise<void> {
  await db.update(recordings).set({ assignmentId: null }).where(eq(recordings.id, recordingId));
}

export function presentScorecard(s: TScorecardRow): TScorecard {
  return { id: s.id, questions: [...s.questions].sort((a, b) => a.order - b.order), coachOnlyScorecard: s.coachOnly };
}

export function presentAssignmentRef(row: {
  a: TAssignmentRow;
  groupName: string | null;
  scorecard: TScorecardRow | null;
}): TAssignmentRef {
  return {
    assignmentId: row.a.id,
    assignmentName: row.a.name,
    groupId: row.a.groupId,
    groupName: row.groupName,
    criteria: { algorithm: row.a.criteria.algorithm },
    // The scorecard applies only when the assignment's criteria ask for it.
    scorecard: row.scorecard && scorecardApplies(row.a.criteria) ? presentScorecard(row.scorecard) : null,
  };
}

/** Every group of the organisation (org admins coach them all). */
export function listOrgGroups(db: TDb, orgId: string) {
  return db.select().from(groups).where(eq(groups.orgId, orgId));
}

export async function findUserName(db: TDb, userId: string): Promise<string> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.name ?? '';
}
