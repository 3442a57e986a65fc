import type { TSpan } from '@rostrum/contract';
import type { TWord } from '../asr/transcriber.js';
import { toSemitones } from '../signal/pitch.js';
import type { TInterval } from '../signal/voice-activity.js';
import { quantile, type TContour } from '../signal/contour.js';
import { round } from './score-bands.js';
import { framesIn, type TSpeechTrack } from './speech-track.js';

export interface TPhraseEnd {
  phrase: TInterval;
  /** Semitones from the low point of the last 250 ms of voicing up to the final pitch. */
  rise: number;
  /** Final pitch relative to the speaker's median, semitones. */
  height: number;
  /** Semitones the pitch falls from its peak after the low point to the final pitch. */
  fall: number;
  rising: boolean;
}

export interface TUpspeakResult {
  /** Share of statement ends with a terminal rise of 3 semitones or more, %. */
  upspeak: number;
  phraseEnds: TPhraseEnd[];
  hotSpots: TSpan[];
}

export const RISE_SEMITONES = 3;
/** The final stretch of voicing a terminal rise is measured over. */
export const TAIL_SECONDS = 0.25;
/**
 * A silence at least this long ends a statement. Read and prepared speech puts 0.5 s or more
 * between sentences and shorter breaks (0.2-0.4 s) at commas and phrase boundaries inside them,
 * where a continuation rise is normal and not upspeak.
 */
export const STATEMENT_PAUSE = 0.5;
/** At least this much voicing (80 ms) in the tail, or the ending is not measured. */
const MIN_TAIL_FRAMES = 8;
/** Voicing continues across at most 20 ms unvoiced (two frames). */
const MAX_GAP_FRAMES = 3;
/** Real pitch moves well under 3 semitones in 10 ms; a bigger step is a tracking slip. */
const MAX_STEP_SEMITONES = 3;

/**
 * The final movement of pitch at one phrase end: over the last 250 ms of the last continuous
 * voicing before `phrase.to`, the final pitch (median of the last three frames) minus the lowest
 * point before it, in semitones. NaN when less than 80 ms is voiced.
 */
export function finalRise(pitch: TContour, phrase: TInterval): number {
  return finalMovement(pitch, phrase).rise;
}

function finalMovement(pitch: TContour, phrase: TInterval): { rise: number; end: number; fall: number } {
  const frames = framesIn(pitch, [phrase]).filter((i) => (pitch.values[i] ?? 0) > 0);
  // The last stretch of continuous voicing long enough to measure. A jump of more than 3
  // semitones from one frame to the next, or 30 ms unvoiced, breaks it: after a falling end, the
  // tracker often adds a few frames of breath or creak an octave off, which are no rise.
  let segment: number[] = [];
  let current: number[] = [];
  for (const i of frames) {
    const prev = current[current.length - 1];
    const joined =
      prev !== undefined &&
      i - prev <= MAX_GAP_FRAMES &&
      Math.abs(toSemitones(pitch.values[i] ?? 0) - toSemitones(pitch.values[prev] ?? 0)) <= MAX_STEP_SEMITONES;
    if (!joined) current = [];
    current.push(i);
    if (current.length >= MIN_TAIL_FRAMES) segment = current;
  }
  const last = segment[segment.length - 1];
  if (last === undefined) return { rise: Number.NaN, end: Number.NaN, fall: Number.NaN };
  const from = last - Math.round(TAIL_SECONDS / pitch.step);
  const st = segment.filter((i) => i >= from).map((i) => toSemitones(pitch.values[i] ?? 0));
  // Median of three removes single-frame glitches before finding the low point and the end.
  const smooth = st.map((_, i) => median3(st[i - 1] ?? st[i] ?? 0, st[i] ?? 0, st[i + 1] ?? st[i] ?? 0));
  const end = median3(smooth[smooth.length - 1] ?? 0, smooth[smooth.length - 2] ?? 0, smooth[smooth.length - 3] ?? 0);
  let low = Infinity;
  let lowAt = 0;
  for (let i = 0; i < smooth.length - 2; i++)
    if ((smooth[i] ?? Infinity) < low) {
      low = smooth[i] as number;
      lowAt = i;
    }
  // The peak between the low point and the end: a rise-fall (an emphatic accent, "ask NOT")
  // climbs past the final pitch and comes down again, a terminal rise ends at or near its peak.
  let peak = end;
  for (let i = lowAt; i < smooth.length; i++) peak = Math.max(peak, smooth[i] ?? -Infinity);
  return { rise: end - low, end, fall: peak - end };
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/**
 * Statement ends: speech runs followed by a pause of STATEMENT_PAUSE or more (or the end of the
 * talk). With a transcript, a run whose last word is a filler ("um") is a hesitation before a
 * pause, not a statement end.
 */
export function statementEnds(speech: readonly TInterval[], words: readonly TWord[]): TInterval[] {
  const ends: TInterval[] = [];
  for (let k = 0; k < speech.length; k++) {
    const phrase = speech[k] as TInterval;
    const next = speech[k + 1];
    if (next && next.from - phrase.to < STATEMENT_PAUSE) continue;
    if (phrase.to - phrase.from < 0.4) continue;
    const inside = words.filter((w) => w.end > phrase.from && w.start < phrase.to);
    const lastWord = inside[inside.length - 1];
    if (lastWord?.isFiller) continue;
    // The end stays the voice-activity end: recognised word ends were tried and fell up to 0.5 s
    // short of the real final syllable (cutting question rises), while trailing breath is already
    // left out by the continuity rule in finalMovement.
    ends.push(phrase);
  }
  return ends;
}

/**
 * Upspeak: the share of statement ends (see statementEnds) whose last 250 ms of voicing rise by
 * 3 semitones or more, finish above the middle of the speaker's own range (their median pitch)
 * and do not fall 3 semitones or more from the peak of that rise, so a continuation rise inside a
 * sentence, a small lift at the bottom of the range after a fall, or a rise-fall accent on the
 * last word does not count.
 */
export function measureUpspeak(track: TSpeechTrack): TUpspeakResult {
  const voiced = framesIn(track.pitch, track.speech)
    .map((i) => track.pitch.values[i] ?? 0)
    .filter((f) => f > 0)
    .map(toSemitones);
  const middle = quantile(voiced, 0.5);
  const phraseEnds: TPhraseEnd[] = [];
  for (const phrase of statementEnds(track.speech, track.words)) {
    const { rise, end, fall } = finalMovement(track.pitch, phrase);
    if (!Number.isFinite(rise)) continue;
    const height = end - middle;
    // A fall as large as a counted rise after the peak is as audible as the rise: the phrase ends
    // falling (a rise-fall), not on a terminal rise.
    const rising = rise >= RISE_SEMITONES && height > 0 && fall < RISE_SEMITONES;
    phraseEnds.push({ phrase, rise: round(rise, 2), height: round(height, 2), fall: round(fall, 2), rising });
  }
  const rising = phraseEnds.filter((p) => p.rising);
  return {
    upspeak: phraseEnds.length ? round((100 * rising.length) / phraseEnds.length, 1) : 0,
    phraseEnds,
    hotSpots: rising.map((p) => ({
      from: round(Math.max(p.phrase.from, p.phrase.to - TAIL_SECONDS), 2),
      to: round(p.phrase.to, 2),
      spread: p.rise,
    })),
  };
}
