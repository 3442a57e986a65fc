import { contourTime, quantile, type TContour } from './contour.js';

export interface TInterval {
  from: number;
  to: number;
}

export interface TVoiceActivity {
  /** Sounding stretches, in time order. */
  speech: TInterval[];
  /** Silent pauses of at least `minPause` between the first and last speech. */
  pauses: TInterval[];
  /** dB level that separates sounding from silent. */
  threshold: number;
}

export interface TVadOptions {
  /** Silence threshold relative to the 99th percentile of intensity (de Jong & Wempe use -25 dB). */
  relativeThreshold?: number;
  /** A silent pause counts from this length (the spec's 250 ms). */
  minPause?: number;
  minSounding?: number;
}

/**
 * Sounding versus silent from intensity, as Praat's "To TextGrid (silences)": frames above
 * (99th percentile - 25 dB), silent gaps shorter than 250 ms bridged, blips under 50 ms dropped.
 */
export function detectVoiceActivity(intensity: TContour, options: TVadOptions = {}): TVoiceActivity {
  const minPause = options.minPause ?? 0.25;
  const minSounding = options.minSounding ?? 0.05;
  const top = quantile(intensity.values, 0.99);
  const floor = quantile(intensity.values, 0.05);
  // On a clean recording the noise floor is far below top-25 dB; with a noisy one, keep 6 dB above it.
  const threshold = Math.max(top + (options.relativeThreshold ?? -25), Math.min(floor + 6, top - 10));
  const raw: TInterval[] = [];
  let start = -1;
  const v = intensity.values;
  for (let i = 0; i <= v.length; i++) {
    const on = i < v.length && (v[i] as number) > threshold;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      raw.push({ from: contourTime(intensity, start) - intensity.step / 2, to: contourTime(intensity, i - 1) + intensity.step / 2 });
      start = -1;
    }
  }
  const merged: TInterval[] = [];
  for (const s of raw) {
    const last = merged[merged.length - 1];
    if (last && s.from - last.to < minPause) last.to = s.to;
    else merged.push({ ...s });
  }
  const speech = merged.filter((s) => s.to - s.from >= minSounding).map((s) => ({ from: Math.max(0, round3(s.from)), to: round3(s.to) }));
  const pauses: TInterval[] = [];
  for (let i = 1; i < speech.length; i++) {
    const a = speech[i - 1] as TInterval;
    const b = speech[i] as TInterval;
    if (b.from - a.to >= minPause) pauses.push({ from: a.to, to: b.from });
  }
  return { speech, pauses, threshold };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export function totalDuration(intervals: readonly TInterval[]): number {
  let s = 0;
  for (const i of intervals) s += i.to - i.from;
  return s;
}
