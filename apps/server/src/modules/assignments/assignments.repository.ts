import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TAssignmentRef, TScorecard } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { assignments, groups, memberships, scorecards } from '../../db/schema.js';
import { membershipActiveNowSql } from '../../auth/membership-active.js';

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
    .select({ a: assignments, groupName: groups.name })
    .from(assignments)
    .innerJoin(groups, eq(groups.id, assignments.groupId))
    .innerJoin(memberships, and(eq(memberships.groupId, assignments.groupId), eq(memberships.userId, userId)))
    .where(and(eq(assignments.orgId, orgId), isOpen, sql`'speaker' = any(${memberships.roles})`, membershipActiveNowSql()))
    .orderBy(desc(assignments.createdAt));
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
    scorecard: row.scorecard && row.a.criteria.scorecard !== false ? presentScorecard(row.scorecard) : null,
  };
}
