import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { recordings } from '../db/schema.js';
import { uploadsDirOf } from '../storage/media-storage.js';
import type { TWorkerDeps } from './queue.js';
import { removeUnboundCapturesBefore } from '../modules/live-captures/live-captures.repository.js';

/** An unfinished upload is kept this long after it was started (tus also answers 410 after it). */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.json)?$/;
/** How often the workers run the expiry. */
export const EXPIRE_UPLOADS_EVERY_SECONDS = 3600;

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
 * The `expire-uploads` job: unfinished tus uploads older than UPLOAD_EXPIRY_MS lose their partial
 * files in DATA_DIR/uploads, and recordings still waiting for their file (status uploading, no
 * URL) and unsaved live captures that old are deleted. Both are idempotent, so two workers running it at once do no harm.
 */
export async function handleExpireUploads(deps: TWorkerDeps, now = Date.now()): Promise<{ recordings: number; uploads: number }> {
  const cutoff = now - UPLOAD_EXPIRY_MS;
  const gone = await deps.db
    .delete(recordings)
    .where(and(eq(recordings.status, 'uploading'), isNull(recordings.sourceUrl), lt(recordings.createdAt, new Date(cutoff))))
    .returning({ id: recordings.id });
  const goneIds = new Set(gone.map((r) => r.id));
  for (const id of goneIds) await deps.storage.remove(id);
  // Live captures never saved as a recording expire like uploads (their bytes are a tus upload
  // under the capture id); a saved one goes with its recording (the foreign key cascades).
  for (const id of await removeUnboundCapturesBefore(deps.db, new Date(cutoff))) goneIds.add(id);

  if (deps.storage.kind === 's3') {
    // Unfinished uploads live in the bucket (@tus/s3-store): the store drops expired ones.
    for (const id of goneIds) await deps.storage.dropUpload(id);
    let uploads = 0;
    try {
      uploads = await deps.storage.uploadStore(UPLOAD_EXPIRY_MS).deleteExpired();
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
  let uploads = 0;
  for (const id of ids) {
    const started = await startedAt(dir, id);
    if (!goneIds.has(id) && (started === null || started >= cutoff)) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    uploads++;
  }
  if (gone.length || uploads) deps.log.info({ recordings: gone.length, uploads }, 'unfinished uploads expired');
  return { recordings: gone.length, uploads };
}
