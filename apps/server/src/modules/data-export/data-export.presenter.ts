import { API_PREFIX, type TDataExport, type TDataExportSummary } from '@rostrum/contract';
import type { TDataExportRow } from './data-export.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A ready export past its expiry counts as expired at once, even before the hourly job removes its zip. */
export function stateOf(row: TDataExportRow, now = new Date()): TDataExportRow['state'] {
  if (row.state === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.state;
}

/** The download's API path (the signed-in owner only). */
export const downloadPathOf = (exportId: string) => `${API_PREFIX}/me/data-export/${exportId}/download`;

export const NO_EXPORT: TDataExport = {
  exportId: null,
  state: 'none',
  requestedDate: null,
  readyDate: null,
  expiresAt: null,
  sizeBytes: null,
  progress: null,
  downloadUrl: null,
};

export function presentDataExport(row: TDataExportRow | null, now = new Date()): TDataExport {
  if (!row) return NO_EXPORT;
  const state = stateOf(row, now);
  return {
    exportId: row.id,
    state,
    requestedDate: row.createdAt.toISOString(),
    readyDate: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    sizeBytes: state === 'ready' ? row.sizeBytes : null,
    progress: state === 'building' ? { done: row.progressDone, total: row.progressTotal } : null,
    downloadUrl: state === 'ready' ? downloadPathOf(row.id) : null,
  };
}

/** The user shape's `dataExport`. */
export function presentDataExportSummary(row: TDataExportRow | null, now = new Date()): TDataExportSummary | null {
  if (!row) return null;
  return { exportId: row.id, state: stateOf(row, now), expiresAt: iso(row.expiresAt) };
}
