import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { assignmentTargets, assignments, memberships } from '../db/schema.js';
import { hasActiveRole, membershipHasActiveRoleSql } from './membership-active.js';
import { isCoachOf, type TOrgRoleFacts } from './roles.js';

// The one rule "this assignment is for this member" (002 sections 3 and 4): an active speaker of
// the assignment's group who is a user target, or any such speaker while a group target's
// continuous status is on (not deactivated). Templates, and archived or deleted assignments, are
// for nobody new; archived ones keep their members for the lists and reports (isForMember).
// The pure form and the SQL form sit together and must say the same.

export interface TAssignmentTargetFacts {
  isTemplate: boolean;
  deactivated: boolean;
  groupId: string | null;
  /** Target rows of the assignment. */
  targets: ReadonlyArray<{ userId: string | null; groupId: string | null }>;
}

type TMembershipFacts = { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined;

/**
 * Whom the caller may assign an assignment to (002 section 5, Assign step): an active speaker of
 * a group the caller coaches. assignTemplate picks its targets with it; the group member list
 * sends it as the member's canAssign.
 */
export function isAssignableSpeaker(
  a: TOrgRoleFacts,
  callerMembership: TMembershipFacts,
  member: TMembershipFacts,
  now = new Date(),
): boolean {
  return isCoachOf(a, callerMembership, now) && hasActiveRole(member, 'speaker', now);
}

/** Whether the assignment is for the member (membership in the assignment's group). */
export function isAssignmentFor(
  a: TAssignmentTargetFacts,
  userId: string,
  m: { groupId: string; roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined,
  now = new Date(),
): boolean {
  if (a.isTemplate || !a.groupId || !m || m.groupId !== a.groupId || !hasActiveRole(m, 'speaker', now)) return false;
  return a.targets.some((t) => t.userId === userId || (!a.deactivated && t.groupId === a.groupId));
}

/** Continuous: a group target whose continuous status is on. */
export function isContinuous(a: Pick<TAssignmentTargetFacts, 'deactivated' | 'groupId' | 'targets'>): boolean {
  return !a.deactivated && a.targets.some((t) => t.groupId !== null && t.groupId === a.groupId);
}

/**
 * The same rule as SQL, for a memberships row `m` (the speaker's membership in the assignment's
 * group) and the assignments table.
 */
export function assignmentForMembershipSql(
  m: { userId: PgColumn; groupId: PgColumn; roles: PgColumn; status: PgColumn; expiresAt: PgColumn } = memberships,
): SQL {
  return and(
    eq(assignments.isTemplate, false),
    eq(m.groupId, assignments.groupId),
    membershipHasActiveRoleSql('speaker', m),
    exists(
      sql`(select 1 from ${assignmentTargets} where ${assignmentTargets.assignmentId} = ${assignments.id} and (${or(
        eq(assignmentTargets.userId, m.userId),
        and(eq(assignments.deactivated, false), eq(assignmentTargets.groupId, assignments.groupId), isNull(assignmentTargets.userId)),
      )}))`,
    ),
  )!;
}
