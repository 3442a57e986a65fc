import type { TTranscribedPrefix } from '@rostrum/analysis';
import type { TWorkerDeps } from '../../../jobs/job-types.js';
import { findCaptureOfRecording } from '../live-captures/live-captures.repository.js';
import type { TRecordingRow } from '../recordings.repository.js';

/** How long the analysis waits for a live capture's window in progress (a 30 s window takes about 10 s). */
const LIVE_WINDOW_WAIT_MS = 15_000;

/**
 * What the live capture's worker transcribed of this recording while it was recorded, for the
 * analysis to transcribe only the rest. Not with a trim (its times would not match the trimmed
 * audio); analyze() itself ignores it when it listened for other phrases than the recording's.
 */
export async function capturePrefix(deps: TWorkerDeps, rec: TRecordingRow): Promise<TTranscribedPrefix | undefined> {
  if (rec.trim) return undefined;
  let capture = await findCaptureOfRecording(deps.db, rec.id);
  // A window the live transcription is working on (usually the last one, started at Stop) is
  // waited for rather than transcribed a second time beside it.
  const waitUntil = Date.now() + LIVE_WINDOW_WAIT_MS;
  while (capture?.busyUntil && capture.busyUntil.getTime() > Date.now() && Date.now() < waitUntil) {
    await new Promise((r) => setTimeout(r, 250));
    capture = await findCaptureOfRecording(deps.db, rec.id);
  }
  if (!capture || capture.transcribedUntil <= 0) return undefined;
  return {
    until: capture.transcribedUntil,
    words: capture.words as TTranscribedPrefix['words'],
    keywordHits: capture.keywordHits as TTranscribedPrefix['keywordHits'],
    keywords: capture.keywords,
  };
}
