import { isRecordingGone } from './recordings.repository.js';
import type { TWorkerDeps } from '../../jobs/job-types.js';

/**
 * The `remove-recording-media` job, enqueued in the transaction that deletes a recording: its
 * media folder goes once the deletion has committed. A failure throws, and pg-boss tries again.
 */
export async function handleRemoveRecordingMedia(deps: TWorkerDeps, payload: { recordingId: string }): Promise<void> {
  // Only a deleted (or vanished) recording's files: this job never takes a live recording's media.
  if (!(await isRecordingGone(deps.db, payload.recordingId))) return;
  await deps.storage.remove(payload.recordingId);
  deps.log.info({ recordingId: payload.recordingId }, 'deleted recording media removed');
}
