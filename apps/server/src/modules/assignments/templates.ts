import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MSG,
  ERROR_CODES,
  normaliseCriteria,
  type TAssignment,
  type TAssignmentCriteriaInput,
  type TCreateAssignmentBody,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup } from '../../auth/policies.js';
import { badRequest, conflict, forbidden } from '../../errors.js';
import {
  copyAssignmentContent,
  insertAssignmentRow,
  listAssignedToSpeaker,
  listGroupAssignments,
  listTemplates,
  softDeleteAssignment,
} from './assignments.repository.js';
import { assertAssignmentsOn, assertNotGlobal, loadVisible, presentOne } from './access.js';
import { loadViewer, presentAssignments, sortAssignments, type TViewer } from './presenter.js';
import { progressFor } from './progress-link.js';
import { dueAtToStore } from './due-dates.js';

// Lists, one assignment, new templates, copies and deletion (002 sections 2.2, 2.6, 2.7 and 4).

export type TListQuery = { scope: 'assigned' | 'group' | 'templates'; groupId?: string | undefined };

export async function listAssignments(deps: TDeps, auth: TAuth, q: TListQuery): Promise<TAssignment[]> {
  const viewer = await loadViewer(deps.db, auth);
  const progress = (rows: Parameters<typeof progressFor>[2]) => progressFor(deps.db, viewer, rows);
  if (q.scope === 'assigned') {
    // The pickers: nothing to offer while Assignments is off.
    if (!viewer.orgSettings.Assignments) return [];
    return presentAssignments(deps.db, viewer, await listAssignedToSpeaker(deps.db, auth.userId, auth.orgId), progress);
  }
  assertAssignmentsOn(viewer);
  if (q.scope === 'group') {
    await assertCanManageGroup(deps.db, auth, q.groupId!);
    return sortAssignments(await presentAssignments(deps.db, viewer, await listGroupAssignments(deps.db, q.groupId!), progress));
  }
  const rows = await listTemplates(deps.db, auth.userId, auth.orgId, {
    shared: viewer.caller.isOrgCoach,
    global: viewer.caller.isOrgCoach,
  });
  return presentAssignments(deps.db, viewer, rows, progress);
}

export async function getAssignment(deps: TDeps, auth: TAuth, assignmentId: string): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  return presentOne(deps.db, l.viewer, assignmentId);
}

/** The speaker type must be one of the organisation's algorithms; the criteria rules of section 5 apply. */
export function criteriaFor(viewer: TViewer, input: TAssignmentCriteriaInput) {
  if (!viewer.algorithms.includes(input.algorithm)) throw badRequest(ASSIGNMENT_MSG.unknownAlgorithm);
  return normaliseCriteria(input);
}

/** Editor step 1: a new template owned by the caller (a coach in the organisation). */
export async function createTemplate(deps: TDeps, auth: TAuth, body: TCreateAssignmentBody): Promise<TAssignment> {
  const viewer = await loadViewer(deps.db, auth);
  assertAssignmentsOn(viewer);
  if (!viewer.caller.isOrgCoach) throw forbidden();
  const row = await insertAssignmentRow(deps.db, {
    orgId: auth.orgId,
    userId: auth.userId,
    name: body.name.trim(),
    description: body.description.trim(),
    criteria: criteriaFor(viewer, body.criteria),
    isTemplate: true,
    isShared: body.isShared ?? false,
    dueAt: dueAtToStore(body.dueAt, null) ?? null,
  });
  return presentOne(deps.db, viewer, row.id);
}

/** Delete (templates only): the owner or an org admin; a soft delete. */
export async function deleteTemplate(deps: TDeps, auth: TAuth, assignmentId: string): Promise<void> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertNotGlobal(l);
  if (!l.row.a.isTemplate) throw conflict(ASSIGNMENT_MSG.notTemplate, ERROR_CODES.assignmentNotTemplate);
  if (!l.abilities.canDelete) throw forbidden();
  await softDeleteAssignment(deps.db, assignmentId);
}

const COPY_SUFFIX = ' (Copy)';

/**
 * Copy as Template / Copy Template (002 section 4): a new private template of the caller named
 * "{name} (Copy)", with the criteria, description, scorecard, attachments and wordspotting
 * (not the due date: a copy is made to be used again later).
 */
export async function copyAsTemplate(deps: TDeps, auth: TAuth, assignmentId: string): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertNotGlobal(l);
  if (!l.abilities.canCopy) throw forbidden();
  const a = l.row.a;
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertAssignmentRow(tx, {
      orgId: auth.orgId,
      userId: auth.userId,
      name: `${a.name.slice(0, ASSIGNMENT_LIMITS.nameMax - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      description: a.description,
      criteria: a.criteria,
      wordspotting: a.wordspotting,
      metadata: a.metadata,
      isTemplate: true,
      isShared: false,
    });
    await copyAssignmentContent(tx, a.id, row.id);
    return row.id;
  });
  return presentOne(deps.db, l.viewer, id);
}
