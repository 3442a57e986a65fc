import { FRAME_STEP } from '../signal/contour.js';
import { fft } from '../signal/fft.js';

/**
 * The spectral tracks the filler detector needs, on the engine's 10 ms frame grid: a mel-spaced
 * log spectrum (its shape, level removed, says whether the formants hold still) and the share of
 * the energy below 400 Hz (a nasal murmur puts nearly all of it there).
 */
export interface TFillerFeatures {
  step: number;
  /** Per frame, BANDS log energies (dB) minus the frame's mean over them: the envelope's shape. */
  shape: Float32Array[];
  /** Per frame, dB of (energy 80-400 Hz) over (energy 400-4000 Hz). */
  lowRatio: Float32Array;
}

export const BANDS = 20;
const LOW_HZ = 100;
const HIGH_HZ = 4000;
const WINDOW_SECONDS = 0.025;

const mel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number): number => 700 * (10 ** (m / 2595) - 1);

export function computeFillerFeatures(samples: Float32Array, sampleRate: number, step = FRAME_STEP): TFillerFeatures {
  let n = 1;
  while (n < WINDOW_SECONDS * sampleRate) n *= 2;
  const win = Math.round(WINDOW_SECONDS * sampleRate);
  const hann = new Float64Array(win);
  for (let i = 0; i < win; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / win);
  const bin = (hz: number): number => Math.min(n / 2, Math.max(1, Math.round((hz * n) / sampleRate)));
  const edges: number[] = [];
  for (let b = 0; b <= BANDS; b++) edges.push(bin(hzOfMel(mel(LOW_HZ) + ((mel(HIGH_HZ) - mel(LOW_HZ)) * b) / BANDS)));
  const [lowA, lowZ, highZ] = [bin(80), bin(400), bin(4000)];
  const frames = Math.max(0, Math.floor(samples.length / (step * sampleRate)));
  const shape: Float32Array[] = new Array(frames);
  const lowRatio = new Float32Array(frames);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const power = new Float64Array(n / 2 + 1);
  for (let f = 0; f < frames; f++) {
    const from = Math.round(f * step * sampleRate) - Math.floor(win / 2);
    re.fill(0);
    im.fill(0);
    for (let k = 0; k < win; k++) {
      const i = from + k;
      if (i >= 0 && i < samples.length) re[k] = (samples[i] as number) * (hann[k] as number);
    }
    fft(re, im);
    for (let k = 0; k <= n / 2; k++) power[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
    const bands = new Float32Array(BANDS);
    let level = 0;
    for (let b = 0; b < BANDS; b++) {
      let s = 0;
      const a = edges[b] as number;
      const z = Math.max(a, (edges[b + 1] as number) - 1);
      for (let k = a; k <= z; k++) s += power[k] as number;
      bands[b] = 10 * Math.log10(s / (z - a + 1) + 1e-12);
      level += bands[b] as number;
    }
    level /= BANDS;
    for (let b = 0; b < BANDS; b++) bands[b] = (bands[b] as number) - level;
    shape[f] = bands;
    let low = 0;
    let high = 0;
    for (let k = lowA; k < lowZ; k++) low += power[k] as number;
    for (let k = lowZ; k <= highZ; k++) high += power[k] as number;
    lowRatio[f] = 10 * Math.log10((low + 1e-12) / (high + 1e-12));
  }
  return { step, shape, lowRatio };
}
