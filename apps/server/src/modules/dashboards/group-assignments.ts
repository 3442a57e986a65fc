import { ASSIGNMENT_MSG, ERROR_CODES } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup, coachOnlyScorecardInForce, isContinuous } from '../../auth/policies.js';
import { forbidden } from '../../errors.js';
import { orgOfCaller } from '../org/index.js';
import { groupBy, listGroupAssignments, listTargets, loadStandingFacts, type TProgressAssignment } from '../assignments/index.js';

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

type TGroupAssignmentRow = Awaited<ReturnType<typeof listGroupAssignments>>[number];

/** The assignments as the progress loader reads them. */
const asProgressList = (rows: TGroupAssignmentRow[]): TProgressAssignment[] =>
  rows.map((r) => ({ ...r.a, coachOnlyScorecard: coachOnlyScorecardInForce(r.a.criteria, r.scorecard) }));

/** Each assignment with whether it is continuous (a group target whose continuous status is on). */
function withContinuity(rows: TGroupAssignmentRow[], targets: Awaited<ReturnType<typeof listTargets>>) {
  const targetsOf = groupBy(targets, (t) => t.assignmentId);
  return rows.map((row) => ({
    row,
    continuous: isContinuous({ deactivated: row.a.deactivated, groupId: row.a.groupId, targets: targetsOf.get(row.a.id) ?? [] }),
  }));
}

/**
 * The group's assignments (not templates, not deleted), each with whether it is continuous and its
 * progress from `compute`: computeAssignmentProgress for one member's rows with their recordings.
 */
export async function loadGroupProgress<TProgress>(
  deps: TDeps,
  groupId: string,
  compute: (list: TProgressAssignment[]) => Promise<Map<string, TProgress>>,
) {
  const rows = await listGroupAssignments(deps.db, groupId);
  const [targets, progress] = await Promise.all([
    listTargets(
      deps.db,
      rows.map((r) => r.a.id),
    ),
    compute(asProgressList(rows)),
  ]);
  return withContinuity(rows, targets).map((r) => ({ ...r, progress: progress.get(r.row.a.id)! }));
}

/**
 * The same assignments with the facts of their standing (loadStandingFacts), which depend on no
 * caller: the coach dashboard applies each coach's view to them (standingFor).
 */
export async function loadGroupStandingFacts(deps: TDeps, groupId: string) {
  const rows = await listGroupAssignments(deps.db, groupId);
  const list = asProgressList(rows);
  const [targets, facts] = await Promise.all([
    listTargets(
      deps.db,
      rows.map((r) => r.a.id),
    ),
    loadStandingFacts(deps.db, list),
  ]);
  return { assignments: withContinuity(rows, targets), list, facts };
}
