import {
  computeIntensity,
  createPocketsphinxTranscriber,
  decodePcm,
  detectVoiceActivity,
  mergeTranscription,
  nextLiveWindow,
  type TInterval,
  type TTranscribedPrefix,
  type TTranscriber,
  transcribeWindow,
} from '@rostrum/analysis';
import { claimCapture, findLiveCapture, releaseCapture, setReceivedSeconds, storeCaptureTranscript } from './live-captures.repository.js';
import type { TWorkerDeps } from '../../../jobs/job-types.js';

/** Another worker is transcribing the capture: this job is tried again shortly (pg-boss retry). */
export class CaptureBusyError extends Error {
  constructor() {
    super('the capture is being transcribed by another worker');
  }
}

/**
 * The `transcribe-capture` job: enqueued after each PATCH of a live capture and when its last
 * byte arrives. It decodes the bytes received so far, finds the pauses and transcribes the next
 * windows (asr/transcribe-window.ts: cut at pauses, at least 5 s, at most 30 s, the last 2 s left
 * for the next bytes), storing the transcript with the capture; once the capture is complete, up
 * to its end. One recogniser process, one capture at a time (claimCapture), so live captures do not
 * starve the analyses. Returns the windows it transcribed.
 */
export async function transcribeCapture(
  deps: Pick<TWorkerDeps, 'db' | 'storage' | 'log'>,
  captureId: string,
  transcriber: TTranscriber = createPocketsphinxTranscriber({ parallel: 1 }),
): Promise<TInterval[]> {
  const claimed = await claimCapture(deps.db, captureId);
  if (!claimed) {
    if (await findLiveCapture(deps.db, captureId)) throw new CaptureBusyError();
    return [];
  }
  const windows: TInterval[] = [];
  try {
    // Bytes keep arriving while a window is transcribed: go on while there is a next one.
    for (;;) {
      const done = await transcribeNextWindow(deps, captureId, transcriber);
      if (!done) return windows;
      windows.push(done);
    }
  } finally {
    await releaseCapture(deps.db, captureId);
  }
}

async function transcribeNextWindow(
  deps: Pick<TWorkerDeps, 'db' | 'storage' | 'log'>,
  captureId: string,
  transcriber: TTranscriber,
): Promise<TInterval | null> {
  const capture = await findLiveCapture(deps.db, captureId);
  // Gone (discarded), or saved and its file moved into media storage: the analysis does the rest.
  const file = capture ? await deps.storage.partialUploadFile(captureId) : null;
  if (!capture || !file) return null;
  let pcm: Awaited<ReturnType<typeof decodePcm>>;
  try {
    // ffmpeg decodes a WebM cut off mid-cluster up to its last whole frame.
    pcm = await decodePcm(file);
  } catch (err) {
    // Too few bytes yet to hold a frame, or a file moved away while it was read.
    deps.log.debug({ err, captureId }, 'live capture not decodable yet');
    return null;
  }
  const samples = pcm.channels[0];
  if (!samples?.length) return null;
  const end = samples.length / pcm.sampleRate;
  // What reached the server, for the list of unsaved takes.
  if (end !== capture.receivedSeconds) await setReceivedSeconds(deps.db, captureId, end);
  const speech = detectVoiceActivity(computeIntensity(samples, pcm.sampleRate, { minPitch: 100 })).speech;
  const window = nextLiveWindow(speech, capture.transcribedUntil, end, capture.complete);
  if (!window) return null;
  const prefix = { words: capture.words, keywordHits: capture.keywordHits } as Pick<TTranscribedPrefix, 'words' | 'keywordHits'>;
  const part = await transcribeWindow(transcriber, {
    samples,
    sampleRate: pcm.sampleRate,
    speech,
    keywords: capture.keywords,
    window,
  });
  const merged = mergeTranscription(prefix, part);
  const stored = await storeCaptureTranscript(deps.db, captureId, capture.transcribedUntil, {
    transcribedUntil: window.to,
    ...merged,
  });
  return stored ? window : null;
}

export async function handleTranscribeCapture(deps: TWorkerDeps, payload: { captureId: string }): Promise<void> {
  await transcribeCapture(deps, payload.captureId);
}
