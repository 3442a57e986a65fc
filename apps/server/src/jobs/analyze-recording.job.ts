import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, ne } from 'drizzle-orm';
import { FAILED_REASONS, RECORDING_LIMITS, type TFailedCode, ZResultsSchema } from '@rostrum/contract';
import { recordings } from '../db/schema.js';
import { acceptableMedia } from '../modules/recordings/media-check.js';
import { fetchUrlToFile, UrlFetchError } from '../modules/recordings/url-fetcher.js';
import type { TChildMessage, TChildPrefix, TChildStart } from './analyze-child.js';
import { notifyRecordingEvents } from '../modules/notifications/notify.js';
import { currentWordspottingList } from '../modules/wordspotting/resolve-list.js';
import type { TAnalyzeRecordingPayload, TJobDeps, TJobInfo, TWorkerDeps } from './job-types.js';
import { ORIGINAL_FILE } from '../storage/media-storage.js';
import type { TProbe, TTranscribedPrefix } from '@rostrum/analysis';
import { findCaptureOfRecording } from '../modules/live-captures/live-captures.repository.js';
import { recordingFigures } from '../modules/recordings/recording-figures.js';

// The child always runs as built JavaScript (also when tests run this module from source).
const HERE = fileURLToPath(import.meta.url);
const CHILD = HERE.endsWith('.ts')
  ? path.resolve(path.dirname(HERE), '../../dist/jobs/analyze-child.js')
  : path.join(path.dirname(HERE), 'analyze-child.js');

export { ORIGINAL_FILE } from '../storage/media-storage.js';

async function markFailed(deps: TWorkerDeps, recordingId: string, failedCode: TFailedCode) {
  await deps.db.update(recordings).set({ status: 'failed', failedCode }).where(eq(recordings.id, recordingId));
}

/** A re-analysis that cannot finish ends quietly: the recording keeps the results it had. */
async function endReanalysis(deps: TWorkerDeps, recordingId: string) {
  await deps.db.update(recordings).set({ reanalysisRequestedAt: null }).where(eq(recordings.id, recordingId));
}

/**
 * The `analyze-recording` job: fetch a URL source if needed, then run the child process.
 * Transient faults throw (pg-boss retries with backoff); faults that would repeat mark the
 * recording failed with the spec's reason. The last retry marks it failed too.
 */
export async function handleAnalyzeRecording(deps: TJobDeps, payload: TAnalyzeRecordingPayload, job: TJobInfo): Promise<void> {
  const [rec] = await deps.db.select().from(recordings).where(eq(recordings.id, payload.recordingId));
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
  const [rec] = await deps.db.select().from(recordings).where(eq(recordings.id, payload.recordingId));
  if (!rec || rec.deletedAt || rec.status === 'failed') return;
  if (rec.status === 'done') return endReanalysis(deps, rec.id);
  deps.log.error({ recordingId: rec.id }, 'analysis failed its last try: its worker is gone');
  return markFailed(deps, rec.id, 'unprocessable');
}

/** How long the analysis waits for a live capture's window in progress (a 30 s window takes about 10 s). */
const LIVE_WINDOW_WAIT_MS = 15_000;

/**
 * What the live capture's worker transcribed of this recording while it was recorded, for the
 * analysis to transcribe only the rest. Not with a trim (its times would not match the trimmed
 * audio); analyze() itself ignores it when it listened for other phrases than the recording's.
 */
async function capturePrefix(deps: TWorkerDeps, rec: typeof recordings.$inferSelect): Promise<TTranscribedPrefix | undefined> {
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

async function analyzeIn(
  deps: TJobDeps,
  rec: typeof recordings.$inferSelect,
  dir: string,
  reanalysis: boolean,
  job: TJobInfo,
  probed: TProbe | undefined,
): Promise<void> {
  const original = path.join(dir, ORIGINAL_FILE);
  const lastTry = job.retryCount >= job.retryLimit;
  if (reanalysis && !existsSync(original)) return endReanalysis(deps, rec.id);

  if (!existsSync(original)) {
    if (!rec.sourceUrl) return markFailed(deps, rec.id, 'noData');
    try {
      await fetchUrlToFile(rec.sourceUrl, original, {
        maxBytes: RECORDING_LIMITS.maxBytes,
        timeoutMs: 5 * 60_000,
        allowHosts: deps.config.urlFetchAllowHosts,
      });
    } catch (err) {
      const kind = err instanceof UrlFetchError ? err.kind : 'failed';
      // A refused or oversized URL will not get better; a network failure might.
      if (kind === 'blocked') return markFailed(deps, rec.id, 'urlBlocked');
      if (kind === 'too-large') return markFailed(deps, rec.id, 'fileTooLarge');
      if (lastTry) return markFailed(deps, rec.id, 'urlFetchFailed');
      throw err;
    }
    await deps.storage.save(rec.id, dir, [ORIGINAL_FILE]);
  }
  if (rec.sourceUrl) {
    // The same content check as a finished upload (also when an earlier try fetched the file):
    // only real media containers with audio, so a playlist or file list served at the URL never
    // reaches the analysis and playback runs.
    if (!(await acceptableMedia(original))) {
      await deps.storage.remove(rec.id);
      return markFailed(deps, rec.id, 'invalidFileType');
    }
    if (rec.status === 'uploading') await deps.db.update(recordings).set({ status: 'processing' }).where(eq(recordings.id, rec.id));
  }

  // The list is decided now and kept with the results, so a later edit does not change them.
  const wordspotting = await currentWordspottingList(deps.db, rec);
  if (!reanalysis) await deps.db.update(recordings).set({ wordspotting }).where(eq(recordings.id, rec.id));
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
  let outcome: TChildMessage | null = null;
  // Updates are chained so "playback ready" can never land after "done".
  let stored = Promise.resolve();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    child.on('error', reject);
    child.on('message', (msg: TChildMessage) => {
      if (msg.type !== 'playback') {
        outcome = msg;
        return;
      }
      stored = stored.then(async () => {
        // The playback files are stored before the recording says they exist.
        await deps.storage.save(
          rec.id,
          dir,
          [msg.audio, msg.video, msg.peaks].filter((f): f is string => !!f).map((f) => path.basename(f)),
        );
        await deps.db
          .update(recordings)
          .set({
            status: 'processing',
            duration: msg.duration,
            isVideo: msg.isVideo,
            playbackPath: path.basename(msg.audio),
            videoPath: msg.video ? path.basename(msg.video) : null,
            peaksPath: path.basename(msg.peaks),
          })
          .where(eq(recordings.id, rec.id));
      });
    });
    child.on('exit', (code) => resolve(code));
    child.send(start);
    // The live transcript follows once its last window is done; the child decodes meanwhile.
    if (start.awaitsPrefix)
      void capturePrefix(deps, rec)
        .catch((err: unknown) => {
          deps.log.warn({ err, recordingId: rec.id }, 'live transcript unavailable: transcribing the whole recording');
          return undefined;
        })
        .then((prefix) => {
          const msg: TChildPrefix = { type: 'prefix', prefix: prefix ?? null };
          // A child that already ended (failed early) has no channel: nothing to tell it.
          if (child.connected) child.send(msg, () => undefined);
        });
  });
  await stored;
  // The voice lanes are stored before the row names them (like the playback files), and before
  // the deletion check below, which then removes them with the rest.
  const finished = outcome as TChildMessage | null;
  if (finished?.type === 'results') await deps.storage.save(rec.id, dir, [path.basename(finished.lanes)]);

  // Deleted while it was analysed: its remove-recording-media job may have run before the child
  // wrote its last files, so they go now.
  const [still] = await deps.db.select({ deletedAt: recordings.deletedAt }).from(recordings).where(eq(recordings.id, rec.id));
  if (!still || still.deletedAt) {
    await deps.storage.remove(rec.id);
    return;
  }

  const result = outcome as TChildMessage | null;
  if (result?.type === 'results') {
    const results = ZResultsSchema.parse(JSON.parse(await readFile(result.file, 'utf8')));
    const lanesPath = path.basename(result.lanes);
    // The analysis led the results with this speaker (start.speakerNum); the row's figures follow them.
    const figures = recordingFigures(results, start.speakerNum);
    if (reanalysis) {
      await deps.db
        .update(recordings)
        .set({ results, lanesPath, ...figures, wordspotting, reanalysisRequestedAt: null })
        .where(eq(recordings.id, rec.id));
      deps.log.info({ recordingId: rec.id, seconds: (Date.now() - startedAt) / 1000 }, 're-analysis finished');
      return;
    }
    // The results and the emails they cause (the owner's "analyzed", and the group notices of a
    // recording shared or submitted before it was ready) commit together.
    // Stored once: a second run of the same analysis (its first worker taken for gone while it
    // still ran) finds the recording done and neither stores nor announces it again.
    const first = await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(recordings)
        .set({
          status: 'done',
          results,
          lanesPath,
          ...figures,
          failedCode: null,
        })
        .where(and(eq(recordings.id, rec.id), ne(recordings.status, 'done')))
        .returning({ id: recordings.id });
      if (updated.length) await notifyRecordingEvents(tx, deps, rec.id, { processed: true });
      return updated.length > 0;
    });
    if (!first) {
      deps.log.warn({ recordingId: rec.id }, 'analysis finished twice: the first results are kept');
      return;
    }
    const ms = Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, Math.round(v)]));
    deps.log.info(
      { recordingId: rec.id, seconds: (Date.now() - startedAt) / 1000, ms, transcribedPrefix: result.transcribedPrefix },
      'analysis finished',
    );
    return;
  }
  deps.log.warn({ recordingId: rec.id, exitCode, outcome: result }, 'analysis did not finish');
  if (reanalysis) {
    if (!lastTry && (result?.type !== 'failed' || result.retryable)) throw new Error('re-analysis did not finish');
    return endReanalysis(deps, rec.id);
  }
  if (result?.type === 'failed') {
    if (result.retryable && !lastTry) throw new Error(`analysis failed: ${FAILED_REASONS[result.failedCode]}`);
    return markFailed(deps, rec.id, result.failedCode);
  }
  // The child crashed or was killed: try again, unless this was the last try.
  if (lastTry) return markFailed(deps, rec.id, 'unprocessable');
  throw new Error(`analysis process ended with code ${exitCode}`);
}
