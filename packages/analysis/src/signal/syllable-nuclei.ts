import { contourIndex, contourTime, quantile, type TContour } from './contour.js';

export interface TNucleus {
  time: number;
  intensity: number;
}

export interface TNucleiOptions {
  /** Peaks below (99th percentile + this) are ignored; de Jong & Wempe use -25 dB. */
  silenceDb?: number;
  /** A peak is a new syllable only if intensity dips at least this much before it (2 dB). */
  minDipDb?: number;
}

/**
 * Syllable nuclei after de Jong & Wempe (2009): peaks in a smooth intensity contour that stand
 * above the silence threshold, are separated from the previous nucleus by a dip of 2 dB or
 * more, and fall on voiced frames.
 */
export function detectSyllableNuclei(intensity: TContour, pitch: TContour, options: TNucleiOptions = {}): TNucleus[] {
  const silenceDb = options.silenceDb ?? -25;
  const minDip = options.minDipDb ?? 2;
  const v = intensity.values;
  const threshold = quantile(v, 0.99) + silenceDb;
  const peaks: number[] = [];
  for (let i = 1; i + 1 < v.length; i++) {
    const x = v[i] as number;
    if (x > threshold && x > (v[i - 1] as number) && x >= (v[i + 1] as number)) peaks.push(i);
  }
  const kept: number[] = [];
  for (const p of peaks) {
    const last = kept[kept.length - 1];
    if (last === undefined) {
      kept.push(p);
      continue;
    }
    let dip = Infinity;
    for (let i = last; i <= p; i++) dip = Math.min(dip, v[i] as number);
    const lastValue = v[last] as number;
    const value = v[p] as number;
    if (lastValue - dip >= minDip && value - dip >= minDip) kept.push(p);
    else if (value > lastValue) kept[kept.length - 1] = p;
  }
  const nuclei: TNucleus[] = [];
  for (const p of kept) {
    const time = contourTime(intensity, p);
    if (isVoicedAround(pitch, time)) nuclei.push({ time, intensity: v[p] as number });
  }
  return nuclei;
}

function isVoicedAround(pitch: TContour, time: number): boolean {
  const c = contourIndex(pitch, time);
  for (let i = c - 2; i <= c + 2; i++) if ((pitch.values[i] ?? 0) > 0) return true;
  return false;
}
