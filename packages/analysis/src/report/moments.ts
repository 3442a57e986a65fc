import type { TMetricKey, TMetricTimestamps, TSpan } from '@rostrum/contract';
import type { TWord } from '../asr/transcriber.js';
import { round } from '../metrics/score-bands.js';

// The moments (hot spots) of the two charts whose metrics have none of their own: Clarity and
// Vocal Delivery. Both come from what the report already holds (the transcript, the other
// metrics' segments); neither changes a score.

/** Below this recogniser confidence a word counts as hard to make out. */
const UNSURE_CONFIDENCE = 0.3;
/** Unsure words this close together make one stretch (seconds). */
const JOIN_GAP = 0.3;
/** A single unsure word is a slip, not a stretch. */
const MIN_WORDS = 2;

/**
 * Clarity's moments: stretches of two or more words in a row that the recogniser could hardly
 * make out (fillers aside; word spotting shows them). Spread: minus how unsure, 0 to -1.
 */
export function unclearStretches(words: readonly Pick<TWord, 'start' | 'end' | 'confidence' | 'isFiller'>[]): TSpan[] {
  const out: TSpan[] = [];
  let run: { from: number; to: number; unsure: number[] } | null = null;
  const close = () => {
    if (run && run.unsure.length >= MIN_WORDS) {
      const mean = run.unsure.reduce((s, u) => s + u, 0) / run.unsure.length;
      out.push({ from: run.from, to: run.to, spread: -round(mean, 2) });
    }
    run = null;
  };
  for (const w of words) {
    if (w.isFiller) continue;
    if (w.confidence >= UNSURE_CONFIDENCE) {
      close();
      continue;
    }
    if (run && w.start - run.to <= JOIN_GAP) {
      run.to = w.end;
      run.unsure.push(1 - w.confidence);
    } else {
      close();
      run = { from: w.start, to: w.end, unsure: [1 - w.confidence] };
    }
  }
  close();
  return out;
}

/** The delivery metrics whose 20 segments Vocal Delivery's weakest stretches are judged on. */
const DELIVERY_SEGMENT_METRICS = ['pace', 'pauseToTalk', 'varietyPitch', 'varietyVolume', 'varietyPace'] as const;
/** A segment's spread is within its ideal band from -2 to 2 (score-bands spreadFor). */
const BAND_EDGE = 2;
const WEAKEST_COUNT = 3;

/**
 * Vocal Delivery's moments: the (at most three) segments that sit furthest outside the ideal
 * bands, summed over the delivery metrics' segments. Spread: minus that distance.
 */
export function weakestStretches(timestamped: Partial<Record<TMetricKey, TMetricTimestamps>>): TSpan[] {
  const bySegment = new Map<number, TSpan>();
  for (const key of DELIVERY_SEGMENT_METRICS) {
    for (const s of timestamped[key]?.segments ?? []) {
      const beyond = Math.max(0, Math.abs(s.spread) - BAND_EDGE);
      const at = bySegment.get(s.from) ?? { from: s.from, to: s.to, spread: 0 };
      at.spread -= beyond;
      bySegment.set(s.from, at);
    }
  }
  return [...bySegment.values()]
    .filter((s) => s.spread < 0)
    .sort((a, b) => a.spread - b.spread || a.from - b.from)
    .slice(0, WEAKEST_COUNT)
    .map((s) => ({ ...s, spread: round(s.spread, 2) }))
    .sort((a, b) => a.from - b.from);
}
