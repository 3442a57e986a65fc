import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FAILED_REASONS, type TFailedCode, ZResultsSchema } from '@rostrum/contract';
import type { TJobDeps } from '../../../jobs/job-types.js';
import { notifyRecordingEvents } from '../../notifications/index.js';
import { recordingFigures } from '../recording-figures.js';
import { storeFirstResults, type TRecordingRow, updateRecordingRow } from '../recordings.repository.js';
import type { TChildOutcome } from './run-child.js';

/** What becomes of an analysis that did not end with results. */
export type TUnfinished = { kind: 'retry'; reason: string } | { kind: 'fail'; failedCode: TFailedCode } | { kind: 'end-reanalysis' };

/**
 * Faults that would repeat mark the recording failed with the spec's reason; transient ones (a
 * retryable failure, a crash) are tried again, except on the last try. A re-analysis that cannot
 * finish ends quietly: the recording keeps the results it had.
 */
export function whenUnfinished(outcome: TChildOutcome | null, exitCode: number | null, reanalysis: boolean, lastTry: boolean): TUnfinished {
  const failed = outcome?.type === 'failed' ? outcome : null;
  if (reanalysis) {
    if (!lastTry && (!failed || failed.retryable)) return { kind: 'retry', reason: 're-analysis did not finish' };
    return { kind: 'end-reanalysis' };
  }
  if (failed) {
    if (failed.retryable && !lastTry) return { kind: 'retry', reason: `analysis failed: ${FAILED_REASONS[failed.failedCode]}` };
    return { kind: 'fail', failedCode: failed.failedCode };
  }
  // The child crashed or was killed.
  if (lastTry) return { kind: 'fail', failedCode: 'unprocessable' };
  return { kind: 'retry', reason: `analysis process ended with code ${exitCode}` };
}

/**
 * Stores the child's results through the recordings repository. A re-analysis replaces the
 * results it had. A first analysis's results and the emails they cause (the owner's "analyzed",
 * and the group notices of a recording shared or submitted before it was ready) commit together,
 * once: returns false when another run had stored them already.
 */
export async function storeResults(
  deps: TJobDeps,
  rec: TRecordingRow,
  done: Extract<TChildOutcome, { type: 'results' }>,
  speakerNum: number,
  wordspotting: TRecordingRow['wordspotting'],
  reanalysis: boolean,
): Promise<boolean> {
  const results = ZResultsSchema.parse(JSON.parse(await readFile(done.file, 'utf8')));
  const lanesPath = path.basename(done.lanes);
  // The analysis led the results with this speaker; the row's figures follow them.
  const figures = recordingFigures(results, speakerNum);
  if (reanalysis) {
    await updateRecordingRow(deps.db, rec.id, { results, lanesPath, ...figures, wordspotting, reanalysisRequestedAt: null });
    return true;
  }
  return deps.db.transaction(async (tx) => {
    const first = await storeFirstResults(tx, rec.id, { results, lanesPath, ...figures, failedCode: null });
    if (first) await notifyRecordingEvents(tx, deps, rec.id, { processed: true });
    return first;
  });
}
