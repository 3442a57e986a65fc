import type { z } from 'zod';
import {
  ERROR_CODES,
  LIVE_CAPTURE_MSG,
  LIVE_CAPTURES_PER_HOUR,
  LIVE_CAPTURES_PER_USER,
  type TLiveCapture,
  UNSAVED_TAKE_KEEP_MS,
  type ZCreateLiveCaptureBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import type { TAuth } from '../../../auth/auth-context.js';
import { conflict, HttpError } from '../../../errors.js';
import { reserveAll } from '../../auth/index.js';
import { findOrganisation } from '../../org/index.js';
import { currentWordspottingList } from '../../wordspotting/index.js';
import { findRecording } from '../recordings.repository.js';
import { assertCanUpload, finishFromUpload, speakerGroup, UPLOAD_PATH } from '../recordings.service.js';
import { assignmentForNewRecording } from '../recording-assignment.js';
import { findAssignmentInOrg } from '../../assignments/index.js';
import {
  countUnboundCaptures,
  findLiveCapture,
  insertLiveCapture,
  markCaptureComplete,
  removeUnboundCapture,
} from './live-captures.repository.js';
import { ownCapture } from './capture-access.js';

const HOUR_SECONDS = 3600;

/**
 * Starts a live capture: whoever may record (the rule of POST recordings: an active speaker
 * membership) may. The word-spotting phrases the live transcription listens for are those a
 * recording of the caller without group or assignment would count; the analysis checks them again.
 * A user with LIVE_CAPTURES_PER_USER unsaved takes gets none (409): no take is dropped to make room.
 */
export async function createLiveCapture(
  deps: TDeps,
  auth: TAuth,
  body: z.output<typeof ZCreateLiveCaptureBodySchema>,
): Promise<TLiveCapture> {
  const group = await speakerGroup(deps, auth, undefined);
  const since = new Date(Date.now() - UNSAVED_TAKE_KEEP_MS);
  if ((await countUnboundCaptures(deps.db, auth.userId, since)) >= LIVE_CAPTURES_PER_USER)
    throw conflict(LIVE_CAPTURE_MSG.tooManyUnsaved, ERROR_CODES.liveCaptureLimit);
  const key = `live-capture:user:${auth.userId}`;
  if (await reserveAll(deps.db, [{ key, windowSeconds: HOUR_SECONDS, limit: LIVE_CAPTURES_PER_HOUR }]))
    throw new HttpError(429, LIVE_CAPTURE_MSG.tooMany, ERROR_CODES.rateLimited);
  const org = await findOrganisation(deps.db, auth.orgId);
  const algorithm = org!.algorithmConfig.default_algorithm;
  const list = await currentWordspottingList(deps.db, {
    orgId: auth.orgId,
    userId: auth.userId,
    groupId: group.id,
    algorithm,
    assignmentId: null,
  });
  const assignmentId = body.assignmentId && org!.settings.Assignments ? await takeAssignment(deps, auth, body.assignmentId) : null;
  const captureId = await insertLiveCapture(deps.db, { orgId: auth.orgId, userId: auth.userId, keywords: list.words, assignmentId });
  return { captureId, uploadUrl: UPLOAD_PATH };
}

/**
 * The assignment a take is recorded for, if the caller may record into it (the rule of a new
 * recording, with the assignment's own speaker type); else none: it is only what the unsaved
 * take is offered with, and Save checks the assignment again.
 */
async function takeAssignment(deps: TDeps, auth: TAuth, assignmentId: string): Promise<string | null> {
  const found = await findAssignmentInOrg(deps.db, auth.orgId, assignmentId);
  if (!found) return null;
  try {
    return (await assignmentForNewRecording(deps.db, auth, assignmentId, found.a.criteria.algorithm)).assignmentId;
  } catch (err) {
    if (err instanceof HttpError) return null;
    throw err;
  }
}

/** Discards an unbound capture: its bytes and transcripts. A saved one goes with its recording. */
export async function deleteLiveCapture(deps: TDeps, auth: TAuth, captureId: string): Promise<void> {
  const capture = await ownCapture(deps.db, auth, captureId);
  if (capture.recordingId || !(await removeUnboundCapture(deps.db, captureId)))
    throw conflict(LIVE_CAPTURE_MSG.bound, ERROR_CODES.liveCaptureBound);
  await deps.storage.dropUpload(captureId);
}

/**
 * Who may create, resume, finish or cancel the tus upload `uploadId`: a capture's owner while its
 * recording (if bound) waits for the file; else the rule of a recording's upload (assertCanUpload).
 */
export async function assertCanUploadTo(deps: TDeps, auth: TAuth, uploadId: string): Promise<'capture' | 'recording'> {
  if (!(await findLiveCapture(deps.db, uploadId))) {
    await assertCanUpload(deps, auth, uploadId);
    return 'recording';
  }
  const capture = await ownCapture(deps.db, auth, uploadId);
  if (capture.recordingId) {
    const rec = await findRecording(deps.db, capture.recordingId);
    if (rec?.status !== 'uploading') throw new HttpError(409, 'This recording already has its file', ERROR_CODES.recordingHasFile);
  }
  return 'capture';
}

/**
 * tus received a capture's last byte: a bound capture's recording gets its file now (the same
 * finishUpload as any upload); an unbound one keeps its bytes until POST recordings binds it.
 */
export async function finishCaptureUpload(deps: TDeps, captureId: string): Promise<void> {
  const recordingId = await markCaptureComplete(deps.db, captureId);
  if (recordingId) await finishFromUpload(deps, recordingId, captureId);
}
