import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TFailedCode } from '@rostrum/contract';
import type { TProbe } from '@rostrum/analysis';
import type { TJobDeps, TJobInfo, TWorkerDeps } from '../../../jobs/job-types.js';
import { ORIGINAL_FILE } from '../../../storage/media-storage.js';
import { currentWordspottingList } from '../../wordspotting/index.js';
import { findRecording, isRecordingGone, type TRecordingRow, updateRecordingRow } from '../recordings.repository.js';
import type { TChildStart } from './analyze-child.js';
import { capturePrefix } from './capture-prefix.js';
import { fetchMedia } from './fetch-media.js';
import { runAnalysisChild, type TPlaybackMessage } from './run-child.js';
import { storeResults, whenUnfinished } from './store-outcome.js';

// The `analyze-recording` job, in four steps: fetch the media (fetch-media.ts), decode and
// analyse in a child process (run-child.ts, analyze-child.ts), store the results through the
// recordings repository and notify (store-outcome.ts).

/** The job's payload (recording.jobs.ts parses it): the recording, and what the upload check's ffprobe said of its original. */
type TAnalyzeRecordingPayload = { recordingId: string; probed?: TProbe };

const markFailed = (deps: TWorkerDeps, recordingId: string, failedCode: TFailedCode) =>
  updateRecordingRow(deps.db, recordingId, { status: 'failed', failedCode });

/** A re-analysis that cannot finish ends quietly: the recording keeps the results it had. */
const endReanalysis = (deps: TWorkerDeps, recordingId: string) => updateRecordingRow(deps.db, recordingId, { reanalysisRequestedAt: null });

/**
 * Transient faults throw (pg-boss retries with backoff); faults that would repeat mark the
 * recording failed with the spec's reason. The last retry marks it failed too.
 */
export async function handleAnalyzeRecording(deps: TJobDeps, payload: TAnalyzeRecordingPayload, job: TJobInfo): Promise<void> {
  const rec = await findRecording(deps.db, payload.recordingId);
  if (!rec || rec.deletedAt || rec.status === 'failed') return;
  // A finished recording is analysed again only when a re-analysis was asked for (its media stay).
  const reanalysis = rec.status === 'done';
  if (reanalysis && !rec.reanalysisRequestedAt) return;
  // A local folder with the original in it (media storage in a bucket: a scratch copy).
  const dir = await deps.storage.workDir(rec.id);
  try {
    return await analyzeIn(deps, rec, dir, reanalysis, job, payload.probed);
  } finally {
    await deps.storage.release(rec.id, dir);
  }
}

/**
 * The analysis's last try died with its worker (worker-registry.ts): nothing will run it again,
 * so the recording says so instead of processing for ever; a re-analysis ends quietly.
 */
export async function handleAnalyzeAbandoned(deps: TJobDeps, payload: TAnalyzeRecordingPayload): Promise<void> {
  const rec = await findRecording(deps.db, payload.recordingId);
  if (!rec || rec.deletedAt || rec.status === 'failed') return;
  if (rec.status === 'done') return endReanalysis(deps, rec.id);
  deps.log.error({ recordingId: rec.id }, 'analysis failed its last try: its worker is gone');
  return markFailed(deps, rec.id, 'unprocessable');
}

async function analyzeIn(
  deps: TJobDeps,
  rec: TRecordingRow,
  dir: string,
  reanalysis: boolean,
  job: TJobInfo,
  probed: TProbe | undefined,
): Promise<void> {
  const original = path.join(dir, ORIGINAL_FILE);
  const lastTry = job.retryCount >= job.retryLimit;
  if (reanalysis && !existsSync(original)) return endReanalysis(deps, rec.id);
  const unfetchable = await fetchMedia(deps, rec, dir, original, lastTry);
  if (unfetchable) return markFailed(deps, rec.id, unfetchable);

  // The list is decided now and kept with the results, so a later edit does not change them.
  const wordspotting = await currentWordspottingList(deps.db, rec);
  if (!reanalysis) await updateRecordingRow(deps.db, rec.id, { wordspotting });
  const start: TChildStart = {
    type: 'start',
    input: original,
    outDir: dir,
    trim: rec.trim ?? null,
    algorithm: rec.algorithm,
    numSpeakers: rec.numSpeakers,
    // No claimed speaker (released): the first speaker leads the Results, as for a new recording.
    speakerNum: rec.speakerNum ?? 1,
    wordSpotting: wordspotting.words,
    playback: !reanalysis,
    awaitsPrefix: !reanalysis,
    probed,
  };
  const startedAt = Date.now();
  deps.log.info({ recordingId: rec.id, try: job.retryCount + 1 }, 'analysis started');
  // The playback files are stored before the recording says they exist.
  const storePlayback = async (msg: TPlaybackMessage) => {
    const files = [msg.audio, msg.video, msg.peaks].filter((f): f is string => !!f).map((f) => path.basename(f));
    await deps.storage.save(rec.id, dir, files);
    await updateRecordingRow(deps.db, rec.id, {
      status: 'processing',
      duration: msg.duration,
      isVideo: msg.isVideo,
      playbackPath: path.basename(msg.audio),
      videoPath: msg.video ? path.basename(msg.video) : null,
      peaksPath: path.basename(msg.peaks),
    });
  };
  const prefix = start.awaitsPrefix
    ? capturePrefix(deps, rec).catch((err: unknown) => {
        deps.log.warn({ err, recordingId: rec.id }, 'live transcript unavailable: transcribing the whole recording');
        return undefined;
      })
    : null;
  const { exitCode, outcome } = await runAnalysisChild(start, storePlayback, prefix);

  // The voice lanes are stored before the row names them (like the playback files), and before
  // the deletion check below, which then removes them with the rest.
  if (outcome?.type === 'results') await deps.storage.save(rec.id, dir, [path.basename(outcome.lanes)]);
  // Deleted while it was analysed: its remove-recording-media job may have run before the child
  // wrote its last files, so they go now.
  if (await isRecordingGone(deps.db, rec.id)) {
    await deps.storage.remove(rec.id);
    return;
  }

  if (outcome?.type === 'results') {
    const stored = await storeResults(deps, rec, outcome, start.speakerNum, wordspotting, reanalysis);
    if (!stored) {
      deps.log.warn({ recordingId: rec.id }, 'analysis finished twice: the first results are kept');
      return;
    }
    const seconds = (Date.now() - startedAt) / 1000;
    if (reanalysis) deps.log.info({ recordingId: rec.id, seconds }, 're-analysis finished');
    else {
      const ms = Object.fromEntries(Object.entries(outcome.timings).map(([k, v]) => [k, Math.round(v)]));
      deps.log.info({ recordingId: rec.id, seconds, ms, transcribedPrefix: outcome.transcribedPrefix }, 'analysis finished');
    }
    return;
  }
  deps.log.warn({ recordingId: rec.id, exitCode, outcome }, 'analysis did not finish');
  const next = whenUnfinished(outcome, exitCode, reanalysis, lastTry);
  if (next.kind === 'retry') throw new Error(next.reason);
  if (next.kind === 'end-reanalysis') return endReanalysis(deps, rec.id);
  return markFailed(deps, rec.id, next.failedCode);
}
