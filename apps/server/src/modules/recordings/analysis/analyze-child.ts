// The analysis worker's child process: one recording, start to finish, off the parent's event
// loop. Every video gets an H.264/AAC MP4 for playback, whatever its input format. The parent
// sends {type:'start', ...} (and {type:'prefix', ...} when the start says one follows); this
// process answers with 'playback' once the listenable media exist, then 'results' (written to
// results.json, with the voice lanes in lanes.json) or 'failed'.
// A crash or kill here makes the parent's job fail and pg-boss run it again.
import { spawn } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AnalysisError,
  analyzeWithTimings,
  computeChannelPeaks,
  computePeaks,
  MEDIA_INPUT_ARGS,
  probe,
  type TPeaks,
  type TProbe,
  type TTranscribedPrefix,
} from '@rostrum/analysis';
import { RECORDING_LIMITS, type TFailedCode, trimmedDuration } from '@rostrum/contract';

export interface TChildStart {
  type: 'start';
  input: string;
  outDir: string;
  trim: { from: number; to: number } | null;
  algorithm: string;
  numSpeakers: number;
  speakerNum: number;
  wordSpotting: string[];
  /** Make the playback media and peaks (a re-analysis keeps those it has). */
  playback: boolean;
  /**
   * A 'prefix' message follows with a live capture's transcript of the start of the recording
   * (only the rest is then transcribed): the parent may still be waiting for its last window,
   * and decoding and prosody need not wait with it.
   */
  awaitsPrefix: boolean;
  /** The upload check's ffprobe facts of `input`, when it had them: not probed again. */
  probed?: TProbe;
}

/** The live capture's transcript, or null: transcribe everything. */
export interface TChildPrefix {
  type: 'prefix';
  prefix: TTranscribedPrefix | null;
}

export type TChildMessage =
  | { type: 'playback'; duration: number; isVideo: boolean; audio: string; video: string | null; peaks: string }
  /** `transcribedPrefix`: seconds the live transcript covered when it was offered (0: none). */
  | { type: 'results'; file: string; lanes: string; timings: Record<string, number>; transcribedPrefix: number }
  | { type: 'failed'; failedCode: TFailedCode; retryable: boolean };

export const PEAKS_PER_SECOND = 50;

function send(msg: TChildMessage): Promise<void> {
  return new Promise((resolve) => process.send!(msg, () => resolve()));
}

/** Runs ffmpeg; resolves with the tail of what it wrote to stderr (at `loglevel`). */
function ffmpeg(args: string[], loglevel = 'error'): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-loglevel', loglevel, '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(err) : reject(new Error(`ffmpeg exited ${code}: ${err.trim()}`))));
  });
}

/**
 * Makes `file` through a sibling with `.part` before its extension, then renames it into place:
 * a try killed half-way never leaves a truncated file under a name the recording may point to,
 * and a try run again never truncates one being played (rename keeps readers on the old file).
 */
async function writeWhole(file: string, make: (part: string) => Promise<unknown>): Promise<void> {
  const ext = path.extname(file);
  const part = path.join(path.dirname(file), `${path.basename(file, ext)}.part${ext}`);
  await make(part);
  await rename(part, file);
}

/** Playback loudness (decisions: -18 LUFS) and its true-peak ceiling, -1.5 dBFS, as a linear limit. */
const PLAYBACK_LUFS = -18;
const PLAYBACK_PEAK_LIMIT = 10 ** (-1.5 / 20);
/** A near-silent take is not raised into hiss: the gain stays within these bounds (dB). */
const PLAYBACK_GAIN_DB = { min: -20, max: 24 };

/**
 * The input's integrated loudness (EBU R128, LUFS) from ffmpeg's ebur128 summary, or null when it
 * cannot be read. One decode: about 1 s of CPU for 5 minutes, where loudnorm's one-pass mode
 * (which resamples to 192 kHz) cost 8 s; the gain is then applied linearly, as loudnorm's own
 * two-pass linear mode does. Its line per 100 ms goes to the verbose level: only the summary is
 * written to the pipe this process reads.
 */
async function integratedLoudness(inputOpts: string[], input: string): Promise<number | null> {
  const log = await ffmpeg(
    [
      ...inputOpts,
      '-i',
      input,
      '-vn',
      '-af',
      'aformat=sample_rates=48000:channel_layouts=mono,ebur128=framelog=verbose',
      '-f',
      'null',
      '-',
    ],
    'info',
  ).catch(() => '');
  const summary = log.slice(log.lastIndexOf('Integrated loudness:'));
  const m = /\bI:\s+(-?\d+(?:\.\d+)?) LUFS/.exec(summary);
  return m ? Number(m[1]) : null;
}

/** The playback filter: a fixed gain to PLAYBACK_LUFS, and a limiter so no peak passes -1.5 dBFS. */
function playbackFilter(loudness: number | null): string {
  const wanted = loudness === null || loudness <= -70 ? 0 : PLAYBACK_LUFS - loudness;
  const gain = Math.min(PLAYBACK_GAIN_DB.max, Math.max(PLAYBACK_GAIN_DB.min, wanted));
  return `volume=${gain.toFixed(2)}dB,alimiter=limit=${PLAYBACK_PEAK_LIMIT.toFixed(3)}:level=0`;
}

/**
 * Input options for reading the user's file: only real media containers and local files (see
 * packages/analysis decode/media-formats.ts), then the trim, if any.
 */
function inputArgs(trim: TChildStart['trim'], duration: number): string[] {
  return [...MEDIA_INPUT_ARGS, ...trimArgs(trim, duration)];
}

/** -ss/-t input options for a trim, or none. */
function trimArgs(trim: TChildStart['trim'], duration: number): string[] {
  if (!trim) return [];
  const keep = trimmedDuration(duration, trim);
  return ['-ss', String(Math.max(0, trim.from)), '-t', String(keep)];
}

/**
 * Loudness-normalised mono AAC (seekable from the first byte), an MP4 for videos, and the peaks
 * (computed from the analysis's own decode: no third decode of the file).
 */
async function makePlayback(
  job: TChildStart,
  inputOpts: string[],
  isVideo: boolean,
  peaksComputed: Promise<TPeaks>,
  duration: number,
): Promise<void> {
  const audio = path.join(job.outDir, 'audio.m4a');
  const peaks = path.join(job.outDir, 'peaks.json');
  const peaksWritten = peaksComputed.then((p) => writeWhole(peaks, (part) => writeFile(part, JSON.stringify(p))));
  // Settled here too, so a failed transcode never leaves it unhandled.
  peaksWritten.catch(() => undefined);
  const loudness = await integratedLoudness(inputOpts, job.input);
  await writeWhole(audio, (part) =>
    ffmpeg([
      ...inputOpts,
      '-i',
      job.input,
      '-vn',
      '-ac',
      '1',
      '-ar',
      '44100',
      '-af',
      playbackFilter(loudness),
      '-c:a',
      'aac',
      // The fast coder: half the CPU of the default (twoloop) for speech at 96 kb/s.
      '-aac_coder',
      'fast',
      '-b:a',
      '96k',
      '-movflags',
      '+faststart',
      part,
    ]),
  );
  let video: string | null = null;
  if (isVideo) {
    video = path.join(job.outDir, 'video.mp4');
    await writeWhole(video, (part) =>
      ffmpeg([
        ...inputOpts,
        '-i',
        job.input,
        '-vf',
        "scale='min(1280,iw)':-2",
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '26',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        part,
      ]),
    );
  }
  await peaksWritten;
  await send({ type: 'playback', duration, isVideo, audio, video, peaks });
}

async function run(job: TChildStart): Promise<void> {
  const facts = job.probed ?? (await probe(job.input));
  if (!facts.hasAudio) {
    await send({ type: 'failed', failedCode: 'unprocessable', retryable: false });
    return;
  }
  const duration = trimmedDuration(facts.duration, job.trim);
  if (duration > RECORDING_LIMITS.maxSeconds + 0.5) {
    await send({ type: 'failed', failedCode: 'tooLong', retryable: false });
    return;
  }
  const inputOpts = inputArgs(job.trim, facts.duration);
  // Analysis reads the unnormalised audio: loudness normalisation would flatten volume variety.
  let analysisInput = job.input;
  if (job.trim) {
    analysisInput = path.join(job.outDir, 'analysis.wav');
    await ffmpeg([...inputOpts, '-i', job.input, '-vn', '-ac', '1', '-ar', '16000', analysisInput]);
  }
  // A file with more than two channels keeps a peaks list per channel, so the waveform can draw
  // them apart (001 section 9); stereo is one voice in two channels and stays one waveform. The analysis and the playback are mono; a trimmed file is decoded
  // from its mono cut, so it has one.
  // Without them (a failed decode) the waveform is simply not split.
  const withChannels = async (mono: Promise<TPeaks>): Promise<TPeaks> => {
    const peaks = await mono;
    if (facts.channels <= 2 || job.trim) return peaks;
    const channels = await computeChannelPeaks(job.input, facts.channels, PEAKS_PER_SECOND).catch(() => null);
    return channels ? { ...peaks, channels } : peaks;
  };
  // Playback media and the analysis run side by side: the transcode is single-threaded, so it
  // fills the gaps the recogniser leaves, and results arrive sooner.
  const t0 = performance.now();
  let playbackMs = 0;
  let decoded: (pcm: { samples: Float32Array; sampleRate: number }) => void = () => undefined;
  const peaks = new Promise<TPeaks>((resolve) => {
    decoded = (pcm) => resolve(withChannels(computePeaks(pcm, PEAKS_PER_SECOND)));
  });
  const playback = job.playback
    ? makePlayback(job, inputOpts, facts.isVideo, peaks, duration).then(() => {
        playbackMs = performance.now() - t0;
      })
    : Promise.resolve();
  const analysis = analyzeWithTimings(analysisInput, {
    algorithm: job.algorithm,
    numSpeakers: job.numSpeakers,
    speakerNum: job.speakerNum,
    wordSpotting: job.wordSpotting,
    transcribedPrefix: job.awaitsPrefix ? prefixArrived.then((p) => p ?? undefined) : undefined,
    onDecoded: (pcm) => decoded(pcm),
    // The file probed above, unless the trim made a new one.
    probed: job.trim ? undefined : facts,
  });
  const [, { results, lanes, timings }] = await Promise.all([playback, analysis]);
  const file = path.join(job.outDir, 'results.json');
  const lanesFile = path.join(job.outDir, 'lanes.json');
  await Promise.all([
    writeWhole(file, (part) => writeFile(part, JSON.stringify(results))),
    writeWhole(lanesFile, (part) => writeFile(part, JSON.stringify(lanes))),
  ]);
  // Milliseconds per stage, for the log: what a recording's wait after upload is made of.
  const prefix = job.awaitsPrefix ? await prefixArrived : null;
  await send({
    type: 'results',
    file,
    lanes: lanesFile,
    timings: { ...timings, playback: playbackMs, child: performance.now() - t0 },
    transcribedPrefix: prefix?.until ?? 0,
  });
}

let prefixReceived: (prefix: TTranscribedPrefix | null) => void = () => undefined;
const prefixArrived = new Promise<TTranscribedPrefix | null>((resolve) => {
  prefixReceived = resolve;
});

process.on('message', (msg: TChildStart | TChildPrefix) => {
  if (msg?.type === 'prefix') prefixReceived(msg.prefix);
  if (msg?.type !== 'start') return;
  run(msg)
    .then(() => process.exit(0))
    .catch(async (err: unknown) => {
      if (err instanceof AnalysisError) {
        await send({ type: 'failed', failedCode: err.code, retryable: err.retryable });
        process.exit(0);
      }
      console.error(err instanceof Error ? err.stack : String(err));
      process.exit(1);
    });
});
