import { inArray } from 'drizzle-orm';
import type { TWorkerDeps } from '../../jobs/job-types.js';
import { liveCaptures, recordings } from '../../db/schema.js';

/**
 * The `remove-account-uploads` job, enqueued in the transaction that deletes an account: what tus
 * kept of its unsaved takes and unfinished uploads goes once that has committed (the recordings'
 * own media go through remove-recording-media). Never an upload whose row still exists.
 */
export async function handleRemoveAccountUploads(deps: TWorkerDeps, payload: { uploadIds: string[] }): Promise<void> {
  if (payload.uploadIds.length === 0) return;
  const [liveRecs, liveCaps] = await Promise.all([
    deps.db.select({ id: recordings.id }).from(recordings).where(inArray(recordings.id, payload.uploadIds)),
    deps.db.select({ id: liveCaptures.id }).from(liveCaptures).where(inArray(liveCaptures.id, payload.uploadIds)),
  ]);
  const kept = new Set([...liveRecs, ...liveCaps].map((r) => r.id));
  for (const id of payload.uploadIds) if (!kept.has(id)) await deps.storage.dropUpload(id);
}
