import { IDEALS } from '../report/ideals.js';
import { contourIndex, quantile } from '../signal/contour.js';
import { clamp, round } from './score-bands.js';
import type { TSpeechTrack } from './speech-track.js';

export interface TClarityResult {
  /** 0-10, one decimal. */
  clarity: number;
  /** Median intensity dip between neighbouring syllables, dB (crisp articulation dips deeper). */
  syllableDip: number;
  /** Speech level over the noise floor, dB. */
  signalToNoise: number;
  parts: Record<string, number>;
}

/**
 * Clarity blends articulation (how deeply intensity dips between syllables), a clean signal
 * (speech well above the noise floor), a pace a listener can follow, and, when a transcript
 * exists, how confidently the recogniser heard the words.
 */
export function measureClarity(track: TSpeechTrack, pace: number): TClarityResult {
  const v = track.intensity.values;
  const dips: number[] = [];
  for (let k = 1; k < track.nuclei.length; k++) {
    const a = track.nuclei[k - 1];
    const b = track.nuclei[k];
    if (!a || !b || b.time - a.time > 0.6) continue;
    let low = Infinity;
    for (let i = contourIndex(track.intensity, a.time); i <= contourIndex(track.intensity, b.time); i++)
      low = Math.min(low, v[i] ?? Infinity);
    if (Number.isFinite(low)) dips.push(Math.min(a.intensity, b.intensity) - low);
  }
  const syllableDip = dips.length ? quantile(dips, 0.5) : 0;
  const signalToNoise = quantile(v, 0.95) - quantile(v, 0.1);
  const parts: Record<string, number> = {
    articulation: clamp((syllableDip - 2) / 8, 0, 1),
    signal: clamp((signalToNoise - 15) / 25, 0, 1),
    followablePace: pace <= IDEALS.pace.idealMax ? 1 : clamp((IDEALS.pace.max - pace) / (IDEALS.pace.max - IDEALS.pace.idealMax), 0, 1),
  };
  const weights: Record<string, number> = { articulation: 0.4, signal: 0.3, followablePace: 0.3 };
  const words = track.words.filter((w) => !w.isFiller);
  if (words.length >= 5) {
    parts.recognised = words.reduce((s, w) => s + w.confidence, 0) / words.length;
    weights.recognised = 0.25;
  }
  let total = 0;
  let score = 0;
  for (const [k, w] of Object.entries(weights)) {
    total += w;
    score += w * (parts[k] ?? 0);
  }
  return { clarity: round((10 * score) / total, 1), syllableDip: round(syllableDip, 2), signalToNoise: round(signalToNoise, 1), parts };
}
