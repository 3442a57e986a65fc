import { oneDecimalText } from './metric-format.js';
import type { TResults, TSpeakerScores } from './results.js';

// The figures a recording shows in more than one place (the results page, the lists, the history,
// the compare page, the PDF and the CSV) are read from its Results here, once: no view picks
// its own speaker, recomputes a figure or rounds it its own way.

/** Of the Results, what says whose figures are whose. */
export type TOwnResults = Pick<TResults, 'isConversational' | 'scores'>;

/**
 * A conversation has no Vocal Delivery (spec 001: the conversational results show Strength of
 * Opening, Pace, Clarity and the conversation's own metrics), and a take with too little speech
 * has no metrics at all (its page says so): neither has a Vibe score anywhere. Results analysed
 * before the engine left it out still carry one, which no view may show.
 */
function asShown(results: Pick<TResults, 'isConversational'>, s: TSpeakerScores): TSpeakerScores {
  return (results.isConversational || s.isEmptyResults) && s.overall !== null ? { ...s, overall: null } : s;
}

/** One speaker's scores: the recording's own for a single speaker; in a conversation, speaker `speaker`'s (null when there is none). */
export function speakerScores(results: TOwnResults, speaker: number): TSpeakerScores | null {
  if (!results.isConversational || !results.scores.perSpeaker) return asShown(results, results.scores);
  const s = results.scores.perSpeaker.find((p) => p.speaker === speaker);
  return s ? asShown(results, s) : null;
}

/** The owner's scores: in a conversation the speaker they claimed (speakerNum), the first when unclaimed. */
export function ownerScores(results: TOwnResults, speakerNum: number | null): TSpeakerScores | null {
  return speakerScores(results, speakerNum ?? 1);
}

/** The recording's Vibe score (Vocal Delivery, scores.overall) as every list and summary carries it. */
export function vibeScore(results: TOwnResults, speakerNum: number | null): number | null {
  return ownerScores(results, speakerNum)?.overall ?? null;
}

/** How a Vibe score is written everywhere it is shown: one decimal ("8.0"), a dash without one. */
export function vibeScoreText(score: number | null | undefined): string {
  return score == null || !Number.isFinite(score) ? '—' : oneDecimalText(score);
}

/** The number of speakers the analysis found (1-5), as the recording row and its lists carry it. */
export function speakersFound(results: Pick<TResults, 'numSpeakers'>): number {
  return Math.min(5, Math.max(1, results.numSpeakers));
}

/** Equal as JSON values, whatever the order of their keys (stored Results come back from jsonb reordered). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The speaker the Results were analysed for: their scores lead `scores`, and the tips, the Focus
 * box and the hot spots are written about them (1 for a single speaker). In a conversation it is
 * the speaker whose perSpeaker entry holds the leading scores; null when none does. After the
 * owner claims another speaker, the tips describe someone else, and no view shows them as the owner's.
 */
export function leadSpeaker(results: TOwnResults): number | null {
  if (!results.isConversational || !results.scores.perSpeaker) return 1;
  const { perSpeaker, ...lead } = results.scores;
  return perSpeaker.find(({ speaker: _, ...s }) => sameValue(s, lead))?.speaker ?? null;
}

/** Whether the Results' tips, Focus box and hot spots describe `speaker` (a conversation's other speakers have none). */
export function tipsDescribe(results: TOwnResults, speaker: number | null): boolean {
  return !results.isConversational || (speaker !== null && leadSpeaker(results) === speaker);
}
