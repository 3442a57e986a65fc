import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ERROR_CODES, type TExportFormat, type TResults, ZResultsSchema, toSrt, toText, toVtt } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { mayExport } from '../../auth/policies.js';
import { conflict, forbidden } from '../../errors.js';
import { canHearWith, loadWithAccess } from '../recordings/index.js';
import { contentDisposition, fileStem } from '../assignments/index.js';
import { resultsCsvRows } from './results-csv.js';
import { resultsPdf } from './results-pdf.js';

// GET recordings/{id}/export/{format} (issue 20): whoever may hear the recording (recordingAccess,
// as its results page) downloads its transcript, results or report once it has results.

export const EXPORT_MSG = { noResults: 'This recording has no results to download yet.' } as const;

export interface TExport {
  contentType: string;
  disposition: string;
  body: string | Buffer | Readable;
}

const TYPES: Record<TExportFormat, string> = {
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** The download's file name: the recording's title made safe, then what it holds. */
export function exportFileName(title: string, format: TExportFormat): string {
  const what = format === 'vtt' || format === 'srt' || format === 'txt' ? 'transcript' : format === 'pdf' ? 'report' : 'results';
  return `${fileStem(title, 'Recording')} ${what}.${format}`;
}

/** One export of results the caller may read; `about` names the recording. */
export function renderExport(
  format: TExportFormat,
  about: { title: string; createdAt: Date; speaker: string; duration: number | null; speakerNum: number | null },
  results: TResults,
): TExport {
  const done = (body: TExport['body']): TExport => ({
    contentType: TYPES[format],
    disposition: contentDisposition(exportFileName(about.title, format)),
    body,
  });
  switch (format) {
    case 'vtt':
      return done(toVtt(results));
    case 'srt':
      return done(toSrt(results));
    case 'txt':
      return done(toText(about.title, results));
    case 'json':
      // Exactly the documented Results shape: parsing drops anything stored beside it.
      return done(`${JSON.stringify(ZResultsSchema.parse(results), null, 2)}\n`);
    case 'csv':
      // UTF-8 with a byte order mark and CRLF, as the CSV reports (spreadsheets read accents).
      return done(Readable.from(resultsCsvRows(about.title, results)).pipe(stringify({ bom: true, record_delimiter: 'windows' })));
    case 'pdf':
      return done(resultsPdf({ ...about, results }));
  }
}

export async function exportRecording(deps: TDeps, auth: TAuth, recordingId: string, format: TExportFormat): Promise<TExport> {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  const results = row.r.results as TResults | null;
  // One who may only see it in a list (a coach at privacy level 2 or 3) hears nothing of it.
  if (!canHearWith(access)) throw forbidden();
  if (!mayExport(access, row.r.status) || !results) throw conflict(EXPORT_MSG.noResults, ERROR_CODES.exportNoResults);
  const about = {
    title: row.r.title,
    createdAt: row.r.createdAt,
    speaker: `${row.firstName} ${row.lastName}`,
    duration: row.r.duration,
    speakerNum: row.r.speakerNum,
  };
  return renderExport(format, about, results);
}
