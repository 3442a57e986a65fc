import type { TWorkerDeps } from '../../jobs/job-types.js';
import { listExpiredReadyExports, statesOfExports, updateExport } from './data-export.repository.js';
import { listZipIds, removeZip, zipKeyOf } from './export-storage.js';

/**
 * Removes the zips of ready exports whose download time has passed and marks them expired (the
 * row stays, so the profile can say so); returns how many expired. A zip that cannot be removed
 * now stays ready-but-past-expiry (the download refuses it) and is tried again next hour. Then
 * sweeps stored zips whose export row is gone (its account was deleted: rows go with the user)
 * or that are expired or failed, so no one's data outlives them by more than an hour.
 */
export async function handleExpireDataExports(deps: Pick<TWorkerDeps, 'db' | 'storage'>, now = new Date()): Promise<number> {
  let expired = 0;
  for (const row of await listExpiredReadyExports(deps.db, now)) {
    if (row.storageKey) await removeZip(deps.storage, row.storageKey);
    await updateExport(deps.db, row.id, { state: 'expired', storageKey: null });
    expired++;
  }
  const stored = await listZipIds(deps.storage);
  const states = await statesOfExports(deps.db, stored);
  for (const id of stored) {
    const state = states.get(id);
    // Queued or building: its zip is being stored; ready: still downloadable.
    if (state === 'queued' || state === 'building' || state === 'ready') continue;
    await removeZip(deps.storage, zipKeyOf(id));
  }
  return expired;
}
