import { FRAME_STEP, type TContour } from './contour.js';

export interface TPitchOptions {
  step?: number;
  minPitch?: number;
  maxPitch?: number;
  maxCandidates?: number;
  silenceThreshold?: number;
  voicingThreshold?: number;
  octaveCost?: number;
  octaveJumpCost?: number;
  voicedUnvoicedCost?: number;
}

/** Praat's "To Pitch (ac)" defaults (Boersma 1993), which the tests compare against. */
export const PRAAT_PITCH_DEFAULTS: Required<TPitchOptions> = {
  step: FRAME_STEP,
  minPitch: 75,
  maxPitch: 600,
  maxCandidates: 15,
  silenceThreshold: 0.03,
  voicingThreshold: 0.45,
  octaveCost: 0.01,
  octaveJumpCost: 0.35,
  voicedUnvoicedCost: 0.14,
};

// Pitch lives below 600 Hz, so a 4 kHz copy keeps every candidate and makes the
// autocorrelation 16 times cheaper than at 16 kHz (15 minutes in about a second).
const PITCH_RATE = 4000;

function decimate(samples: Float32Array, sampleRate: number): Float32Array {
  const factor = Math.round(sampleRate / PITCH_RATE);
  if (factor <= 1) return samples;
  const taps = 8 * factor + 1;
  const half = (taps - 1) / 2;
  const cutoff = (0.45 * PITCH_RATE) / sampleRate;
  const h = new Float64Array(taps);
  let sum = 0;
  for (let k = 0; k < taps; k++) {
    const n = k - half;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    h[k] = sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * k) / (taps - 1)));
    sum += h[k] as number;
  }
  for (let k = 0; k < taps; k++) h[k] = (h[k] as number) / sum;
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let o = 0; o < out.length; o++) {
    const c = o * factor;
    let acc = 0;
    for (let k = 0; k < taps; k++) {
      const i = c + k - half;
      if (i >= 0 && i < samples.length) acc += (h[k] as number) * (samples[i] as number);
    }
    out[o] = acc;
  }
  return out;
}

interface TCandidate {
  frequency: number;
  strength: number;
  /** The autocorrelation at the candidate's lag, which Praat compares with the voicing threshold. */
  raw?: number;
}

/**
 * Fundamental frequency per frame (Hz, 0 = unvoiced) by Boersma's (1993) method: the
 * autocorrelation of a Hann-windowed frame divided by the window's own autocorrelation,
 * candidate peaks, then a Viterbi path with octave and voicing transition costs as in Praat.
 */
export function computePitch(samples: Float32Array, sampleRate: number, options: TPitchOptions = {}): TContour {
  return computePitchTracks(samples, sampleRate, options, [])[0] as TContour;
}

/**
 * One candidate pass, several Viterbi paths: the track with `options` first, then one track per
 * extra voicing threshold (lower thresholds call more frames voiced). The syllable-nuclei
 * detector checks voicing with de Jong and Wempe's lenient 0.25 while the metrics keep Praat's
 * default 0.45, at the cost of one extra path rather than a second autocorrelation pass.
 */
export function computePitchTracks(
  samples: Float32Array,
  sampleRate: number,
  options: TPitchOptions,
  extraVoicingThresholds: readonly number[],
): TContour[] {
  const o = { ...PRAAT_PITCH_DEFAULTS, ...options };
  const lowestThreshold = Math.min(o.voicingThreshold, ...extraVoicingThresholds);
  const x = decimate(samples, sampleRate);
  const sr = sampleRate / Math.max(1, Math.round(sampleRate / PITCH_RATE));
  const windowLength = Math.round((3 / o.minPitch) * sr);
  const halfWindow = Math.floor(windowLength / 2);
  const minLag = Math.max(2, Math.floor(sr / o.maxPitch));
  const maxLag = Math.min(windowLength - 1, Math.ceil(sr / o.minPitch));
  const win = new Float64Array(windowLength);
  for (let i = 0; i < windowLength; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / windowLength);
  // Autocorrelation of the window itself, normalised; dividing by it undoes the window's taper.
  const rw = new Float64Array(maxLag + 2);
  for (let lag = 0; lag <= maxLag + 1; lag++) {
    let s = 0;
    for (let i = 0; i + lag < windowLength; i++) s += (win[i] as number) * (win[i + lag] as number);
    rw[lag] = s;
  }
  const rw0 = rw[0] as number;
  for (let lag = 0; lag <= maxLag + 1; lag++) rw[lag] = (rw[lag] as number) / rw0;

  let globalPeak = 0;
  for (let i = 0; i < x.length; i++) globalPeak = Math.max(globalPeak, Math.abs(x[i] as number));
  const frames = Math.max(0, Math.floor(samples.length / sampleRate / o.step));
  const candidates: TCandidate[][] = new Array<TCandidate[]>(frames);
  // Local peak relative to the global peak (2 = no frame), for the unvoiced candidate's strength.
  const silence = new Float64Array(frames);
  const frame = new Float64Array(windowLength);
  const r = new Float64Array(maxLag + 2);
  // As in Praat: the local mean over one longest period either side of the frame centre, the local
  // peak of the windowed frame over half a longest period either side. A peak taken over the whole
  // window reaches into the loud vowel next to a voicing edge and keeps edge frames voiced.
  const period = Math.floor(sr / o.minPitch);
  const halfPeriod = Math.floor(period / 2) + 1;
  for (let f = 0; f < frames; f++) {
    const list: TCandidate[] = [];
    candidates[f] = list;
    silence[f] = 2;
    const begin = Math.round(f * o.step * sr) - halfWindow;
    if (begin < 0 || begin + windowLength > x.length || globalPeak === 0) continue;
    const centre = begin + halfWindow;
    let m = 0;
    let n = 0;
    for (let i = Math.max(0, centre - period); i < Math.min(x.length, centre + period); i++, n++) m += x[i] as number;
    m /= Math.max(1, n);
    for (let i = 0; i < windowLength; i++) frame[i] = ((x[begin + i] as number) - m) * (win[i] as number);
    let localPeak = 0;
    for (let i = Math.max(0, halfWindow - halfPeriod); i < Math.min(windowLength, halfWindow + halfPeriod); i++)
      localPeak = Math.max(localPeak, Math.abs(frame[i] as number));
    silence[f] = localPeak / globalPeak;
    let r0 = 0;
    for (let i = 0; i < windowLength; i++) r0 += (frame[i] as number) ** 2;
    if (r0 <= 0) continue;
    for (let lag = minLag - 1; lag <= maxLag + 1 && lag < windowLength; lag++) {
      let s = 0;
      for (let i = 0; i + lag < windowLength; i++) s += (frame[i] as number) * (frame[i + lag] as number);
      r[lag] = s / r0 / (rw[lag] as number);
    }
    const found: TCandidate[] = [];
    for (let lag = minLag; lag <= maxLag; lag++) {
      const a = r[lag - 1] as number;
      const b = r[lag] as number;
      const c = r[lag + 1] as number;
      if (!(b > 0.5 * lowestThreshold && b >= a && b >= c)) continue;
      const denom = a - 2 * b + c;
      const shift = denom < 0 ? (0.5 * (a - c)) / denom : 0;
      let peak = b - 0.25 * (a - c) * shift;
      if (peak > 1) peak = 1 / peak;
      const frequency = sr / (lag + shift);
      if (frequency < o.minPitch || frequency > o.maxPitch) continue;
      // Praat's octave cost, measured down from the ceiling: the same preference for higher
      // candidates, and the voiced strength stays comparable with the unvoiced one.
      found.push({ frequency, strength: peak - o.octaveCost * Math.log2(o.maxPitch / frequency), raw: b });
    }
    found.sort((p, q) => q.strength - p.strength);
    for (const c of found) list.push(c);
  }
  return [o.voicingThreshold, ...extraVoicingThresholds].map((voicingThreshold) => {
    const withUnvoiced = candidates.map((list, f) => {
      const relative = silence[f] as number;
      const unvoiced: TCandidate = {
        frequency: 0,
        strength:
          relative >= 2
            ? voicingThreshold + 2
            : voicingThreshold + Math.max(0, 2 - relative / (o.silenceThreshold / (1 + voicingThreshold))),
      };
      // Praat keeps the strongest candidates above half the voicing threshold, then the unvoiced one.
      const voiced = list.filter((c) => (c.raw ?? 0) > 0.5 * voicingThreshold);
      return [unvoiced, ...voiced.slice(0, o.maxCandidates - 1)];
    });
    return { start: 0, step: o.step, values: viterbi(withUnvoiced, { ...o, voicingThreshold }) };
  });
}

function viterbi(candidates: TCandidate[][], o: Required<TPitchOptions>): Float32Array {
  const frames = candidates.length;
  const result = new Float32Array(frames);
  if (frames === 0) return result;
  const correction = 0.01 / o.step;
  const back: Int16Array[] = new Array<Int16Array>(frames);
  let score = (candidates[0] as TCandidate[]).map((c) => c.strength);
  back[0] = new Int16Array(score.length);
  for (let f = 1; f < frames; f++) {
    const prev = candidates[f - 1] as TCandidate[];
    const cur = candidates[f] as TCandidate[];
    const next: number[] = new Array<number>(cur.length);
    const pointers = new Int16Array(cur.length);
    for (let j = 0; j < cur.length; j++) {
      const cj = cur[j] as TCandidate;
      let best = -Infinity;
      let arg = 0;
      for (let i = 0; i < prev.length; i++) {
        const ci = prev[i] as TCandidate;
        let cost = 0;
        const vi = ci.frequency > 0;
        const vj = cj.frequency > 0;
        if (vi !== vj) cost = o.voicedUnvoicedCost;
        else if (vi && vj) cost = o.octaveJumpCost * Math.abs(Math.log2(ci.frequency / cj.frequency));
        const s = (score[i] as number) - cost * correction;
        if (s > best) {
          best = s;
          arg = i;
        }
      }
      next[j] = best + cj.strength;
      pointers[j] = arg;
    }
    score = next;
    back[f] = pointers;
  }
  let arg = 0;
  for (let j = 1; j < score.length; j++) if ((score[j] as number) > (score[arg] as number)) arg = j;
  for (let f = frames - 1; f >= 0; f--) {
    result[f] = (candidates[f] as TCandidate[])[arg]?.frequency ?? 0;
    arg = (back[f] as Int16Array)[arg] ?? 0;
  }
  return result;
}

/** Semitones relative to 100 Hz; NaN for unvoiced frames. */
export function toSemitones(hz: number): number {
  return hz > 0 ? 12 * Math.log2(hz / 100) : Number.NaN;
}
