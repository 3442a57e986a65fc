import type { TBandPower } from '../signal/band-power.js';
import type { TContour } from '../signal/contour.js';
import type { TProsody } from '../signal/prosody.js';
import type { TNucleus } from '../signal/syllable-nuclei.js';
import type { TInterval } from '../signal/voice-activity.js';
import type { TKeywordHit } from '../asr/transcriber.js';
import type { TWord } from '../asr/transcriber.js';

/** What the metrics see of one speaker: shared contours plus this speaker's own speech. */
export interface TSpeechTrack {
  duration: number;
  pitch: TContour;
  intensity: TContour;
  bands: TBandPower;
  /** Nuclei inside this speaker's speech only. */
  nuclei: TNucleus[];
  speech: TInterval[];
  /** Silent pauses (>= 250 ms) inside this speaker's own talk. */
  pauses: TInterval[];
  words: TWord[];
  /** A recogniser listened to the recording (true even when it made out few words or none). */
  transcribed?: boolean;
  /** This speaker's word-spotting hits from the acoustic keyword pass (merged with transcript matches). */
  keywordHits?: TKeywordHit[];
}

/**
 * One speaker's track: the recording's contours with `speech` as their talk. A conversation's
 * speaker keeps only the nuclei in their own speech, and their pauses are the gaps between their
 * own turns (0.25-3 s); a single speaker's are the recording's pauses.
 */
export function trackFor(prosody: TProsody, speech: TInterval[], words: TWord[], conversational: boolean): TSpeechTrack {
  const sorted = [...speech].sort((a, b) => a.from - b.from);
  const pauses: TInterval[] = conversational
    ? sorted
        .slice(1)
        .map((s, i) => ({ from: (sorted[i] as TInterval).to, to: s.from }))
        .filter((p) => p.to - p.from >= 0.25 && p.to - p.from < 3)
    : prosody.activity.pauses;
  const inside = (time: number): boolean => sorted.some((s) => time >= s.from && time <= s.to);
  return {
    duration: prosody.duration,
    pitch: prosody.pitch,
    intensity: prosody.intensity,
    bands: prosody.bands,
    nuclei: conversational ? prosody.nuclei.filter((n) => inside(n.time)) : prosody.nuclei,
    speech: sorted,
    pauses,
    words,
  };
}

/** Contour frame indexes inside the given intervals, optionally clipped to [from, to). */
export function framesIn(contour: TContour, intervals: readonly TInterval[], from = 0, to = Infinity): number[] {
  const out: number[] = [];
  for (const s of intervals) {
    const a = Math.max(s.from, from);
    const b = Math.min(s.to, to);
    if (b <= a) continue;
    const i0 = Math.max(0, Math.ceil((a - contour.start) / contour.step));
    const i1 = Math.min(contour.values.length - 1, Math.floor((b - contour.start) / contour.step));
    for (let i = i0; i <= i1; i++) out.push(i);
  }
  return out;
}

export function overlap(intervals: readonly TInterval[], from: number, to: number): number {
  let s = 0;
  for (const i of intervals) s += Math.max(0, Math.min(i.to, to) - Math.max(i.from, from));
  return s;
}

export function speechSpan(track: TSpeechTrack): TInterval | null {
  const first = track.speech[0];
  const last = track.speech[track.speech.length - 1];
  return first && last ? { from: first.from, to: last.to } : null;
}
