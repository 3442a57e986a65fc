import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadsDirOf } from '../../storage/media-storage.js';
import { UNSAVED_TAKE_KEEP_MS } from '@rostrum/contract';
import { TUS_EXPIRY_MS, UPLOAD_EXPIRY_MS } from './upload-expiry.js';
import type { TWorkerDeps } from '../../jobs/job-types.js';
import { existingCaptureIds, removeUnboundCapturesBefore } from './live-captures/live-captures.repository.js';
import { removeUnfinishedUploadsBefore } from './recordings.repository.js';

const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.json)?$/;

/** When a tus upload started: its metadata's creation_date, else the partial file's time. */
async function startedAt(dir: string, id: string): Promise<number | null> {
  try {
    const info = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as { creation_date?: string };
    const t = Date.parse(info.creation_date ?? '');
    if (Number.isFinite(t)) return t;
  } catch {
    // No or unreadable metadata: fall back to the file's own time.
  }
  try {
    return (await stat(path.join(dir, id))).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The `expire-uploads` job: recordings still waiting for their file (status uploading, no URL)
 * older than UPLOAD_EXPIRY_MS are deleted with their uploads, and so are live captures their
 * owner neither saved nor discarded older than UNSAVED_TAKE_KEEP_MS; other partial files in
 * DATA_DIR/uploads go after UPLOAD_EXPIRY_MS unless they are a capture still kept. Idempotent,
 * so two workers running it at once do no harm.
 */
export async function handleExpireUploads(deps: TWorkerDeps, now = Date.now()): Promise<{ recordings: number; uploads: number }> {
  const cutoff = now - UPLOAD_EXPIRY_MS;
  const gone = await removeUnfinishedUploadsBefore(deps.db, new Date(cutoff));
  const goneIds = new Set(gone);
  for (const id of goneIds) await deps.storage.remove(id);
  // Unsaved takes are kept longer than uploads (their bytes are a tus upload under the capture
  // id); a saved one goes with its recording (the foreign key cascades).
  for (const id of await removeUnboundCapturesBefore(deps.db, new Date(now - UNSAVED_TAKE_KEEP_MS))) goneIds.add(id);

  if (deps.storage.kind === 's3') {
    // Unfinished uploads live in the bucket (@tus/s3-store): the store drops expired ones.
    for (const id of goneIds) await deps.storage.dropUpload(id);
    let uploads = 0;
    try {
      // Older than any upload is kept; a recording's own upload went with its recording above.
      uploads = await deps.storage.uploadStore(TUS_EXPIRY_MS).deleteExpired();
    } catch (err) {
      // Some S3-compatible servers cannot list multipart uploads: their lifecycle rule does it.
      deps.log.warn({ err }, 'expired uploads could not be listed in the bucket');
    }
    if (gone.length || uploads) deps.log.info({ recordings: gone.length, uploads }, 'unfinished uploads expired');
    return { recordings: gone.length, uploads };
  }
  const dir = uploadsDirOf(deps.config.dataDir);
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  // tus names each upload after its recording id (see uploads.routes.ts); nothing else is ours.
  const ids = new Set(names.filter((n) => UPLOAD_NAME.test(n)).map((n) => n.replace(/\.json$/, '')));
  const captures = await existingCaptureIds(
    deps.db,
    [...ids].filter((id) => !goneIds.has(id)),
  );
  let uploads = 0;
  for (const id of ids) {
    if (captures.has(id)) continue;
    const started = await startedAt(dir, id);
    if (!goneIds.has(id) && (started === null || started >= cutoff)) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    uploads++;
  }
  if (gone.length || uploads) deps.log.info({ recordings: gone.length, uploads }, 'unfinished uploads expired');
  return { recordings: gone.length, uploads };
}
