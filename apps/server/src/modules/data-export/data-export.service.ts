import type { Readable } from 'node:stream';
import { DATA_EXPORT_MSG, type TDataExport } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { conflict, HttpError, notFound } from '../../errors.js';
import { buildDataExportJob } from './data-export.jobs.js';
import { presentDataExport, stateOf } from './data-export.presenter.js';
import { findLatestExport, findOwnExport, findRunningExport, insertQueuedExport } from './data-export.repository.js';
import { openZip } from './export-storage.js';

// Export my data: only ever the caller's own. Every lookup is by the signed-in user's id, so
// another person's export id is simply not found (404), never told apart from an unknown one.

/**
 * POST me/data-export: a new export, queued with its job in one transaction; while one is queued
 * or building, that one (created false) instead of a second.
 */
export async function requestDataExport(deps: TDeps, auth: TAuth): Promise<{ created: boolean; dataExport: TDataExport }> {
  const result = await deps.db.transaction(async (tx) => {
    const running = await findRunningExport(tx, auth.userId);
    if (running) return { created: false, row: running };
    const row = await insertQueuedExport(tx, auth.userId);
    // A request at the same moment won the one running slot: that one is the answer.
    if (!row) {
      const other = await findRunningExport(tx, auth.userId);
      if (!other) throw conflict('Please try again.');
      return { created: false, row: other };
    }
    await deps.queue.enqueue(tx, buildDataExportJob, { exportId: row.id });
    return { created: true, row };
  });
  if (result.created) deps.queue.wakeWorkers(buildDataExportJob.name);
  return { created: result.created, dataExport: presentDataExport(result.row) };
}

/** GET me/data-export: the latest export's state (state 'none' before the first). */
export async function getDataExport(deps: TDeps, auth: TAuth): Promise<TDataExport> {
  return presentDataExport(await findLatestExport(deps.db, auth.userId));
}

export interface TExportDownload {
  body: Readable;
  fileName: string;
  size: number | null;
}

/** The zip's file name: the day it was made. */
export const zipFileName = (readyAt: Date | null) => `rostrum-data-${(readyAt ?? new Date()).toISOString().slice(0, 10)}.zip`;

/** GET me/data-export/{id}/download: the owner's ready zip; 404 for anyone else's, 410 once expired, 409 before it is ready. */
export async function openDataExportDownload(deps: TDeps, auth: TAuth, exportId: string): Promise<TExportDownload> {
  const row = await findOwnExport(deps.db, auth.userId, exportId);
  if (!row) throw notFound();
  const state = stateOf(row);
  if (state === 'expired') throw new HttpError(410, DATA_EXPORT_MSG.expired);
  if (state !== 'ready' || !row.storageKey) throw conflict(DATA_EXPORT_MSG.notReady);
  const body = await openZip(deps.storage, row.storageKey);
  if (!body) throw new HttpError(410, DATA_EXPORT_MSG.expired);
  return { body, fileName: zipFileName(row.readyAt), size: row.sizeBytes };
}
