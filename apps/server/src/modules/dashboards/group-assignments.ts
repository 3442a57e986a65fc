import { ASSIGNMENT_MSG, ERROR_CODES } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup, coachOnlyScorecardInForce, isContinuous } from '../../auth/policies.js';
import { forbidden } from '../../http/errors.js';
import { orgOfCaller } from '../org/org.repository.js';
import { listGroupAssignments, listTargets } from '../assignments/assignments.repository.js';
import { groupBy, type TProgressAssignment } from '../assignments/progress/progress.loader.js';

// What both coach calls start from: the group checked for the caller (its coaches and org admins,
// assertCanManageGroup), and its assignments with their progress as the caller may see it, from
// the loader GET assignments/{id}/members uses, so the numbers match the details page.

export async function assertAssignmentsOn(deps: TDeps, auth: TAuth) {
  // The caller's organisation came with the key (orgOfCaller): no second read per call.
  const org = await orgOfCaller(deps.db, auth);
  if (!org?.settings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
  return org;
}

/** The group the caller coaches, or 404 / 403 as the group calls answer. */
export async function loadCoachedGroup(deps: TDeps, auth: TAuth, groupId: string) {
  // In this order, as GET assignments?scope=group answers: Assignments off is a 403 before the group's 404.
  await assertAssignmentsOn(deps, auth);
  return assertCanManageGroup(deps.db, auth, groupId);
}

/**
 * The group's assignments (not templates, not deleted), each with whether it is continuous and its
 * progress from `compute`: computeAssignmentStanding for the dashboard, or computeAssignmentProgress
 * for one member's rows with their recordings.
 */
export async function loadGroupProgress<TProgress>(
  deps: TDeps,
  groupId: string,
  compute: (list: TProgressAssignment[]) => Promise<Map<string, TProgress>>,
) {
  const rows = await listGroupAssignments(deps.db, groupId);
  const ids = rows.map((r) => r.a.id);
  const [targets, progress] = await Promise.all([
    listTargets(deps.db, ids),
    compute(rows.map((r) => ({ ...r.a, coachOnlyScorecard: coachOnlyScorecardInForce(r.a.criteria, r.scorecard) }))),
  ]);
  const targetsOf = groupBy(targets, (t) => t.assignmentId);
  return rows.map((row) => ({
    row,
    continuous: isContinuous({ deactivated: row.a.deactivated, groupId: row.a.groupId, targets: targetsOf.get(row.a.id) ?? [] }),
    progress: progress.get(row.a.id)!,
  }));
}
