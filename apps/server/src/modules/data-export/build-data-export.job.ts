import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { DATA_EXPORT_LINK_DAYS, toText } from '@rostrum/contract';
import type { TJobDeps, TJobInfo } from '../../jobs/job-types.js';
import { ORIGINAL_FILE, type TMediaStorage } from '../../storage/media-storage.js';
import { announceExportReady } from './data-export-mail.js';
import {
  findExport,
  findPersonWithOrg,
  listFeedbackReceivedOn,
  listFeedbackWrittenBy,
  listOwnMemberships,
  listOwnRecordingsForExport,
  listScorecardResponsesFor,
  updateExport,
} from './data-export.repository.js';
import {
  assignmentsDocument,
  consentsDocument,
  feedbackDocument,
  json,
  membershipsDocument,
  profileDocument,
  readmeText,
  recordingDocument,
  resultsOf,
  scorecardsDocument,
  type TOwnRecording,
} from './export-documents.js';
import { putZip, scratchDirOf, zipKeyOf } from './export-storage.js';

// The build-data-export job: gathers the person's rows, streams a zip to a scratch file (media are
// read from the storage one at a time, never whole into memory), stores it under data-exports/,
// marks the export ready for DATA_EXPORT_LINK_DAYS and tells the person (bell and email).

const DAY_MS = 24 * 3600 * 1000;

/** The original's name in the zip: "original" with the uploaded file's extension, when it had a plain one. */
export function originalNameOf(fileName: string | null): string {
  const ext = path.extname(fileName ?? '').toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? `original${ext}` : 'original';
}

/** Resolves once the archive has written the entry of this name (so its source may be released). */
function entryWritten(archive: ZipArchive, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = (e: { name: string }) => {
      if (e.name !== name) return;
      archive.off('entry', onEntry);
      archive.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      archive.off('entry', onEntry);
      reject(err);
    };
    archive.on('entry', onEntry);
    archive.on('error', onError);
  });
}

/** Adds a recording's stored original (through the storage: a local folder or a bucket's copy); its name, or null when none is stored. */
async function appendOriginal(archive: ZipArchive, storage: TMediaStorage, row: TOwnRecording, folder: string): Promise<string | null> {
  const dir = await storage.workDir(row.r.id);
  try {
    const file = path.join(dir, ORIGINAL_FILE);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const name = originalNameOf(row.r.fileName);
    const written = entryWritten(archive, `${folder}/${name}`);
    // Media are compressed already: stored, not deflated again.
    archive.file(file, { name: `${folder}/${name}`, store: true } as Parameters<ZipArchive['file']>[1]);
    await written;
    return name;
  } finally {
    await storage.release(row.r.id, dir);
  }
}

/** Writes the whole zip to `file`; calls `progress` after each recording. */
async function writeZip(deps: TJobDeps, userId: string, file: string, progress: (done: number, total: number) => Promise<void>) {
  const person = await findPersonWithOrg(deps.db, userId);
  if (!person) throw new Error('data export: the person is gone');
  const own = await listOwnRecordingsForExport(deps.db, userId);
  const [memberships, written, received, responses] = await Promise.all([
    listOwnMemberships(deps.db, userId),
    listFeedbackWrittenBy(deps.db, userId),
    listFeedbackReceivedOn(
      deps.db,
      userId,
      own.map((o) => o.r.id),
    ),
    listScorecardResponsesFor(deps.db, userId),
  ]);
  const out = createWriteStream(file);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // Awaited after finalize; a failure before that is handled by the catch below.
  const done = finished(out);
  done.catch(() => undefined);
  let failure: Error | null = null;
  archive.on('error', (err) => {
    failure ??= err;
  });
  archive.pipe(out);
  try {
    const now = new Date();
    archive.append(readmeText(person, now, own.length), { name: 'README.txt' });
    archive.append(json(profileDocument(person)), { name: 'profile.json' });
    archive.append(json(consentsDocument(person)), { name: 'consents.json' });
    archive.append(json(membershipsDocument(person, memberships)), { name: 'memberships.json' });
    archive.append(json(feedbackDocument(userId, own, written, received)), { name: 'feedback.json' });
    archive.append(json(assignmentsDocument(own)), { name: 'assignments.json' });
    archive.append(json(scorecardsDocument(userId, responses)), { name: 'scorecards.json' });
    await progress(0, own.length);
    let count = 0;
    for (const row of own) {
      const folder = `recordings/${row.r.id}`;
      const media = await appendOriginal(archive, deps.storage, row, folder);
      archive.append(json(recordingDocument(row, media)), { name: `${folder}/recording.json` });
      const results = resultsOf(row);
      if (results) {
        archive.append(json(results), { name: `${folder}/results.json` });
        archive.append(toText(row.r.title, results), { name: `${folder}/transcript.txt` });
      }
      if (failure) throw failure;
      await progress(++count, own.length);
    }
    await archive.finalize();
    if (failure) throw failure;
    await done;
  } catch (err) {
    // Nothing half-written stays open: the caller removes the file.
    archive.abort();
    out.destroy();
    throw err;
  }
  return person;
}

export async function handleBuildDataExport(deps: TJobDeps, payload: { exportId: string }, job: TJobInfo): Promise<void> {
  const row = await findExport(deps.db, payload.exportId);
  // Already finished (a retry after success) or gone with its person.
  if (!row || (row.state !== 'queued' && row.state !== 'building')) return;
  await updateExport(deps.db, row.id, { state: 'building', startedAt: new Date(), progressDone: 0 });
  const file = path.join(await scratchDirOf(deps.config.dataDir), `data-export-${row.id}.zip`);
  try {
    const person = await writeZip(deps, row.userId, file, async (done, total) => {
      await updateExport(deps.db, row.id, { progressDone: done, progressTotal: total });
    });
    const key = zipKeyOf(row.id);
    await putZip(deps.storage, key, file);
    const size = (await stat(file)).size;
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
    await deps.db.transaction(async (tx) => {
      await updateExport(tx, row.id, { state: 'ready', storageKey: key, sizeBytes: size, readyAt, expiresAt });
      await announceExportReady(tx, deps, person.u, expiresAt);
    });
  } catch (err) {
    // The last try: the person sees it failed and may ask again.
    if (job.retryCount >= job.retryLimit) await markFailed(deps, row.id);
    throw err;
  } finally {
    await rm(file, { force: true });
  }
}

async function markFailed(deps: Pick<TJobDeps, 'db'>, exportId: string) {
  await updateExport(deps.db, exportId, { state: 'failed', failedAt: new Date() });
}

/** The last try died with its worker: the export failed. */
export async function handleBuildDataExportAbandoned(deps: TJobDeps, payload: { exportId: string }): Promise<void> {
  const row = await findExport(deps.db, payload.exportId);
  if (row && (row.state === 'queued' || row.state === 'building')) await markFailed(deps, row.id);
}
