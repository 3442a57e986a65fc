import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TAssignmentRef, TScorecard } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { assignments, groups, memberships, recordings, scorecards } from '../../db/schema.js';
import { membershipHasActiveRoleSql } from '../../auth/membership-active.js';
import { scorecardApplies } from '../../auth/scorecard-rules.js';

export type TAssignmentRow = typeof assignments.$inferSelect;
export type TScorecardRow = typeof scorecards.$inferSelect;

/** Open assignments take recordings: not a template, not archived, deactivated or deleted. */
const isOpen = and(
  eq(assignments.isTemplate, false),
  eq(assignments.archived, false),
  eq(assignments.deactivated, false),
  isNull(assignments.deletedAt),
);

export async function findAssignmentInOrg(db: TDb, orgId: string, assignmentId: string) {
  const [row] = await db
    .select({ a: assignments, groupName: groups.name, scorecard: scorecards })
    .from(assignments)
    .leftJoin(groups, eq(groups.id, assignments.groupId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.orgId, orgId), isNull(assignments.deletedAt)))
    .limit(1);
  return row ?? null;
}

export function isOpenAssignment(a: TAssignmentRow): boolean {
  return !a.isTemplate && !a.archived && !a.deactivated && !a.deletedAt;
}

/** Open assignments of the groups where the user is an active speaker, newest first. */
export function listAssignedToSpeaker(db: TDb, userId: string, orgId: string) {
  return db
    .select({ a: assignments, groupName: groups.name, membership: memberships })
    .from(assignments)
    .innerJoin(groups, eq(groups.id, assignments.groupId))
    .innerJoin(memberships, and(eq(memberships.groupId, assignments.groupId), eq(memberships.userId, userId)))
    .where(and(eq(assignments.orgId, orgId), isOpen, membershipHasActiveRoleSql('speaker')))
    .orderBy(desc(assignments.createdAt));
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
