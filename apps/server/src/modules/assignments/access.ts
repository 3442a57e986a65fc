import { ASSIGNMENT_MSG, ERROR_CODES, type TAssignment } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../auth/auth-context.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { findAssignmentFull, listTargets } from './assignments.repository.js';
import { judge, loadViewer, presentAssignments, type TViewer } from './presenter.js';
import { progressFor } from './progress-link.js';

// Loading one assignment for a caller: 404 unless the policies let them see it (another
// organisation's ids included), with the facts each call's checks read.

export function assertAssignmentsOn(viewer: TViewer): void {
  if (!viewer.orgSettings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
}

export async function loadVisible(deps: TDeps, auth: TAuth, assignmentId: string) {
  const viewer = await loadViewer(deps.db, auth);
  assertAssignmentsOn(viewer);
  return judgeVisible(deps.db, viewer, assignmentId);
}

/**
 * The assignment as the viewer sees it, whatever the Assignments setting: an assignment they may
 * not see is a 404 like an unknown id (a 403 would confirm it exists).
 */
export async function judgeVisible(db: TDb, viewer: TViewer, assignmentId: string) {
  const row = await findAssignmentFull(db, assignmentId);
  if (!row) throw notFound();
  const targets = await listTargets(db, [row.a.id]);
  const j = judge(viewer, row, targets);
  if (j.view === 'none') throw notFound();
  return { viewer, row, targets, ...j };
}

export type TLoaded = Awaited<ReturnType<typeof loadVisible>>;

/** Global templates are read-only for everyone (002 section 6). */
export function assertNotGlobal(l: TLoaded): void {
  if (l.row.a.isGlobal) throw forbidden(ASSIGNMENT_MSG.globalReadOnly, ERROR_CODES.assignmentGlobalReadOnly);
}

/** Name, description and attachments: canEdit (assigned ones while not archived). */
export function assertCanEdit(l: TLoaded): void {
  assertNotGlobal(l);
  if (!l.abilities.canEdit) throw forbidden();
  if (l.row.a.archived) throw conflict(ASSIGNMENT_MSG.closed, ERROR_CODES.assignmentClosed);
}

/** Criteria, scorecard and wordspotting: templates only (409 criteria_locked otherwise). */
export function assertCanEditCriteria(l: TLoaded): void {
  assertNotGlobal(l);
  if (!l.row.a.isTemplate) {
    if (!l.abilities.canEdit) throw forbidden();
    throw conflict(ASSIGNMENT_MSG.criteriaLocked, ERROR_CODES.assignmentCriteriaLocked);
  }
  if (!l.abilities.canEditCriteria) throw forbidden();
}

/** The assignment as the caller now sees it, after a change. */
export async function presentOne(db: TDb, viewer: TViewer, assignmentId: string): Promise<TAssignment> {
  const row = await findAssignmentFull(db, assignmentId);
  if (!row) throw notFound();
  const [one] = await presentAssignments(db, viewer, [row], (rows) => progressFor(db, viewer, rows));
  if (!one) throw notFound();
  return one;
}
