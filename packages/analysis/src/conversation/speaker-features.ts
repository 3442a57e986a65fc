import type { TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import { MFCC_HOP_SECONDS, MFCC_WINDOW_SECONDS, mfccFrames } from './mfcc.js';

/** Cepstra per frame: 24 told apart espeak voices of the same pitch that 13 and 19 merged (docs/analysis/diarization.md). */
export const SPEAKER_CEPSTRA = 24;
/** Longest stretch described by one Gaussian; longer speech runs are cut evenly. */
export const UNIT_SECONDS = 3;
/** log F0 scaled to a spread like the cepstra's (the ΔBIC of a full covariance does not depend on it). */
const LOG_F0_SCALE = 10;

/** A stretch of one speech run with its feature frames: the unit speaker clustering works on. */
export interface TSpeakerUnit extends TInterval {
  frames: Float64Array[];
}

/** Values per frame `speakerUnits` gives: the cepstra, and log F0 when a pitch track is given. */
export function speakerFeatureDims(pitch?: TContour): number {
  return pitch ? SPEAKER_CEPSTRA + 1 : SPEAKER_CEPSTRA;
}

/** Median of the track's voiced log F0 (log 150 Hz when nothing is voiced). */
function medianLogF0(values: readonly number[]): number {
  const v = values.filter((x) => x > 0).map(Math.log);
  v.sort((a, b) => a - b);
  return v.length ? (v[v.length >> 1] as number) : Math.log(150);
}

/**
 * Cuts each speech run (speech between pauses of 250 ms or more, where a change of speaker is
 * most likely) into units of at most 3 s and describes every 10 ms of each by 24 mel cepstra.
 * With a pitch track, every frame also carries log F0: a voiced frame its own, an unvoiced one the
 * unit's median (so no frame is lost, and a unit's pitch level counts). F0 survives white noise
 * that flattens the cepstra's high bands (docs/analysis/diarization.md, "Diarization").
 */
export function speakerUnits(
  samples: Float32Array,
  sampleRate: number,
  speech: readonly TInterval[],
  pitch?: TContour,
  maxSeconds = UNIT_SECONDS,
): TSpeakerUnit[] {
  const out: TSpeakerUnit[] = [];
  const recordingF0 = pitch ? medianLogF0(Array.from(pitch.values)) : 0;
  for (const s of speech) {
    const n = Math.max(1, Math.round((s.to - s.from) / maxSeconds));
    const w = (s.to - s.from) / n;
    for (let k = 0; k < n; k++) {
      const from = s.from + k * w;
      const to = k === n - 1 ? s.to : from + w;
      const cepstra = mfccFrames(samples, sampleRate, from, to, { cepstra: SPEAKER_CEPSTRA });
      if (!pitch) {
        out.push({ from, to, frames: cepstra.filter((f) => Number.isFinite(f[0])) });
        continue;
      }
      const start = Math.max(0, Math.floor(from * sampleRate)) / sampleRate;
      const f0 = cepstra.map((_, i) => {
        const t = start + i * MFCC_HOP_SECONDS + MFCC_WINDOW_SECONDS / 2;
        return pitch.values[Math.round((t - pitch.start) / pitch.step)] ?? 0;
      });
      const unitF0 = f0.some((x) => x > 0) ? medianLogF0(f0) : recordingF0;
      const frames: Float64Array[] = [];
      cepstra.forEach((c, i) => {
        if (!Number.isFinite(c[0])) return;
        const x = new Float64Array(SPEAKER_CEPSTRA + 1);
        x.set(c);
        const hz = f0[i] as number;
        x[SPEAKER_CEPSTRA] = LOG_F0_SCALE * (hz > 0 ? Math.log(hz) : unitF0);
        frames.push(x);
      });
      out.push({ from, to, frames });
    }
  }
  return out;
}
