// Honest words (docs/analysis/transcription-and-word-confidence.md, "Word confidence"): which transcript words the recogniser was
// guessing, shared by the analysis (which asks the recogniser for alternatives to these words and
// qualifies word-based tips), the server and the web (which fades them), so all agree on a word.

/**
 * Below this recogniser confidence a word is shown as uncertain. Measured, not chosen: the
 * confidence bench (packages/analysis, bench/confidence.accuracy.ts) aligns pocketsphinx's words on
 * real read speech with the known text and takes the threshold that best tells wrong words from
 * right ones (highest F1 of "uncertain = wrong") on the tune half.
 */
export const UNCERTAIN_WORD_CONFIDENCE = 0.6;

/** More than this share of the owner's words uncertain and the transcript says so. */
export const MOSTLY_UNCERTAIN_SHARE = 0.5;

/** The transcript's one sentence when most of it is uncertain (issue 39, word for word). */
export const UNCERTAIN_TRANSCRIPT_NOTICE = 'Parts of this transcript are uncertain: the recogniser could not make out every word';

interface TConfidentItem {
  confidence: number;
  type?: 'word' | 'filler' | 'punctuation';
  isPunctuation?: boolean;
}

/** A word (not punctuation) the recogniser was guessing. */
export function isUncertainWord(item: TConfidentItem): boolean {
  return item.type !== 'punctuation' && !item.isPunctuation && item.confidence < UNCERTAIN_WORD_CONFIDENCE;
}

/** The share of words (punctuation aside) that are uncertain; 0 without words. */
export function uncertainShare(items: readonly TConfidentItem[]): number {
  const words = items.filter((w) => w.type !== 'punctuation' && !w.isPunctuation);
  return words.length ? words.filter(isUncertainWord).length / words.length : 0;
}

/** Whether the transcript must carry UNCERTAIN_TRANSCRIPT_NOTICE: most of these (the owner's) words are uncertain. */
export function isMostlyUncertain(items: readonly TConfidentItem[]): boolean {
  return uncertainShare(items) > MOSTLY_UNCERTAIN_SHARE;
}

/** What the hover over an uncertain word says: its alternatives when the recogniser gave any, else only that it is uncertain. */
export function uncertainWordHint(alternatives: readonly { text: string }[]): string {
  return alternatives.length
    ? `Uncertain word. The recogniser also heard: ${alternatives.map((a) => a.text).join(', ')}`
    : 'Uncertain word: the recogniser could not make it out';
}

/**
 * A word-based tip's note that its count rests on uncertain words ("2 of the 5 fillers counted rest
 * on uncertain words."), or null when none does. `noun` names one and several of what was counted.
 */
export function uncertainCountNote(uncertain: number, total: number, noun: { one: string; many: string }): string | null {
  if (uncertain <= 0 || total <= 0) return null;
  if (total === 1) return `The one ${noun.one} rests on an uncertain word.`;
  if (uncertain >= total) return `All ${total} ${noun.many} rest on uncertain words.`;
  return `${uncertain} of the ${total} ${noun.many} ${uncertain === 1 ? 'rests' : 'rest'} on uncertain words.`;
}

/** The word-spotting tip when most of the transcript is uncertain. */
export const UNCERTAIN_WORDS_TIP =
  'The recogniser could not make out most of your words, so the word counts may be off: listen back before you act on them.';

/** The word-spotting card's line naming the phrases whose counts rest on uncertain words, or null. */
export function uncertainSpottingLine(counts: Record<string, number>, uncertain: Record<string, number> | undefined): string | null {
  const parts = Object.entries(uncertain ?? {})
    .filter(([phrase, n]) => n > 0 && (counts[phrase] ?? 0) > 0)
    .map(([phrase, n]) => `${phrase} (${Math.min(n, counts[phrase] ?? n)} of ${counts[phrase]})`);
  return parts.length ? `Resting on uncertain words: ${parts.join(', ')}` : null;
}
