import type { TVibe, TVibeExplanation } from '@rostrum/contract';
import { clamp, round } from './score-bands.js';

/** Measured features a vibe can depend on, each normalised to -1..1 (0 = typical). */
export interface TVibeFeatures {
  /** Pitch standard deviation: -1 at 1.5 ST (monotone), +1 at 4.5 ST (very lively). */
  pitchVariety: number;
  /** Loudness variation: -1 at 2.5 dB, +1 at 7.5 dB. */
  volumeVariety: number;
  /** Pace against the ideal band: -1 at 3 syl/s, +1 at 5.5 syl/s. */
  paceRate: number;
  /** Pace variation across segments: -1 at 5 %, +1 at 25 %. */
  paceVariety: number;
  /** Pause-to-talk: -1 at 10 %, +1 at 50 %. */
  pausing: number;
  /** Long (2 s+) pauses per minute: 0 none, 1 at two or more. */
  longPauses: number;
  /** Rising phrase ends: 0 none, 1 at 30 % or more. */
  upspeak: number;
  /** Fillers per minute: 0 none, 1 at six or more. */
  fillers: number;
  /** Speech level above the noise floor: -1 at 20 dB, +1 at 50 dB (a proxy for projection). */
  projection: number;
  /** Strength of opening: -1 at 0, +1 at 10. */
  opening: number;
  /** Clarity: -1 at 0, +1 at 10. */
  clarity: number;
  /** Reading score: -1 at 0, +1 at 100. */
  reading: number;
}
export type TVibeFeature = keyof TVibeFeatures;

export const FEATURE_LABELS: Record<TVibeFeature, string> = {
  pitchVariety: 'Pitch variety',
  volumeVariety: 'Volume variety',
  paceRate: 'Speaking rate',
  paceVariety: 'Pace variety',
  pausing: 'Pausing',
  longPauses: 'Long pauses',
  upspeak: 'Rising phrase ends',
  fillers: 'Filler words',
  projection: 'Projection',
  opening: 'Strength of opening',
  clarity: 'Clarity',
  reading: 'Sounds read',
};

interface TVibeRow {
  base: number;
  weights: Partial<Record<TVibeFeature, number>>;
}

/**
 * THE vibe model: score = clamp(base + sum(weight x feature), 0, 10). One row per vibe; the
 * reasoning and sources for each weight are in docs/vibes.md. A weight is the number of points
 * a vibe moves when its feature goes from typical (0) to its extreme (+1).
 */
export const VIBE_WEIGHTS: Record<TVibe, TVibeRow> = {
  // Positive
  assertive: { base: 5, weights: { upspeak: -2.5, fillers: -1.5, projection: 1.5, volumeVariety: 0.5, paceRate: 0.5 } },
  authentic: { base: 5.5, weights: { reading: -2.5, pitchVariety: 1, paceVariety: 1, fillers: -0.5 } },
  captivating: { base: 4.5, weights: { pitchVariety: 2.5, volumeVariety: 1, paceVariety: 1, opening: 1.5, fillers: -1, reading: -0.5 } },
  clear: { base: 5, weights: { clarity: 3, paceRate: -1, fillers: -1, pausing: 0.5 } },
  confident: { base: 5, weights: { upspeak: -2.5, fillers: -2, projection: 1, longPauses: -1, pitchVariety: 0.5 } },
  energetic: { base: 4.5, weights: { pitchVariety: 2, volumeVariety: 1.5, paceRate: 1.5, projection: 1, pausing: -0.5 } },
  organized: { base: 5, weights: { fillers: -2.5, pausing: 1, longPauses: -1, clarity: 1, opening: 0.5 } },
  personable: { base: 5, weights: { pitchVariety: 2, reading: -1.5, upspeak: 0.5, paceRate: -0.5, volumeVariety: 0.5 } },
  persuasive: { base: 4.5, weights: { pitchVariety: 1.5, volumeVariety: 1, pausing: 1, upspeak: -1.5, fillers: -1.5, clarity: 1 } },
  // Negative
  arrogant: { base: 2, weights: { projection: 1.5, upspeak: -1, paceRate: -0.5, pitchVariety: -0.5, pausing: 0.5 } },
  nervous: { base: 2.5, weights: { fillers: 3, upspeak: 2, paceRate: 1.5, longPauses: 1 } },
  boring: { base: 3.5, weights: { pitchVariety: -3, volumeVariety: -1.5, paceVariety: -1, paceRate: -1, reading: 1 } },
  belligerent: { base: 1.5, weights: { volumeVariety: 1.5, projection: 1.5, paceRate: 1, pausing: -1 } },
  condescending: { base: 1.5, weights: { paceRate: -1.5, pausing: 1, projection: 1, upspeak: -0.5 } },
  detached: { base: 3, weights: { pitchVariety: -2.5, volumeVariety: -1, reading: 1.5, projection: -0.5 } },
  ditsy: { base: 2, weights: { upspeak: 3, fillers: 1.5, paceRate: 1, pitchVariety: 0.5 } },
  confusing: { base: 2.5, weights: { clarity: -2.5, fillers: 1.5, paceRate: 1, longPauses: 1 } },
  pushy: { base: 2, weights: { paceRate: 2, pausing: -1.5, projection: 1, volumeVariety: 0.5 } },
  timid: { base: 3, weights: { projection: -2, upspeak: 2, fillers: 1, volumeVariety: -1, paceRate: -0.5 } },
  unapproachable: { base: 2.5, weights: { pitchVariety: -1.5, projection: 0.5, paceRate: 0.5, reading: 1, upspeak: -0.5 } },
};

/** Maps a raw measurement to -1..1 around a typical value. */
export function normalise(value: number, atMinusOne: number, atPlusOne: number): number {
  if (!Number.isFinite(value)) return 0;
  return clamp((2 * (value - atMinusOne)) / (atPlusOne - atMinusOne) - 1, -1, 1);
}
export function normaliseUnit(value: number, atOne: number): number {
  if (!Number.isFinite(value)) return 0;
  return clamp(value / atOne, 0, 1);
}

/** Scores every vibe and keeps each feature's contribution so the UI can say why. */
export function scoreVibes(features: TVibeFeatures): Record<TVibe, TVibeExplanation> {
  const out = {} as Record<TVibe, TVibeExplanation>;
  for (const [vibe, row] of Object.entries(VIBE_WEIGHTS) as [TVibe, TVibeRow][]) {
    const contributions = (Object.entries(row.weights) as [TVibeFeature, number][]).map(([feature, weight]) => {
      const value = round(features[feature], 2);
      return { feature, label: FEATURE_LABELS[feature], value, weight, points: round(weight * value, 2) };
    });
    contributions.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
    const sum = contributions.reduce((s, c) => s + c.points, row.base);
    out[vibe] = { score: round(clamp(sum, 0, 10), 1), base: row.base, contributions };
  }
  return out;
}
