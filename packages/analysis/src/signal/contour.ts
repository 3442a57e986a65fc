/** A regularly sampled track: value i belongs to time `start + i * step` (seconds). */
export interface TContour {
  start: number;
  step: number;
  values: Float32Array;
}

export const FRAME_STEP = 0.01;

export function contourTime(c: TContour, i: number): number {
  return c.start + i * c.step;
}

export function contourIndex(c: TContour, t: number): number {
  return Math.round((t - c.start) / c.step);
}

/** Linear-interpolated quantile of the finite values (q in 0..1). */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(Array.prototype.filter.call(values, (v: number) => Number.isFinite(v)) as number[]).sort();
  if (sorted.length === 0) return Number.NaN;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  let s = 0;
  for (const v of values) s += (v - m) * (v - m);
  return Math.sqrt(s / (values.length - 1));
}

/**
 * Spread that ignores the odd outlier (an octave slip of the pitch tracker moves a frame by
 * 12 semitones): the interquartile range scaled to match a normal standard deviation.
 */
export function robustSpread(values: readonly number[]): number {
  if (values.length < 4) return Number.NaN;
  return (quantile(values, 0.75) - quantile(values, 0.25)) / 1.349;
}
