import { ASSIGNMENT_MSG, ZAttachmentLinkBodySchema, type TAssignment } from '@rostrum/contract';
import type { z } from 'zod';
import type { ZAddAttachmentBodySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { badRequest, notFound } from '../../errors.js';
import { countAttachments, deleteAttachment, findOwnRecording, insertAttachment } from './assignments.repository.js';
import { assertCanEdit, loadVisible, presentOne } from './access.js';

// Supporting materials (002 section 5): a link (https:// prefixed, http: made https:, at most
// 100 characters) or one of the caller's own recordings; templates and assigned assignments
// alike, by whoever edits them.

export const ATTACHMENTS_MAX = 100;

export async function addAttachment(
  deps: TDeps,
  auth: TAuth,
  assignmentId: string,
  body: z.output<typeof ZAddAttachmentBodySchema>,
): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertCanEdit(l);
  if ((await countAttachments(deps.db, assignmentId)) >= ATTACHMENTS_MAX) throw badRequest(ASSIGNMENT_MSG.tooManyAttachments);
  if (body.attachmentType === 'link') {
    const parsed = ZAttachmentLinkBodySchema.safeParse({ name: body.name, attachmentUrl: body.attachmentUrl });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Enter a valid web address');
    await insertAttachment(deps.db, { assignmentId, name: parsed.data.name, attachmentType: 'link', url: parsed.data.attachmentUrl });
  } else {
    const rec = await findOwnRecording(deps.db, body.recordingId, auth.userId, auth.orgId);
    if (!rec) throw badRequest(ASSIGNMENT_MSG.invalidRecordingAttachment);
    await insertAttachment(deps.db, { assignmentId, name: body.name, attachmentType: 'recording', recordingId: rec.id });
  }
  return presentOne(deps.db, l.viewer, assignmentId);
}

export async function removeAttachment(deps: TDeps, auth: TAuth, assignmentId: string, attachmentId: string): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertCanEdit(l);
  if (!(await deleteAttachment(deps.db, assignmentId, attachmentId))) throw notFound();
  return presentOne(deps.db, l.viewer, assignmentId);
}
