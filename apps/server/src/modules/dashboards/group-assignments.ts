import { ASSIGNMENT_MSG, ERROR_CODES } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup, coachOnlyScorecardInForce, isContinuous } from '../../auth/policies.js';
import { forbidden } from '../../http/errors.js';
import { findOrganisation } from '../org/org.repository.js';
import { listGroupAssignments, listTargets } from '../assignments/assignments.repository.js';
import { computeAssignmentProgress } from '../assignments/progress/index.js';

// What both coach calls start from: the group checked for the caller (its coaches and org admins,
// assertCanManageGroup), and its assignments with their progress as the caller may see it, from
// the loader GET assignments/{id}/members uses, so the numbers match the details page.

export async function assertAssignmentsOn(deps: TDeps, auth: TAuth) {
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org?.settings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
  return org;
}

/** The group the caller coaches, or 404 / 403 as the group calls answer. */
export async function loadCoachedGroup(deps: TDeps, auth: TAuth, groupId: string) {
  const [, standing] = await Promise.all([assertAssignmentsOn(deps, auth), assertCanManageGroup(deps.db, auth, groupId)]);
  return standing;
}

/** The group's assignments (not templates, not deleted), each with whether it is continuous and its progress. */
export async function loadGroupProgress(deps: TDeps, auth: TAuth, groupId: string, now = new Date()) {
  const rows = await listGroupAssignments(deps.db, groupId);
  const ids = rows.map((r) => r.a.id);
  const [targets, progress] = await Promise.all([
    listTargets(deps.db, ids),
    computeAssignmentProgress(
      deps.db,
      rows.map((r) => ({ ...r.a, coachOnlyScorecard: coachOnlyScorecardInForce(r.a.criteria, r.scorecard) })),
      auth,
      now,
    ),
  ]);
  const targetsOf = new Map<string, typeof targets>();
  for (const t of targets) targetsOf.set(t.assignmentId, [...(targetsOf.get(t.assignmentId) ?? []), t]);
  return rows.map((row) => ({
    row,
    continuous: isContinuous({ deactivated: row.a.deactivated, groupId: row.a.groupId, targets: targetsOf.get(row.a.id) ?? [] }),
    progress: progress.get(row.a.id)!,
  }));
}
export type TGroupAssignmentProgress = Awaited<ReturnType<typeof loadGroupProgress>>[number];
