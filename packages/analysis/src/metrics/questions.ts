// Questions, told apart from statements, for both algorithms: the default one leaves them out of
// upspeak's statement ends, the conversational one counts them (conversation/turn-metrics.ts).
import type { TWord } from '../asr/transcriber.js';
import type { TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import { finalMovement, isTerminalRise, speakerRange, type TSpeakerRange } from './final-rise.js';

/** Words the recogniser is at least this sure of may mark a question by their form. */
export const QUESTION_WORD_CONFIDENCE = 0.5;
/**
 * A silence at least this long ends an utterance. Read and prepared speech puts 0.5 s or more
 * between sentences and shorter breaks (0.2-0.4 s) at commas and phrase boundaries inside them,
 * where a continuation rise is normal.
 */
export const UTTERANCE_PAUSE = 0.5;

const WH_WORDS = new Set(['what', 'why', 'how', 'when', 'where', 'who', 'whom', 'whose', 'which']);
const AUXILIARIES = new Set([
  'do',
  'does',
  'did',
  'are',
  'is',
  'am',
  'was',
  'were',
  'can',
  'could',
  'would',
  'will',
  'should',
  'shall',
  'may',
  'might',
  'must',
  'have',
  'has',
  'had',
  "don't",
  "doesn't",
  "didn't",
  "aren't",
  "isn't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "haven't",
  "hasn't",
]);
/** A subject right after the auxiliary makes the inversion ("is this ...", not "is in use"). */
const SUBJECTS = new Set([
  'i',
  'you',
  'we',
  'he',
  'she',
  'it',
  'they',
  'there',
  'this',
  'that',
  'these',
  'those',
  'the',
  'a',
  'an',
  'your',
  'my',
  'our',
  'his',
  'her',
  'their',
  'its',
  'anyone',
  'anybody',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'any',
  'some',
]);

export type TQuestionCue = 'wh-word' | 'inversion' | 'marked-rise';

export interface TQuestion extends TInterval {
  cue: TQuestionCue;
}

export interface TUtterance {
  /** The speech runs of the utterance, in order. */
  runs: TInterval[];
  from: number;
  to: number;
}

/** Speech runs grouped into utterances at silences of UTTERANCE_PAUSE or more. */
export function utterances(speech: readonly TInterval[]): TUtterance[] {
  const out: TUtterance[] = [];
  for (const run of [...speech].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && run.from - last.to < UTTERANCE_PAUSE) {
      last.runs.push(run);
      last.to = run.to;
    } else out.push({ runs: [run], from: run.from, to: run.to });
  }
  return out;
}

const bare = (w: TWord): string => w.text.toLowerCase().replace(/[^a-z']/g, '');

/** The words whose middle falls inside the utterance, fillers left out. */
export function wordsOf(u: TInterval, words: readonly TWord[]): TWord[] {
  return words.filter((w) => !w.isFiller && (w.start + w.end) / 2 >= u.from - 0.05 && (w.start + w.end) / 2 <= u.to + 0.05);
}

/**
 * Why the utterance is a question, or null: its first words (confidence >= QUESTION_WORD_CONFIDENCE)
 * are a wh-word, or an auxiliary followed by a subject (inversion); or the recogniser wrote a "?"
 * on its last word and the pitch rises at the end (`rises`).
 */
export function questionCue(words: readonly TWord[], rises: boolean): TQuestionCue | null {
  const [first, second] = words;
  const sure = (w: TWord | undefined): w is TWord => w !== undefined && w.confidence >= QUESTION_WORD_CONFIDENCE;
  if (sure(first) && WH_WORDS.has(bare(first))) return 'wh-word';
  if (sure(first) && sure(second) && AUXILIARIES.has(bare(first)) && SUBJECTS.has(bare(second))) return 'inversion';
  const lastWord = words[words.length - 1];
  if (lastWord?.text.trim().endsWith('?') && rises) return 'marked-rise';
  return null;
}

/** The same terminal rise upspeak counts (final-rise.ts), so a rise means one thing in both. */
export const isFinalRise = isTerminalRise;

/** The questions among the utterances of `speech` (one speaker's talk). */
export function detectQuestions(
  speech: readonly TInterval[],
  words: readonly TWord[],
  pitch: TContour,
  intensity: TContour | null,
  range: TSpeakerRange = speakerRange(pitch, speech),
): TQuestion[] {
  const out: TQuestion[] = [];
  for (const u of utterances(speech)) {
    const cue = questionCue(wordsOf(u, words), isFinalRise(finalMovement(pitch, intensity, u.runs, range)));
    if (cue) out.push({ from: u.from, to: u.to, cue });
  }
  return out;
}
