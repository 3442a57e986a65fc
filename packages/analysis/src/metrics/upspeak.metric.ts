import type { TSpan } from '@rostrum/contract';
import type { TWord } from '../asr/transcriber.js';
import type { TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import { finalMovement, isTerminalRise, speakerRange, TAIL_SECONDS } from './final-rise.js';
import { isFinalRise, questionCue, UTTERANCE_PAUSE, utterances, wordsOf, type TQuestion, type TUtterance } from './questions.js';
import { round } from './score-bands.js';
import type { TSpeechTrack } from './speech-track.js';

export interface TPhraseEnd {
  phrase: TInterval;
  /** Semitones from the low point of the last 300 ms of voicing up to the final pitch. */
  rise: number;
  /** Final pitch relative to the speaker's median, semitones. */
  height: number;
  /** Semitones the pitch falls from its peak after the low point to the final pitch. */
  fall: number;
  /** Semitones the voicing left after the measured tail lies under the final pitch (see finalMovement). */
  dropAfter: number;
  /** Final pitch between the phrase's declining baseline (0) and topline (1), extrapolated to its end. */
  position: number;
  /** Final pitch minus the phrase's extrapolated baseline, over the speaker's range. */
  aboveBaseline: number;
  /** Final pitch minus the speaker's low, over the speaker's range. */
  aboveLow: number;
  rising: boolean;
}

export interface TUpspeakResult {
  /** Share of statement ends (questions left out) with a terminal rise, %. */
  upspeak: number;
  phraseEnds: TPhraseEnd[];
  hotSpots: TSpan[];
  /** Utterances told apart as questions (never upspeak). */
  questions: TQuestion[];
}

export { RISE_SEMITONES } from './final-rise.js';
/** A statement ends at a silence at least this long (see UTTERANCE_PAUSE). */
export const STATEMENT_PAUSE = UTTERANCE_PAUSE;

/**
 * The final rise at one phrase end in semitones (see finalMovement), NaN when under 80 ms of the
 * tail is reliably voiced.
 */
export function finalRise(pitch: TContour, phrase: TInterval): number {
  return finalMovement(pitch, null, [phrase], speakerRange(pitch, [phrase]))?.rise ?? Number.NaN;
}

/**
 * Statement ends: utterances (speech runs up to a pause of STATEMENT_PAUSE or more, or the end of
 * the talk) that last 0.4 s or more and do not end on a filler ("um" before a pause is a
 * hesitation, not a statement end) or on a comma a recogniser wrote (a continuation rise inside
 * a sentence, however long the pause after it).
 */
export function statementEnds(speech: readonly TInterval[], words: readonly TWord[]): TUtterance[] {
  return utterances(speech).filter((u) => {
    const last = u.runs[u.runs.length - 1] as TInterval;
    if (last.to - last.from < 0.4) return false;
    const inside = words.filter((w) => w.end > last.from && w.start < last.to);
    const lastWord = inside[inside.length - 1];
    return !lastWord?.isFiller && !/[,;:]$/.test(lastWord?.text.trim() ?? '');
  });
}

/**
 * Upspeak: the share of statement ends whose final movement is a terminal rise (isTerminalRise:
 * the last reliable voicing ends near or above the phrase's declining baseline, measured in the
 * speaker's own range, and does not fall back from a peak). Questions (metrics/questions.ts) are
 * left out: a rise there is what a question does.
 */
export function measureUpspeak(track: TSpeechTrack): TUpspeakResult {
  const range = speakerRange(track.pitch, track.speech);
  const middle = (range.low + range.high) / 2;
  const phraseEnds: TPhraseEnd[] = [];
  const questions: TQuestion[] = [];
  for (const u of statementEnds(track.speech, track.words)) {
    const m = finalMovement(track.pitch, track.intensity, u.runs, range);
    const cue = questionCue(wordsOf(u, track.words), isFinalRise(m));
    if (cue) {
      questions.push({ from: u.from, to: u.to, cue });
      continue;
    }
    if (!m) continue;
    phraseEnds.push({
      phrase: u.runs[u.runs.length - 1] as TInterval,
      rise: round(m.rise, 2),
      height: round(m.end - middle, 2),
      fall: round(m.fall, 2),
      dropAfter: round(m.dropAfter, 2),
      position: round(m.position, 2),
      aboveBaseline: round(m.aboveBaseline, 2),
      aboveLow: round(m.aboveLow, 2),
      rising: isTerminalRise(m),
    });
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
    questions,
  };
}
