import { ASSIGNMENT_MSG, ERROR_CODES, speakerTypeMatches } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isCoachOf, recordingAccess } from '../../auth/policies.js';
import { judge, loadViewer } from './presenter.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { findRecordingAccessContext } from '../recordings/recordings.repository.js';
import {
  findAssignmentInOrg,
  isOpenAssignment,
  listTargets,
  moveRecordingToAssignment,
  takeRecordingOutOfAssignment,
} from './assignments.repository.js';
import { findMembership } from '../memberships/memberships.repository.js';
import { findOrganisation } from '../org/org.repository.js';
import { notifyRecordingEvents } from '../notifications/notify.js';

async function assertAssignmentsOn(deps: TDeps, auth: TAuth) {
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org?.settings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
}

/**
 * Move to Assignment (001 section 4): the owner puts a recording into an open assignment of a
 * group they speak in. It cannot be undone by the speaker, so a recording moves once; the
 * speaker type (single or multi-speaker) must match the assignment's.
 */
export async function addRecording(deps: TDeps, auth: TAuth, assignmentId: string, recordingId: string): Promise<void> {
  await assertAssignmentsOn(deps, auth);
  const found = await findAssignmentInOrg(deps.db, auth.orgId, assignmentId);
  if (!found || !isOpenAssignment(found.a) || !found.a.groupId) throw notFound();
  // Only into an assignment that is for the caller (its targets), while it is open.
  const viewer = await loadViewer(deps.db, auth);
  const full = { a: found.a, groupName: found.groupName, ownerName: null, scorecard: found.scorecard };
  if (!judge(viewer, full, await listTargets(deps.db, [found.a.id])).abilities.canSubmit) throw forbidden();
  const rec = await findRecordingAccessContext(deps.db, recordingId, auth.userId);
  if (!rec || rec.r.orgId !== auth.orgId || rec.r.userId !== auth.userId) throw notFound();
  if (rec.r.assignmentId) throw conflict(ASSIGNMENT_MSG.alreadyAssigned, ERROR_CODES.assignmentAlreadyAssigned);
  if (!speakerTypeMatches(rec.r.algorithm, found.a.criteria.algorithm))
    throw badRequest(ASSIGNMENT_MSG.unableText, ERROR_CODES.assignmentSpeakerTypeMismatch);
  // The move and the coaches' "assignment completed" emails commit together.
  await deps.db.transaction(async (tx) => {
    if (!(await moveRecordingToAssignment(tx, recordingId, assignmentId, found.a.groupId!)))
      throw conflict(ASSIGNMENT_MSG.alreadyAssigned, ERROR_CODES.assignmentAlreadyAssigned);
    await notifyRecordingEvents(tx, deps, recordingId, { assignmentCompleted: true });
  });
}

/** Removing a recording from an assignment: the group's coaches and org admins only. */
export async function removeRecording(deps: TDeps, auth: TAuth, assignmentId: string, recordingId: string): Promise<void> {
  const found = await findAssignmentInOrg(deps.db, auth.orgId, assignmentId);
  if (!found?.a.groupId) throw notFound();
  const membership = await findMembership(deps.db, auth.userId, found.a.groupId);
  if (!isCoachOf(auth, membership)) throw forbidden();
  const rec = await findRecordingAccessContext(deps.db, recordingId, auth.userId);
  if (!rec || rec.r.orgId !== auth.orgId || rec.r.assignmentId !== assignmentId) throw notFound();
  // A coach acts only on recordings their privacy level lets them see (level 3: shared ones).
  if (recordingAccess(auth, rec.r, rec.group, rec.membership) === 'none') throw notFound();
  await takeRecordingOutOfAssignment(deps.db, recordingId);
}
