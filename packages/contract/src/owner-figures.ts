import { oneDecimalText } from './metric-format.js';
import type { TResults, TSpeakerScores } from './results.js';

// The figures a recording shows in more than one place (the results page, the lists, the history,
// the compare page, the PDF and the CSV) are read from its Results here, once: no view picks
// its own speaker, recomputes a figure or rounds it its own way.

/** Of the Results, what says whose figures are whose. */
export type TOwnResults = Pick<TResults, 'isConversational' | 'scores'>;

/**
 * A conversation has no Vocal Delivery (spec 001: the conversational results show Strength of
 * Opening, Pace, Clarity and the conversation's own metrics), so it has no Vibe score anywhere;
 * results analysed before the engine left it out still carry one, which no view may show.
 */
function asShown(results: Pick<TResults, 'isConversational'>, s: TSpeakerScores): TSpeakerScores {
  return results.isConversational && s.overall !== null ? { ...s, overall: null } : s;
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
