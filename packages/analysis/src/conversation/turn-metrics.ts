import type { TWord } from '../asr/transcriber.js';
import { detectQuestions } from '../metrics/questions.js';
import type { TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import type { TConversationScores } from '../report/build-results.js';
import type { TSpeakerSegment } from './diarize.js';

/** A switch counts as meaningful when the new speaker holds the floor at least this long. */
export const MEANINGFUL_TURN_SECONDS = 2;
export interface TTurn extends TInterval {
  speaker: number;
}

/** Consecutive segments of one speaker, uninterrupted by anyone else, form a turn. */
export function buildTurns(segments: readonly TSpeakerSegment[]): TTurn[] {
  const turns: TTurn[] = [];
  for (const s of [...segments].sort((a, b) => a.from - b.from)) {
    const last = turns[turns.length - 1];
    if (last && last.speaker === s.speaker) last.to = Math.max(last.to, s.to);
    else turns.push({ from: s.from, to: s.to, speaker: s.speaker });
  }
  return turns;
}

/** Talk share, meaningful switches, questions and wait time for one speaker of a conversation. */
export function measureConversation(
  speaker: number,
  segments: readonly TSpeakerSegment[],
  turns: readonly TTurn[],
  pitch: TContour,
  intensity: TContour | null,
  /** The recording's words, each with the speaker it was said by. */
  words: readonly (TWord & { speaker?: number })[],
): TConversationScores {
  const talk = (who?: number): number =>
    segments.filter((s) => who === undefined || s.speaker === who).reduce((t, s) => t + s.to - s.from, 0);
  const total = talk();
  const switchSpans: TInterval[] = [];
  const waits: number[] = [];
  for (let i = 1; i < turns.length; i++) {
    const prev = turns[i - 1] as TTurn;
    const cur = turns[i] as TTurn;
    if (cur.speaker !== speaker) continue;
    if (cur.to - cur.from >= MEANINGFUL_TURN_SECONDS) switchSpans.push({ from: prev.to, to: cur.from + Math.min(2, cur.to - cur.from) });
    waits.push(Math.max(0, cur.from - prev.to));
  }
  // The same detector the default algorithm leaves out of upspeak (metrics/questions.ts), on this
  // speaker's own talk and words.
  const own = segments.filter((s) => s.speaker === speaker).map(({ from, to }) => ({ from, to }));
  const questionSpans: TInterval[] = detectQuestions(
    own,
    words.filter((w) => w.speaker === undefined || w.speaker === speaker),
    pitch,
    intensity,
  ).map(({ from, to }) => ({ from, to }));
  return {
    talkVsListen: total > 0 ? Math.round((1000 * talk(speaker)) / total) / 10 : 0,
    convoSwitches: switchSpans.length,
    questions: questionSpans.length,
    waitTime: waits.length ? Math.round((100 * waits.reduce((a, b) => a + b, 0)) / waits.length) / 100 : null,
    questionSpans,
    switchSpans,
  };
}
