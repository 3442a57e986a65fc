import type { TSpan } from '@rostrum/contract';
import { toSemitones } from '../signal/pitch.js';
import type { TInterval } from '../signal/voice-activity.js';
import type { TContour } from '../signal/contour.js';
import { round } from './score-bands.js';
import { framesIn, type TSpeechTrack } from './speech-track.js';

export interface TPhraseEnd {
  phrase: TInterval;
  /** Semitones from the lowest point of the last 600 ms up to the final pitch. */
  rise: number;
  rising: boolean;
}

export interface TUpspeakResult {
  /** Share of phrase ends with a terminal rise of 3 semitones or more, %. */
  upspeak: number;
  phraseEnds: TPhraseEnd[];
  hotSpots: TSpan[];
}

export const RISE_SEMITONES = 3;
const TAIL = 0.6;

/** The final movement of pitch at one phrase end (NaN when too little is voiced). */
export function finalRise(pitch: TContour, phrase: TInterval): number {
  const frames = framesIn(pitch, [phrase], Math.max(phrase.from, phrase.to - TAIL));
  const st = frames.map((i) => toSemitones(pitch.values[i] ?? 0)).filter((v) => Number.isFinite(v));
  if (st.length < 8) return Number.NaN;
  // Median of three removes single-frame glitches before finding the low point and the end.
  const smooth = st.map((_, i) => median3(st[i - 1] ?? st[i] ?? 0, st[i] ?? 0, st[i + 1] ?? st[i] ?? 0));
  const end = median3(smooth[smooth.length - 1] ?? 0, smooth[smooth.length - 2] ?? 0, smooth[smooth.length - 3] ?? 0);
  let low = Infinity;
  for (let i = 0; i < smooth.length - 2; i++) low = Math.min(low, smooth[i] ?? Infinity);
  return end - low;
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** Phrases are the speech runs between silent pauses; each ending is checked for a rise. */
export function measureUpspeak(track: TSpeechTrack): TUpspeakResult {
  const phraseEnds: TPhraseEnd[] = [];
  for (const phrase of track.speech) {
    if (phrase.to - phrase.from < 0.4) continue;
    const rise = finalRise(track.pitch, phrase);
    if (!Number.isFinite(rise)) continue;
    phraseEnds.push({ phrase, rise: round(rise, 2), rising: rise >= RISE_SEMITONES });
  }
  const rising = phraseEnds.filter((p) => p.rising);
  return {
    upspeak: phraseEnds.length ? round((100 * rising.length) / phraseEnds.length, 1) : 0,
    phraseEnds,
    hotSpots: rising.map((p) => ({ from: round(Math.max(p.phrase.from, p.phrase.to - TAIL), 2), to: p.phrase.to, spread: p.rise })),
  };
}
