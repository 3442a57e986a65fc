import { IDEALS } from '../report/ideals.js';
import { bandScore, clamp, round } from './score-bands.js';

export interface TOverallInput {
  pace: number;
  pauseToTalk: number;
  upspeak: number;
  varietyPitchInBand: number;
  varietyVolumeInBand: number;
  varietyPaceInBand: number;
  strengthOfOpening: number;
  clarity: number;
  fillersPerMinute: number;
}

/** Weights of the Vocal Delivery score (sum 1); reasons in docs/analysis/scores-and-vibe-model.md. */
export const OVERALL_WEIGHTS: Record<keyof TOverallInput, number> = {
  pace: 0.15,
  pauseToTalk: 0.12,
  upspeak: 0.08,
  varietyPitchInBand: 0.17,
  varietyVolumeInBand: 0.08,
  varietyPaceInBand: 0.08,
  strengthOfOpening: 0.1,
  clarity: 0.14,
  fillersPerMinute: 0.08,
};

/** Vocal Delivery, 0-10: a weighted mean of how close each delivery metric is to its ideal. */
export function measureOverall(input: TOverallInput): { overall: number; parts: Record<string, number> } {
  const parts: Record<keyof TOverallInput, number> = {
    pace: bandScore(input.pace, IDEALS.pace),
    pauseToTalk: bandScore(input.pauseToTalk, IDEALS.pauseToTalk),
    upspeak: bandScore(input.upspeak, IDEALS.upspeak),
    varietyPitchInBand: input.varietyPitchInBand / 100,
    varietyVolumeInBand: input.varietyVolumeInBand / 100,
    varietyPaceInBand: input.varietyPaceInBand / 100,
    strengthOfOpening: input.strengthOfOpening / 10,
    clarity: input.clarity / 10,
    fillersPerMinute: 1 - clamp(input.fillersPerMinute / 6, 0, 1),
  };
  let score = 0;
  for (const [k, w] of Object.entries(OVERALL_WEIGHTS)) score += w * parts[k as keyof TOverallInput];
  return { overall: round(10 * score, 1), parts };
}
