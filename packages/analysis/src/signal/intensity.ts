import { FRAME_STEP, type TContour } from './contour.js';

/** Zeroth-order modified Bessel function, for the Kaiser window. */
export function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/**
 * Intensity in dB (re 2e-5 Pa, samples taken as pascals) the way Praat's "To Intensity" does it:
 * a Kaiser window (beta about 20) 6.4 periods of the minimum pitch long, mean subtracted.
 */
export function computeIntensity(samples: Float32Array, sampleRate: number, options: { minPitch?: number; step?: number } = {}): TContour {
  const minPitch = options.minPitch ?? 100;
  const step = options.step ?? FRAME_STEP;
  // Praat: a Kaiser window 6.4 / minPitch long, whose effective length is 3.2 / minPitch.
  const half = Math.round((3.2 / minPitch) * sampleRate);
  const length = 2 * half + 1;
  const window = new Float64Array(length);
  const beta = 2 * Math.PI * Math.PI + 0.5;
  const norm = besselI0(beta);
  let windowSum = 0;
  for (let i = 0; i < length; i++) {
    const u = (i - half) / half;
    window[i] = besselI0(beta * Math.sqrt(Math.max(0, 1 - u * u))) / norm;
    windowSum += window[i] as number;
  }
  const frames = Math.max(0, Math.floor(samples.length / (step * sampleRate)));
  const values = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const centre = Math.round(f * step * sampleRate);
    let sum = 0;
    let sumW = 0;
    for (let k = 0; k < length; k++) {
      const i = centre - half + k;
      if (i < 0 || i >= samples.length) continue;
      sum += (window[k] as number) * (samples[i] as number);
      sumW += window[k] as number;
    }
    const m = sumW > 0 ? sum / sumW : 0;
    let energy = 0;
    for (let k = 0; k < length; k++) {
      const i = centre - half + k;
      if (i < 0 || i >= samples.length) continue;
      const d = (samples[i] as number) - m;
      energy += (window[k] as number) * d * d;
    }
    const power = energy / windowSum;
    // Digital silence has no finite dB; -50 dB sits well below any recorded noise floor.
    values[f] = Math.max(-50, 10 * Math.log10(Math.max(power, 1e-30) / 4e-10));
  }
  return { start: 0, step, values };
}
