import type { TIdeal, TMetricKey } from '@rostrum/contract';

// Ideal ranges; reasons and sources in docs/analysis/scores-and-vibe-model.md. Units: pace syllables per second of
// speaking time, pauseToTalk %, upspeak % of phrase ends rising, variety values in their units.
export const IDEALS = {
  overall: { min: 0, max: 10, idealMin: 7, idealMax: 10 },
  strengthOfOpening: { min: 0, max: 10, idealMin: 7, idealMax: 10 },
  clarity: { min: 0, max: 10, idealMin: 7, idealMax: 10 },
  pace: { min: 1, max: 8, idealMin: 3.5, idealMax: 5.2 },
  pauseToTalk: { min: 0, max: 100, idealMin: 15, idealMax: 45 },
  upspeak: { min: 0, max: 60, idealMin: 0, idealMax: 15 },
  /** Standard deviation of pitch, semitones. */
  varietyPitch: { min: 0, max: 8, idealMin: 2, idealMax: 5 },
  /** Standard deviation of intensity while speaking, dB. */
  varietyVolume: { min: 0, max: 16, idealMin: 5, idealMax: 10 },
  /** Coefficient of variation of the pace across the 20 segments, %. */
  varietyPace: { min: 0, max: 60, idealMin: 8, idealMax: 25 },
  talkVsListen: { min: 0, max: 100, idealMin: 40, idealMax: 60 },
  /** Mean silence before answering, seconds. */
  waitTime: { min: 0, max: 6, idealMin: 0.5, idealMax: 3 },
  positiveVibes: { min: 0, max: 10, idealMin: 6, idealMax: 10 },
  negativeVibes: { min: 0, max: 10, idealMin: 0, idealMax: 4 },
} satisfies Partial<Record<TMetricKey, TIdeal>>;

/** Ideals that scale with length: switches and questions per minute of conversation. */
export function countIdeals(durationSeconds: number): Partial<Record<TMetricKey, TIdeal>> {
  const minutes = Math.max(1, durationSeconds / 60);
  const scaled = (lo: number, hi: number, max: number): TIdeal => ({
    min: 0,
    max: Math.ceil(max * minutes),
    idealMin: Math.round(lo * minutes),
    idealMax: Math.max(1, Math.round(hi * minutes)),
  });
  return {
    convoSwitches: scaled(1, 4, 8),
    questions: scaled(0.3, 2, 5),
    wordSpotting: scaled(0, 2, 10),
  };
}

/** Per-segment bands of the variety charts (same units as the values above). */
export const SEGMENT_IDEALS = {
  varietyPitch: IDEALS.varietyPitch,
  varietyVolume: IDEALS.varietyVolume,
  /** Absolute deviation of a segment's pace from the speaker's median, %. */
  varietyPace: { min: 0, max: 60, idealMin: 5, idealMax: 25 },
} satisfies Record<string, TIdeal>;
