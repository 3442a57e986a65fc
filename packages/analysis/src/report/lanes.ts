import {
  FILLER_PHRASE,
  LANES_LOUDNESS_FLOOR_DB,
  LANES_RATE_STEP,
  LANES_STEP,
  LANES_VERSION,
  type TLaneMark,
  type TLanes,
} from '@rostrum/contract';
import { round } from '../metrics/score-bands.js';
import { quantile, type TContour } from '../signal/contour.js';
import { toSemitones } from '../signal/pitch.js';
import type { TProsody } from '../signal/prosody.js';
import type { TInterval } from '../signal/voice-activity.js';
import { IDEALS } from './ideals.js';
import type { TSpeakerReport } from './build-results.js';

/** The speaking rate at a point is read over this many seconds around it (a phrase or two). */
export const RATE_WINDOW_SECONDS = 4;
/** Less speech than this inside the window gives no rate (a pause is not "slow"). */
const MIN_RATE_SPEECH_SECONDS = 1;
/** A point with no speech this close (a long pause) has no rate: the line breaks there. */
const NEAR_SPEECH_SECONDS = 0.5;
/** Loudness may stand this many dB above the speech's loud level before it is clipped. */
const LOUDNESS_CEILING_DB = 6;

/**
 * The series behind the waveform's voice lanes: pitch in semitones from the speaker's median,
 * loudness, the speaking rate over time, pauses, and the fillers, spotted words and rising
 * phrase ends the metrics found. Every value comes from tracks the metrics already computed.
 */
export function buildLanes(prosody: TProsody, speakers: readonly TSpeakerReport[]): TLanes {
  const { duration } = prosody;
  const { pitch, pitchRange } = pitchLane(prosody.pitch, duration);
  return {
    version: LANES_VERSION,
    duration: round(duration, 3),
    step: LANES_STEP,
    pitch,
    pitchRange,
    loudness: loudnessLane(prosody.intensity, prosody.activity.speech, duration),
    rateStep: LANES_RATE_STEP,
    rate: rateLane(
      prosody.nuclei.map((n) => n.time),
      prosody.activity.speech,
      duration,
    ),
    rateIdeal: { min: IDEALS.pace.idealMin, max: IDEALS.pace.idealMax },
    pauses: prosody.activity.pauses.map((p) => [round(p.from, 2), round(p.to, 2)] as [number, number]),
    marks: laneMarks(speakers),
  };
}

function bins(duration: number, step: number): number {
  return Math.max(1, Math.ceil(duration / step));
}

/** The values of a contour inside [from, to). */
function* valuesIn(c: TContour, from: number, to: number): Generator<number> {
  const first = Math.max(0, Math.ceil((from - c.start) / c.step));
  const last = Math.min(c.values.length - 1, Math.ceil((to - c.start) / c.step) - 1);
  for (let i = first; i <= last; i++) yield c.values[i] as number;
}

/** Median of the voiced frames in each bin, in tenths of a semitone from the median of the whole take. */
function pitchLane(contour: TContour, duration: number): Pick<TLanes, 'pitch' | 'pitchRange'> {
  const voiced = Array.from(contour.values).filter((hz) => hz > 0);
  const n = bins(duration, LANES_STEP);
  if (voiced.length === 0) return { pitch: new Array<null>(n).fill(null), pitchRange: { low: 0, high: 0 } };
  const centre = toSemitones(quantile(voiced, 0.5));
  const pitch: (number | null)[] = new Array(n);
  for (let b = 0; b < n; b++) {
    const inBin = [...valuesIn(contour, b * LANES_STEP, (b + 1) * LANES_STEP)].filter((hz) => hz > 0);
    pitch[b] = inBin.length === 0 ? null : Math.round((toSemitones(quantile(inBin, 0.5)) - centre) * 10);
  }
  const semitones = voiced.map((hz) => toSemitones(hz) - centre);
  return { pitch, pitchRange: { low: round(quantile(semitones, 0.1), 1), high: round(quantile(semitones, 0.9), 1) } };
}

/** The loudest frame of each bin, in dB relative to the 95th percentile of the speech's frames. */
function loudnessLane(intensity: TContour, speech: readonly TInterval[], duration: number): number[] {
  const speechFrames = speech.flatMap((s) => [...valuesIn(intensity, s.from, s.to)]);
  const loud = quantile(speechFrames.length > 0 ? speechFrames : intensity.values, 0.95);
  const n = bins(duration, LANES_STEP);
  const out: number[] = new Array(n);
  for (let b = 0; b < n; b++) {
    let max = -Infinity;
    for (const v of valuesIn(intensity, b * LANES_STEP, (b + 1) * LANES_STEP)) if (v > max) max = v;
    const db = Number.isFinite(max) && Number.isFinite(loud) ? max - loud : LANES_LOUDNESS_FLOOR_DB;
    out[b] = Math.round(Math.min(LOUDNESS_CEILING_DB, Math.max(LANES_LOUDNESS_FLOOR_DB, db)));
  }
  return out;
}

/**
 * Syllables per second of speaking time over RATE_WINDOW_SECONDS around each point: the pace
 * metric's own measure (nuclei over speech, pauses left out), read locally. Two running
 * pointers keep it linear in the length of the recording.
 */
export function rateLane(nuclei: readonly number[], speech: readonly TInterval[], duration: number): (number | null)[] {
  const n = bins(duration, LANES_RATE_STEP);
  const out: (number | null)[] = new Array(n);
  const half = RATE_WINDOW_SECONDS / 2;
  let lo = 0;
  let hi = 0;
  let s0 = 0;
  for (let b = 0; b < n; b++) {
    const t = (b + 0.5) * LANES_RATE_STEP;
    const from = t - half;
    const to = t + half;
    while (lo < nuclei.length && (nuclei[lo] as number) < from) lo++;
    while (hi < nuclei.length && (nuclei[hi] as number) < to) hi++;
    while (s0 < speech.length && (speech[s0] as TInterval).to <= from) s0++;
    let talk = 0;
    let near = false;
    for (let i = s0; i < speech.length && (speech[i] as TInterval).from < to; i++) {
      const s = speech[i] as TInterval;
      talk += Math.min(to, s.to) - Math.max(from, s.from);
      if (s.from < t + NEAR_SPEECH_SECONDS && s.to > t - NEAR_SPEECH_SECONDS) near = true;
    }
    out[b] = !near || talk < MIN_RATE_SPEECH_SECONDS ? null : Math.round(((hi - lo) / talk) * 10);
  }
  return out;
}

/** Every speaker's fillers, spotted phrases and rising phrase ends, in time order. */
function laneMarks(speakers: readonly TSpeakerReport[]): TLaneMark[] {
  const marks: TLaneMark[] = [];
  for (const { analysis } of speakers) {
    for (const s of analysis.timestamped.wordSpotting?.segments ?? []) {
      const label = s.label ?? '';
      marks.push({ kind: label === FILLER_PHRASE ? 'filler' : 'word', from: round(s.from, 2), to: round(s.to, 2), label });
    }
    for (const p of analysis.phraseEnds) {
      if (!p.rising) continue;
      // A rising end may climb, or stay level where a statement falls (see metrics/final-rise.ts).
      const label = p.rise >= 1 ? `+${p.rise.toFixed(1)} st` : 'no final fall';
      marks.push({ kind: 'upspeak', from: round(p.phrase.to, 2), to: round(p.phrase.to, 2), label });
    }
  }
  return marks.sort((a, b) => a.from - b.from);
}
