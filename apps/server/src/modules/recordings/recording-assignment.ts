import { eq } from 'drizzle-orm';
import { ASSIGNMENT_MSG, ERROR_CODES, speakerTypeMatches } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { assignmentTargets } from '../../db/schema.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isAssignmentFor } from '../../auth/policies.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { findAssignmentInOrg } from '../assignments/assignments.repository.js';
import { findMembership } from '../memberships/memberships.repository.js';

// Recording or uploading straight into an assignment (001 sections 2 and 4): the same rules as
// Move to Assignment, checked before the recording exists so a refused one leaves nothing.

export const RECORD_INTO_MSG = {
  closed: 'This assignment is archived and takes no new recordings.',
} as const;

/**
 * The assignment a new recording made with `algorithm` may join, or an error: 404 when it is not
 * in the caller's organisation or not for the caller (another group's, a template, a member it
 * does not target), 409 when archived, 400 with the spec's text when the speaker type differs.
 */
export async function assignmentForNewRecording(db: TDb, auth: TAuth, assignmentId: string, algorithm: string) {
  const found = await findAssignmentInOrg(db, auth.orgId, assignmentId);
  if (!found?.a.groupId || found.a.isTemplate) throw notFound();
  const [membership, targets] = await Promise.all([
    findMembership(db, auth.userId, found.a.groupId),
    db
      .select({ userId: assignmentTargets.userId, groupId: assignmentTargets.groupId })
      .from(assignmentTargets)
      .where(eq(assignmentTargets.assignmentId, assignmentId)),
  ]);
  if (!isAssignmentFor({ ...found.a, targets }, auth.userId, membership)) throw notFound();
  if (found.a.archived) throw conflict(RECORD_INTO_MSG.closed, ERROR_CODES.assignmentClosed);
  if (!speakerTypeMatches(algorithm, found.a.criteria.algorithm))
    throw badRequest(ASSIGNMENT_MSG.unableText, ERROR_CODES.assignmentSpeakerTypeMismatch);
  return { assignmentId: found.a.id, groupId: found.a.groupId };
}
