import { ASSIGNMENT_MSG, ERROR_CODES, type TAssignment, type TUpdateAssignmentBody } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import type { TDb } from '../../db/client.js';
import { conflict, forbidden } from '../../errors.js';
import { isContinuous } from '../../auth/policies.js';
import { insertTargets, listActiveSpeakers, updateAssignmentRow, type TAssignmentInsert } from './assignments.repository.js';
import { assertCanEdit, assertCanEditCriteria, assertNotGlobal, loadVisible, presentOne, type TLoaded } from './access.js';
import { criteriaFor } from './templates.js';
import { dueAtToStore } from './due-dates.js';

// PATCH assignments/{id} (002 sections 2.6, 2.7 and 4): the fields sent change, each under its
// own rule. Description and due date on anything the caller edits; criteria and wordspotting on templates
// (409 criteria_locked otherwise); isShared by the template's owner; archived and deactivated on
// assigned assignments by their group's coaches. Global templates: 403 global_read_only.

export async function updateAssignment(deps: TDeps, auth: TAuth, assignmentId: string, body: TUpdateAssignmentBody): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertNotGlobal(l);
  const a = l.row.a;
  const patch: Partial<TAssignmentInsert> = {};
  if (body.name !== undefined || body.description !== undefined || body.dueAt !== undefined) {
    assertCanEdit(l);
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.dueAt !== undefined) patch.dueAt = dueAtToStore(body.dueAt, a.dueAt);
  }
  if (body.criteria !== undefined || body.wordspotting !== undefined) {
    assertCanEditCriteria(l);
    if (body.criteria !== undefined) {
      patch.criteria = criteriaFor(l.viewer, body.criteria);
      // Unchecking the wordspotting criterion resets the assignment's phrases (002 section 4).
      if (!patch.criteria.wordspotting) patch.wordspotting = [];
    }
    if (body.wordspotting !== undefined && patch.wordspotting === undefined) patch.wordspotting = body.wordspotting;
  }
  if (body.isShared !== undefined) {
    if (!a.isTemplate) throw conflict(ASSIGNMENT_MSG.notTemplate, ERROR_CODES.assignmentNotTemplate);
    if (!l.abilities.canToggleShared) throw forbidden(ASSIGNMENT_MSG.ownerOnlySharing);
    patch.isShared = body.isShared;
  }
  const toggles = body.archived !== undefined || body.deactivated !== undefined;
  if (toggles && a.isTemplate) throw conflict(ASSIGNMENT_MSG.notAssigned, ERROR_CODES.assignmentNotTemplate);
  if (body.archived !== undefined) {
    if (!l.abilities.canArchive) throw forbidden();
    patch.archived = body.archived;
  }
  // Turn Off Continuous Status on a continuous one; Convert Assignment to Continuous on any other.
  const continuous = isContinuous({ deactivated: a.deactivated, groupId: a.groupId, targets: l.targets });
  if (body.deactivated !== undefined && body.deactivated === continuous) {
    if (!l.abilities.canToggleContinuous) {
      if (!l.abilities.canArchive) throw forbidden();
      throw conflict(ASSIGNMENT_MSG.closed, ERROR_CODES.assignmentClosed);
    }
    patch.deactivated = body.deactivated;
  }
  await deps.db.transaction(async (tx) => {
    if (patch.deactivated === true) await turnOffContinuous(tx, l);
    if (patch.deactivated === false) await insertTargets(tx, a.id, [{ groupId: a.groupId! }]);
    if (Object.keys(patch).length) await updateAssignmentRow(tx, a.id, patch);
  });
  return presentOne(deps.db, l.viewer, a.id);
}

/**
 * Turn Off Continuous Status: the group's current speakers keep it as user targets; the group
 * target stays (deactivated) so Convert Assignment to Continuous turns it back on.
 */
async function turnOffContinuous(tx: TDb, l: TLoaded): Promise<void> {
  const a = l.row.a;
  if (!a.groupId || !l.targets.some((t) => t.groupId === a.groupId)) return;
  const speakers = await listActiveSpeakers(tx, [a.groupId]);
  await insertTargets(
    tx,
    a.id,
    speakers.map((s) => ({ userId: s.userId })),
  );
}
