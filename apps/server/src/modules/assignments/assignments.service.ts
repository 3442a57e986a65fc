import { ASSIGNMENT_MSG, ERROR_CODES, speakerTypeMatches } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { recordingAccess } from '../../auth/policies.js';
import { loadViewer } from './presenter.js';
import { judgeVisible, loadVisible } from './access.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { findRecordingAccessContext } from '../recordings/index.js';
import { isOpenAssignment, moveRecordingToAssignment, takeRecordingOutOfAssignment } from './assignments.repository.js';
import { notifyRecordingEvents } from '../notifications/index.js';
import { queueLtiGrade } from '../lti/index.js';

/**
 * Move to Assignment (001 section 4): the owner puts a recording into an open assignment of a
 * group they speak in. It cannot be undone by the speaker, so a recording moves once; the
 * speaker type (single or multi-speaker) must match the assignment's.
 */
export async function addRecording(deps: TDeps, auth: TAuth, assignmentId: string, recordingId: string): Promise<void> {
  const l = await loadVisible(deps, auth, assignmentId);
  const a = l.row.a;
  if (!isOpenAssignment(a) || !a.groupId) throw notFound();
  // Only into an assignment that is for the caller (its targets), while it is open.
  if (!l.abilities.canSubmit) throw forbidden();
  const rec = await findRecordingAccessContext(deps.db, recordingId, auth.userId);
  if (!rec || rec.r.orgId !== auth.orgId || rec.r.userId !== auth.userId) throw notFound();
  if (rec.r.assignmentId) throw conflict(ASSIGNMENT_MSG.alreadyAssigned, ERROR_CODES.assignmentAlreadyAssigned);
  if (!speakerTypeMatches(rec.r.algorithm, a.criteria.algorithm))
    throw badRequest(ASSIGNMENT_MSG.unableText, ERROR_CODES.assignmentSpeakerTypeMismatch);
  const groupId = a.groupId;
  // The move and the coaches' "assignment completed" emails commit together.
  await deps.db.transaction(async (tx) => {
    if (!(await moveRecordingToAssignment(tx, recordingId, assignmentId, groupId)))
      throw conflict(ASSIGNMENT_MSG.alreadyAssigned, ERROR_CODES.assignmentAlreadyAssigned);
    await notifyRecordingEvents(tx, deps, recordingId, { assignmentCompleted: true });
    // The hand-in reaches the course's gradebook as Submitted (LTI AGS) when a course links the assignment.
    await queueLtiGrade(tx, deps.queue, recordingId);
  });
}

/**
 * Removing a recording from an assignment: the group's coaches and org admins only, whatever the
 * Assignments setting (taking out only narrows who sees the recording).
 */
export async function removeRecording(deps: TDeps, auth: TAuth, assignmentId: string, recordingId: string): Promise<void> {
  const l = await judgeVisible(deps.db, await loadViewer(deps.db, auth), assignmentId);
  if (!l.row.a.groupId) throw notFound();
  if (l.view !== 'coach') throw forbidden();
  const rec = await findRecordingAccessContext(deps.db, recordingId, auth.userId);
  if (!rec || rec.r.orgId !== auth.orgId || rec.r.assignmentId !== assignmentId) throw notFound();
  // A coach acts only on recordings their privacy level lets them see (level 3: shared ones).
  if (recordingAccess(auth, rec.r, rec.group, rec.membership) === 'none') throw notFound();
  await takeRecordingOutOfAssignment(deps.db, recordingId);
}
