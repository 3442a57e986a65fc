import { rm } from 'node:fs/promises';
import type { z } from 'zod';
import {
  ERROR_CODES,
  INTAKE_MSG,
  LIVE_CAPTURE_MSG,
  RECORDING_LIMITS,
  type TUnsavedTake,
  UNSAVED_TAKE_KEEP_MS,
  type ZSaveUnsavedTakeBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import type { TAuth } from '../../../auth/auth-context.js';
import { badRequest, conflict, HttpError } from '../../../errors.js';
import { acceptableMedia } from '../media-check.js';
import { createRecording } from '../recordings.service.js';
import { ownCapture } from './capture-access.js';
import { listUnboundCaptures, markCaptureComplete, setReceivedSeconds } from './live-captures.repository.js';

// Unsaved takes: live captures their owner has neither saved nor discarded (a closed tab, a
// crashed browser, a phone gone to sleep mid-take). They are kept UNSAVED_TAKE_KEEP_DAYS, listed
// to their owner only, and saved from whatever reached the server.

/** GET live-captures: the caller's unsaved takes in their organisation, newest first. */
export async function listUnsavedTakes(deps: TDeps, auth: TAuth, now = Date.now()): Promise<TUnsavedTake[]> {
  const rows = await listUnboundCaptures(deps.db, auth, new Date(now - UNSAVED_TAKE_KEEP_MS));
  return rows.map(({ c, assignmentName }) => ({
    captureId: c.id,
    startedAt: c.createdAt.toISOString(),
    expiresAt: new Date(c.createdAt.getTime() + UNSAVED_TAKE_KEEP_MS).toISOString(),
    receivedSeconds: c.receivedSeconds,
    stopped: c.complete,
    assignment: c.assignmentId && assignmentName !== null ? { assignmentId: c.assignmentId, name: assignmentName } : null,
    // The server keeps no title for a take: the save form asks for it.
    needs: ['title'],
  }));
}

/**
 * "Save it": the take becomes a recording through createRecording, exactly as the Record tab's
 * Save (every check of POST recordings with a captureId). A take whose stop never arrived is
 * ended at the bytes received first. The 5 s minimum is checked on what the server has.
 */
export async function saveUnsavedTake(
  deps: TDeps,
  auth: TAuth,
  captureId: string,
  body: z.output<typeof ZSaveUnsavedTakeBodySchema>,
): Promise<{ recordingId: string; uploadUrl: string | null }> {
  const capture = await ownCapture(deps.db, auth, captureId);
  if (capture.recordingId) throw conflict(LIVE_CAPTURE_MSG.bound, ERROR_CODES.liveCaptureBound);
  const received = await deps.storage.endUploadAsReceived(captureId);
  if (!received?.bytes) throw badRequest(INTAKE_MSG.tooShort(0), ERROR_CODES.recordingTooShort);
  if (!capture.complete) await markCaptureComplete(deps.db, captureId);
  const seconds = await receivedDuration(deps, captureId);
  await setReceivedSeconds(deps.db, captureId, seconds);
  if (seconds < RECORDING_LIMITS.minSeconds) throw badRequest(INTAKE_MSG.tooShort(Math.floor(seconds)), ERROR_CODES.recordingTooShort);
  return createRecording(deps, auth, {
    ...body,
    source: 'ui record form',
    captureId,
    ...(received.fileName ? { fileName: received.fileName } : {}),
    fileSize: received.bytes,
  });
}

/** The length of the finished capture upload, by ffprobe (415 when it is no audio at all; the take stays). */
async function receivedDuration(deps: TDeps, captureId: string): Promise<number> {
  const file = await deps.storage.finishedUploadFile(captureId);
  try {
    const facts = await acceptableMedia(file);
    if (!facts) throw new HttpError(415, INTAKE_MSG.invalidFileType, ERROR_CODES.recordingInvalidFiletype);
    return facts.duration;
  } finally {
    // A bucket's upload was copied to a scratch file for the probe; a local one is the upload itself.
    if (deps.storage.kind === 's3') await rm(file, { force: true });
  }
}
