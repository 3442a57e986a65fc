import type { TDataExportSummary } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { presentDataExportSummary } from './data-export.presenter.js';
import { findLatestExport } from './data-export.repository.js';

/** The user shape's `dataExport` (GET me, PUT me): the latest export in brief, or null. */
export async function latestDataExportSummary(db: TDb, userId: string): Promise<TDataExportSummary | null> {
  return presentDataExportSummary(await findLatestExport(db, userId));
}
