import { ASSIGNMENT_MSG, ERROR_CODES, speakerTypeMatches } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../auth/auth-context.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { findAssignmentInOrg, isOpenAssignment, judge, listTargets, loadViewer } from '../assignments/index.js';

// Recording or uploading straight into an assignment (001 sections 2 and 4): the same rules as
// Move to Assignment, checked before the recording exists so a refused one leaves nothing.

/**
 * The assignment a new recording made with `algorithm` may join, or an error: 404 when it is not
 * in the caller's organisation or not for the caller (another group's, a template, a member it
 * does not target), 409 when archived, 400 with the spec's text when the speaker type differs.
 */
export async function assignmentForNewRecording(db: TDb, auth: TAuth, assignmentId: string, algorithm: string) {
  const found = await findAssignmentInOrg(db, auth.orgId, assignmentId);
  if (!found?.a.groupId || found.a.isTemplate) throw notFound();
  // The Move to Assignment rule (assignments module): its judge decides whether it is for the caller.
  const [viewer, targets] = await Promise.all([loadViewer(db, auth), listTargets(db, [found.a.id])]);
  const judged = judge(viewer, { a: found.a, groupName: found.groupName, ownerName: null, scorecard: found.scorecard }, targets);
  if (!judged.isFor) throw notFound();
  if (!isOpenAssignment(found.a)) throw conflict(ASSIGNMENT_MSG.closed, ERROR_CODES.assignmentClosed);
  if (!judged.abilities.canSubmit) throw notFound();
  if (!speakerTypeMatches(algorithm, found.a.criteria.algorithm))
    throw badRequest(ASSIGNMENT_MSG.unableText, ERROR_CODES.assignmentSpeakerTypeMismatch);
  return { assignmentId: found.a.id, groupId: found.a.groupId };
}
