import { standardDeviation, mean } from '../signal/contour.js';
import { clamp, round } from './score-bands.js';

export interface TReadingInput {
  /** Coefficient of variation of pace across segments, %. */
  paceVariation: number;
  fillersPerMinute: number;
  /** Lengths of the speech runs between pauses, seconds. */
  runLengths: number[];
  /** Pitch standard deviation, semitones. */
  pitchVariety: number;
}

/**
 * 0-100: how much the speech sounds read aloud rather than spoken freely. Read speech keeps an
 * even pace, has almost no fillers, breathes at regular intervals and moves pitch less.
 * The spec's CSV says "Yes" from 50 up.
 */
export function measureReading(input: TReadingInput): number {
  const runs = input.runLengths;
  const runCv = runs.length >= 3 ? standardDeviation(runs) / Math.max(1e-9, mean(runs)) : 0.6;
  const evenPace = 1 - clamp((input.paceVariation - 8) / 25, 0, 1);
  const fluent = 1 - clamp(input.fillersPerMinute / 4, 0, 1);
  const regularBreaths = 1 - clamp((runCv - 0.3) / 0.7, 0, 1);
  const flatterPitch = 1 - clamp((input.pitchVariety - 2) / 3, 0, 1);
  return round(100 * (0.3 * evenPace + 0.3 * fluent + 0.25 * regularBreaths + 0.15 * flatterPitch), 0);
}
