import type { TContour } from './contour.js';
import { fft } from './fft.js';

/**
 * The octave bands of the Speech Intelligibility Index (ANSI S3.5-1997) that 16 kHz audio holds,
 * by centre frequency, with each band's importance to understanding speech (the standard's
 * octave-band importance; the 8 kHz band, above what the analysis keeps, is left out) and its
 * level in the standard speech spectrum at normal vocal effort, in dB relative to the whole.
 */
export const SPEECH_BANDS = [
  { centre: 250, importance: 0.0617, relativeLevel: -5.1 },
  { centre: 500, importance: 0.1671, relativeLevel: -2.6 },
  { centre: 1000, importance: 0.2373, relativeLevel: -8.8 },
  { centre: 2000, importance: 0.2648, relativeLevel: -13.5 },
  { centre: 4000, importance: 0.2142, relativeLevel: -18.5 },
] as const;

/** Mean power per frame in each of SPEECH_BANDS (linear, full scale = 1), one contour per band. */
export type TBandPower = TContour[];

const WINDOW_SECONDS = 0.032;
/**
 * Clarity needs band averages over the talk, not fine timing: a frame every 40 ms (most of the
 * signal still inside a window) keeps this at a quarter of the work of 10 ms frames.
 */
const BAND_STEP = 0.04;

/** Power in each speech band, one frame every 40 ms, from a 32 ms Hann-windowed spectrum. */
export function computeBandPower(samples: Float32Array, sampleRate: number, step = BAND_STEP): TBandPower {
  let n = 1;
  while (n < WINDOW_SECONDS * sampleRate) n *= 2;
  const hann = new Float64Array(n);
  let windowPower = 0;
  for (let i = 0; i < n; i++) {
    hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
    windowPower += (hann[i] as number) ** 2;
  }
  const bin = (hz: number): number => Math.min(n / 2, Math.max(1, Math.round((hz * n) / sampleRate)));
  // An octave band runs from centre / sqrt 2 to centre * sqrt 2.
  const edges = SPEECH_BANDS.map((b) => [bin(b.centre / Math.SQRT2), bin(b.centre * Math.SQRT2) - 1] as const);
  const frames = Math.max(0, Math.floor(samples.length / (step * sampleRate)));
  const out = SPEECH_BANDS.map(() => new Float32Array(frames));
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let f = 0; f < frames; f++) {
    const from = Math.round(f * step * sampleRate) - n / 2;
    for (let k = 0; k < n; k++) {
      const i = from + k;
      re[k] = i >= 0 && i < samples.length ? (samples[i] as number) * (hann[k] as number) : 0;
      im[k] = 0;
    }
    fft(re, im);
    for (const [b, [a, z]] of edges.entries()) {
      let s = 0;
      for (let k = a; k <= z; k++) s += (re[k] as number) ** 2 + (im[k] as number) ** 2;
      // Parseval: one side of the spectrum, doubled, over the window's power is the band's mean power.
      (out[b] as Float32Array)[f] = (2 * s) / (n * windowPower);
    }
  }
  return out.map((values) => ({ start: 0, step, values }));
}
