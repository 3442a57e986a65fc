import { contourIndex, contourTime, FRAME_STEP, quantile, type TContour } from './contour.js';
import { Biquad } from './biquad.js';
import { besselI0 } from './intensity.js';

export interface TNucleus {
  time: number;
  /** dB in the detector's formant band (FORMANT_BAND), not the broadband intensity. */
  intensity: number;
}

export interface TNucleiOptions {
  /** Peaks must also stand above (99th percentile + this); de Jong & Wempe's silence level, -25 dB. */
  silenceDb?: number;
  /** A peak is a new syllable only if intensity dips at least this much between it and the last (2 dB). */
  minDipDb?: number;
  /** Half-length of the smoothing window as a share of the mean syllable period (see below). */
  windowShare?: number;
}

export interface TNucleiResult {
  nuclei: TNucleus[];
  /** The smoothing window the speaker's own tempo called for (half-length, seconds). */
  window: number;
  /** The smoothed intensity the nuclei were picked on. */
  intensity: TContour;
}

interface TTrial {
  half: number;
  intensity: TContour;
  nuclei: TNucleus[];
  speaking: number;
}

/** Smoothing half-lengths tried, in ms: 30 to 160 ms in 4 % steps. */
const LADDER_STEP = 1.04;
const HALF_LENGTHS: number[] = [];
for (let h = 30; h <= 160; h = Math.ceil(h * LADDER_STEP)) HALF_LENGTHS.push(h);
/** The coarse pass tries every third window; the fine pass looks this far (about three 4 % steps) beyond its choice. */
const COARSE_STEP = 1.13;
const WINDOW_SHARE = 0.25;
/** Counts within this factor of the chosen window are pooled, so one noisy window cannot decide. */
const NEIGHBOURHOOD = 1.3;
/**
 * Intensity is measured in the band of the first two formants, Hz. Broadband intensity is ruled
 * by the voice's low harmonics, which nasals and liquids keep, so in fluent speech the dip
 * between two vowels across /n/, /l/ or /r/ was often under 2 dB and the syllables merged; in
 * this band those consonants are weak and the vowels strong (Pfitzinger, Burger & Heid 1996
 * filtered 250-2500 Hz; 300 measured slightly better, docs/analysis/prosody-and-pitch.md).
 */
export const FORMANT_BAND = { low: 300, high: 2500 } as const;

/**
 * Syllable nuclei after de Jong & Wempe (2009), made independent of tempo.
 *
 * The published method: intensity peaks that stand above a threshold (the file's median
 * intensity, and never less than 25 dB under its 99th percentile), separated from the previous
 * nucleus by a dip of 2 dB or more, and voiced in the pitch track (checked with their lenient
 * voicing threshold). Its intensity is smoothed with a fixed 64 ms window, so the result depends
 * on tempo: slow speech splits vowels into two peaks, fast speech merges neighbouring syllables
 * (on read speech 0.8x / 1x / 1.25x tempo counted 91 / 84 / 80 of 99 syllables).
 *
 * Intensity is taken in the band of the first two formants (FORMANT_BAND), where the
 * consonants between vowels are weak. Here the window follows the speaker instead: for each of a ladder of windows the nuclei are
 * counted, and the window kept is the widest whose half-length is no more than a quarter of the
 * mean syllable period it implies (speaking time / count). When the recording is played faster
 * every syllable is shorter and the same self-consistent window scales with it, so the count stays
 * put. The count is the median over windows within 30 % of that one.
 */
export function detectSyllableNuclei(
  samples: Float32Array,
  sampleRate: number,
  pitch: TContour | null,
  options: TNucleiOptions = {},
): TNucleiResult {
  return nucleiFromEnergy(energyPerBlock(formantBand(samples, sampleRate), sampleRate), pitch, options);
}

/**
 * The tempo-following nucleus detection of detectSyllableNuclei on the formant band's power per
 * 2 ms block (BLOCK_MS). The engine gives it a whole file's blocks; the browser's live cues the
 * last seconds of the microphone's, measured by the same filters (live/live-meter.ts). Without a
 * pitch track (null) every peak counts as voiced.
 */
export function nucleiFromEnergy(energy: Float64Array, pitch: TContour | null, options: TNucleiOptions = {}): TNucleiResult {
  const share = options.windowShare ?? WINDOW_SHARE;
  const trial = (half: number): TTrial => {
    const intensity = smoothIntensity(energy, half);
    return { half, intensity, ...pickNuclei(intensity, pitch, options) };
  };
  const fits = (t: TTrial): boolean => t.half / 1000 <= (share * t.speaking) / Math.max(1, t.nuclei.length);
  // Coarse pass over every third window to find the self-consistent one, then the fine ladder
  // around it: a third of the smoothing work of trying them all.
  let chosen = HALF_LENGTHS[0] as number;
  for (let k = 0; k < HALF_LENGTHS.length; k += 3) if (fits(trial(HALF_LENGTHS[k] as number))) chosen = HALF_LENGTHS[k] as number;
  const trials = HALF_LENGTHS.filter((h) => h >= chosen / NEIGHBOURHOOD / COARSE_STEP && h <= chosen * NEIGHBOURHOOD * COARSE_STEP).map(
    trial,
  );
  // The fine ladder may refine the choice up to the next coarse step.
  const coarse = chosen;
  for (const t of trials) if (t.half <= coarse * COARSE_STEP && fits(t)) chosen = Math.max(chosen, t.half);
  const centre = chosen;
  const near = trials.filter((t) => t.half >= centre / NEIGHBOURHOOD && t.half <= centre * NEIGHBOURHOOD);
  const target = quantile(
    near.map((t) => t.nuclei.length),
    0.5,
  );
  // The window in the neighbourhood whose count is the median (nearest the centre on a tie).
  let best = near[0] as TTrial;
  for (const t of near) {
    const d = Math.abs(t.nuclei.length - target);
    const bestD = Math.abs(best.nuclei.length - target);
    if (d < bestD || (d === bestD && Math.abs(Math.log(t.half / centre)) < Math.abs(Math.log(best.half / centre)))) best = t;
  }
  return { nuclei: best.nuclei, window: best.half / 1000, intensity: best.intensity };
}

/** Peaks, dips and voicing on one smoothed intensity contour; also the time above the threshold. */
export function pickNuclei(
  intensity: TContour,
  pitch: TContour | null,
  options: TNucleiOptions = {},
): { nuclei: TNucleus[]; speaking: number } {
  const silenceDb = options.silenceDb ?? -25;
  const minDip = options.minDipDb ?? 2;
  const v = intensity.values;
  const threshold = Math.max(quantile(v, 0.5), quantile(v, 0.99) + silenceDb);
  let above = 0;
  for (const x of v) if (x > threshold) above++;
  const kept: number[] = [];
  for (let p = 1; p + 1 < v.length; p++) {
    const value = v[p] as number;
    if (!(value > threshold && value > (v[p - 1] as number) && value >= (v[p + 1] as number))) continue;
    const last = kept[kept.length - 1];
    if (last === undefined) {
      kept.push(p);
      continue;
    }
    let dip = Infinity;
    for (let i = last; i <= p; i++) dip = Math.min(dip, v[i] as number);
    const lastValue = v[last] as number;
    if (lastValue - dip >= minDip && value - dip >= minDip) kept.push(p);
    // Not a new syllable: the louder of the two peaks stands for it.
    else if (value > lastValue) kept[kept.length - 1] = p;
  }
  const nuclei: TNucleus[] = [];
  for (const p of kept) {
    const time = contourTime(intensity, p);
    if (!pitch || isVoicedAround(pitch, time)) nuclei.push({ time, intensity: v[p] as number });
  }
  return { nuclei, speaking: above * intensity.step };
}

function isVoicedAround(pitch: TContour, time: number): boolean {
  const c = contourIndex(pitch, time);
  for (let i = c - 2; i <= c + 2; i++) if ((pitch.values[i] ?? 0) > 0) return true;
  return false;
}

/**
 * The samples through a 2nd-order Butterworth high-pass and low-pass at the formant band's edges,
 * in one pass into one array: a copy of a 15-minute recording is 58 MB, and a second, intermediate
 * copy made the analysis's peak memory. The high-pass output is rounded to 32 bits as if it had
 * been stored, so the result is the same to the bit as filtering twice.
 */
function formantBand(samples: Float32Array, sampleRate: number): Float32Array {
  const high = new Biquad(sampleRate, FORMANT_BAND.low, 'high');
  const low = new Biquad(sampleRate, FORMANT_BAND.high, 'low');
  const y = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) y[i] = low.step(Math.fround(high.step(samples[i] as number)));
  return y;
}

/** Block length of the power sequence every smoothing window works on, ms. */
export const BLOCK_MS = 2;

/** Mean power per 2 ms block (DC removed), the raw material of every smoothing window. */
function energyPerBlock(samples: Float32Array, sampleRate: number): Float64Array {
  const hop = Math.max(1, Math.round((sampleRate * BLOCK_MS) / 1000));
  const n = Math.floor(samples.length / hop);
  let mean = 0;
  for (let i = 0; i < samples.length; i++) mean += samples[i] as number;
  mean /= Math.max(1, samples.length);
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let s = 0;
    for (let i = k * hop; i < (k + 1) * hop; i++) s += ((samples[i] as number) - mean) ** 2;
    out[k] = s / hop;
  }
  return out;
}

/**
 * Intensity in dB with Praat's Kaiser window (beta about 20) of the given half-length, on a
 * 10 ms grid, from the per-block power: the same curve as "To Intensity" up to the local
 * mean Praat subtracts, at a fraction of the cost, so a ladder of windows stays cheap.
 */
export function smoothIntensity(energy: ArrayLike<number>, halfMs: number): TContour {
  const half = Math.max(1, Math.round(halfMs / BLOCK_MS));
  const length = 2 * half + 1;
  const window = new Float64Array(length);
  const beta = 2 * Math.PI * Math.PI + 0.5;
  let windowSum = 0;
  for (let i = 0; i < length; i++) {
    const u = (i - half) / half;
    window[i] = besselI0(beta * Math.sqrt(Math.max(0, 1 - u * u)));
    windowSum += window[i] as number;
  }
  const hop = Math.round((FRAME_STEP * 1000) / BLOCK_MS);
  const frames = Math.floor(energy.length / hop);
  const values = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const centre = f * hop;
    let sum = 0;
    const from = Math.max(0, centre - half);
    const to = Math.min(energy.length - 1, centre + half);
    for (let i = from; i <= to; i++) sum += (window[i - centre + half] as number) * (energy[i] as number);
    values[f] = Math.max(-50, 10 * Math.log10(Math.max(sum / windowSum, 1e-30) / 4e-10));
  }
  return { start: 0, step: FRAME_STEP, values };
}
