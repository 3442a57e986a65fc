import type { TContour } from '../signal/contour.js';
import { toSemitones } from '../signal/pitch.js';
import { BANDS, computeFillerFeatures, type TFillerFeatures } from './filler-features.js';

// Filled pauses heard, not read, after Goto, Itou and Hayamizu (1999): a hesitation vowel is a
// voiced stretch whose pitch hardly moves and whose spectral envelope hardly changes for far
// longer than a vowel inside a word does (fluent vowels glide between consonants). "um" ends in
// a nasal murmur: the energy falls to below 400 Hz (Goto et al.; the PodcastFillers labels).

export interface TAcousticFiller {
  start: number;
  end: number;
  kind: 'uh' | 'um';
  /** 0-1: how far past the thresholds the stretch is (longer and flatter is surer). */
  score: number;
}

export interface TFillerThresholds {
  /** Half-width (frames) of the window a frame's stability is judged over. */
  halfWindow: number;
  /** Largest pitch movement (semitones, max - min) inside a stable window. */
  maxPitchSpan: number;
  /** Largest mean distance (dB, RMS over the bands) of the envelope shapes from their mean. */
  maxDeformation: number;
  /** Shortest and longest filler (seconds). */
  minDuration: number;
  maxDuration: number;
  /** Frames a run may break for and still be one stretch. */
  bridge: number;
  /** A nasal ending: the low-frequency ratio rises at least this much (dB) above the vowel's. */
  nasalRise: number;
}

export const FILLER_THRESHOLDS: TFillerThresholds = {
  halfWindow: 5,
  maxPitchSpan: 1.0,
  maxDeformation: 3.0,
  minDuration: 0.25,
  maxDuration: 1.2,
  bridge: 3,
  nasalRise: 6,
};

export interface TFillerInput {
  samples: Float32Array;
  sampleRate: number;
  /** Praat-style pitch on the 10 ms grid (0 = unvoiced), as analyzeProsody computes it. */
  pitch: TContour;
  intensity: TContour;
  /** dB: the voice activity threshold; quieter frames are not speech. */
  speechThreshold: number;
  features?: TFillerFeatures;
}

/** Hesitation vowels ("uh", "um") in the recording, in time order. */
export function detectAcousticFillers(input: TFillerInput, t: TFillerThresholds = FILLER_THRESHOLDS): TAcousticFiller[] {
  const features = input.features ?? computeFillerFeatures(input.samples, input.sampleRate, input.pitch.step);
  const step = input.pitch.step;
  const n = Math.min(input.pitch.values.length, features.shape.length, input.intensity.values.length);
  const st = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const hz = input.pitch.values[i] as number;
    const loud = (input.intensity.values[i] as number) > input.speechThreshold;
    st[i] = hz > 0 && loud ? toSemitones(hz) : Number.NaN;
  }
  const stable = new Uint8Array(n);
  const h = t.halfWindow;
  const centre = new Float64Array(BANDS);
  for (let i = h; i < n - h; i++) {
    let lo = Infinity;
    let hi = -Infinity;
    let voiced = true;
    for (let j = i - h; j <= i + h; j++) {
      const v = st[j] as number;
      if (Number.isNaN(v)) {
        voiced = false;
        break;
      }
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (!voiced || hi - lo > t.maxPitchSpan) continue;
    if (deformation(features.shape, i - h, i + h, centre) > t.maxDeformation) continue;
    stable[i] = 1;
  }
  const out: TAcousticFiller[] = [];
  let i = 0;
  while (i < n) {
    if (!stable[i]) {
      i++;
      continue;
    }
    let last = i;
    let j = i + 1;
    while (j < n && j - last <= t.bridge + 1) {
      if (stable[j]) last = j;
      j++;
    }
    const from = Math.max(0, i - h);
    const to = Math.min(n - 1, last + h);
    i = last + 1;
    const duration = (to - from + 1) * step;
    if (duration < t.minDuration || duration > t.maxDuration) continue;
    const vowel = meanOf(features.lowRatio, from, to);
    const median = medianVoiced(st, from, to);
    const tail = nasalTail(st, features.lowRatio, to + 1, median, vowel + t.nasalRise, Math.round(0.35 / step));
    // A stable stretch that itself ends nasal (the murmur kept the pitch and the shape steady).
    const ownEnd = meanOf(features.lowRatio, Math.max(from, to - Math.round(0.08 / step)), to);
    const ownStart = meanOf(features.lowRatio, from, Math.min(to, from + Math.round(0.1 / step)));
    const um = tail > 0 || ownEnd - ownStart >= t.nasalRise;
    const end = (to + 1 + tail) * step + input.pitch.start;
    const score = Math.min(1, 0.5 + (duration - t.minDuration) / (2 * Math.max(0.05, t.maxDuration - t.minDuration)) + 0.25);
    out.push({ start: from * step + input.pitch.start, end, kind: um ? 'um' : 'uh', score: Math.round(score * 100) / 100 });
  }
  return out;
}

/** Mean over frames [a, z] of the RMS distance (dB) of each frame's envelope shape from the frames' mean shape. */
function deformation(shape: readonly Float32Array[], a: number, z: number, centre: Float64Array): number {
  centre.fill(0);
  const count = z - a + 1;
  for (let j = a; j <= z; j++) {
    const s = shape[j] as Float32Array;
    for (let b = 0; b < BANDS; b++) centre[b] = (centre[b] as number) + (s[b] as number) / count;
  }
  let total = 0;
  for (let j = a; j <= z; j++) {
    const s = shape[j] as Float32Array;
    let d = 0;
    for (let b = 0; b < BANDS; b++) d += ((s[b] as number) - (centre[b] as number)) ** 2;
    total += Math.sqrt(d / BANDS);
  }
  return total / count;
}

/** Frames after a vowel that stay voiced near its pitch with the energy low in the spectrum: the "m" of "um". */
function nasalTail(st: Float64Array, lowRatio: Float32Array, from: number, median: number, nasalLevel: number, max: number): number {
  let k = 0;
  let nasal = 0;
  while (k < max && from + k < st.length) {
    const v = st[from + k] as number;
    if (Number.isNaN(v) || Math.abs(v - median) > 2) break;
    if ((lowRatio[from + k] as number) >= nasalLevel) nasal = k + 1;
    k++;
  }
  // A murmur of 50 ms or more; the tail ends with its last nasal frame.
  return nasal >= 5 ? nasal : 0;
}

function meanOf(x: Float32Array, a: number, z: number): number {
  let s = 0;
  for (let i = a; i <= z; i++) s += x[i] as number;
  return s / Math.max(1, z - a + 1);
}

function medianVoiced(st: Float64Array, a: number, z: number): number {
  const v: number[] = [];
  for (let i = a; i <= z; i++) if (!Number.isNaN(st[i] as number)) v.push(st[i] as number);
  v.sort((x, y) => x - y);
  return v[Math.floor(v.length / 2)] ?? Number.NaN;
}
