import { existsSync } from 'node:fs';
import { RECORDING_LIMITS, type TFailedCode } from '@rostrum/contract';
import type { TWorkerDeps } from '../../../jobs/job-types.js';
import { ORIGINAL_FILE } from '../../../storage/media-storage.js';
import { acceptableMedia } from '../media-check.js';
import type { TRecordingRow } from '../recordings.repository.js';
import { updateRecordingRow } from '../recordings.repository.js';
import { fetchUrlToFile, UrlFetchError } from '../url-fetcher.js';

/**
 * The analysis's first step: the original is in the work folder `dir` (`original` is its path).
 * A URL recording's file is fetched (once: a later try finds it) and checked like a finished
 * upload. Returns null when the original is there and acceptable, or the failure that will not get
 * better with another try; a network failure that might throws, so the job is tried again.
 */
export async function fetchMedia(
  deps: TWorkerDeps,
  rec: TRecordingRow,
  dir: string,
  original: string,
  lastTry: boolean,
): Promise<TFailedCode | null> {
  if (!existsSync(original)) {
    if (!rec.sourceUrl) return 'noData';
    try {
      await fetchUrlToFile(rec.sourceUrl, original, {
        maxBytes: RECORDING_LIMITS.maxBytes,
        timeoutMs: 5 * 60_000,
        allowHosts: deps.config.urlFetchAllowHosts,
      });
    } catch (err) {
      const kind = err instanceof UrlFetchError ? err.kind : 'failed';
      // A refused or oversized URL will not get better; a network failure might.
      if (kind === 'blocked') return 'urlBlocked';
      if (kind === 'too-large') return 'fileTooLarge';
      if (lastTry) return 'urlFetchFailed';
      throw err;
    }
    await deps.storage.save(rec.id, dir, [ORIGINAL_FILE]);
  }
  if (rec.sourceUrl) {
    // The same content check as a finished upload (also when an earlier try fetched the file):
    // only real media containers with audio, so a playlist or file list served at the URL never
    // reaches the analysis and playback runs.
    if (!(await acceptableMedia(original))) {
      await deps.storage.remove(rec.id);
      return 'invalidFileType';
    }
    if (rec.status === 'uploading') await updateRecordingRow(deps.db, rec.id, { status: 'processing' });
  }
  return null;
}
