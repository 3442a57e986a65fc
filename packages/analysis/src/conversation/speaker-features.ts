import type { TInterval } from '../signal/voice-activity.js';
import { mfccFrames } from './mfcc.js';

/** Cepstra per frame: 24 told apart espeak voices of the same pitch that 13 and 19 merged (docs/analysis.md). */
export const SPEAKER_CEPSTRA = 24;
/** Longest stretch described by one Gaussian; longer speech runs are cut evenly. */
export const UNIT_SECONDS = 3;

/** A stretch of one speech run with its MFCC frames: the unit speaker clustering works on. */
export interface TSpeakerUnit extends TInterval {
  frames: Float64Array[];
}

/**
 * Cuts each speech run (speech between pauses of 250 ms or more, where a change of speaker is
 * most likely) into units of at most 3 s and describes every 10 ms of each by 24 mel cepstra.
 */
export function speakerUnits(
  samples: Float32Array,
  sampleRate: number,
  speech: readonly TInterval[],
  maxSeconds = UNIT_SECONDS,
): TSpeakerUnit[] {
  const out: TSpeakerUnit[] = [];
  for (const s of speech) {
    const n = Math.max(1, Math.round((s.to - s.from) / maxSeconds));
    const w = (s.to - s.from) / n;
    for (let k = 0; k < n; k++) {
      const from = s.from + k * w;
      const to = k === n - 1 ? s.to : from + w;
      const frames = mfccFrames(samples, sampleRate, from, to, { cepstra: SPEAKER_CEPSTRA }).filter((f) => Number.isFinite(f[0]));
      out.push({ from, to, frames });
    }
  }
  return out;
}
