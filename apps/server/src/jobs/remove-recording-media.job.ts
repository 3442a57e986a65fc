import { eq } from 'drizzle-orm';
import { recordings } from '../db/schema.js';
import type { TRemoveRecordingMediaPayload, TWorkerDeps } from './job-types.js';

/**
 * The `remove-recording-media` job, enqueued in the transaction that deletes a recording: its
 * media folder goes once the deletion has committed. A failure throws, and pg-boss tries again.
 */
export async function handleRemoveRecordingMedia(deps: TWorkerDeps, payload: TRemoveRecordingMediaPayload): Promise<void> {
  const [rec] = await deps.db.select({ deletedAt: recordings.deletedAt }).from(recordings).where(eq(recordings.id, payload.recordingId));
  // Only a deleted (or vanished) recording's files: this job never takes a live recording's media.
  if (rec && !rec.deletedAt) return;
  await deps.storage.remove(payload.recordingId);
  deps.log.info({ recordingId: payload.recordingId }, 'deleted recording media removed');
}
