// How a word-spotting phrase matches transcript words, shared by the analysis (which counts the
// phrases) and the web (which marks the same words in the transcript), so both agree on a word.

/** The filler phrase every word-spotting list starts with. */
export const FILLER_PHRASE = 'uh/um';
export const FILLER_WORDS = new Set(['uh', 'um', 'uhm', 'umm', 'ah', 'er', 'erm', 'hmm', 'mm']);

/** Lower case, without a recogniser's "(2)" variant mark and without surrounding punctuation. */
export function normaliseWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\(\d+\)$/, '')
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

/** A phrase's alternatives ("you know/basically"), each as normalised words. */
export function phraseAlternatives(phrase: string): string[][] {
  return phrase
    .trim()
    .split('/')
    .map((alt) => alt.split(/\s+/).map(normaliseWord).filter(Boolean))
    .filter((alt) => alt.length > 0);
}

/**
 * How many normalised tokens, from tokens[i] on, one utterance of `phrase` takes (the longest
 * matching alternative), or 0. The filler phrase matches any one filler word.
 */
export function phraseMatchAt(tokens: readonly string[], i: number, phrase: string): number {
  if (phrase.trim().toLowerCase() === FILLER_PHRASE) return FILLER_WORDS.has(tokens[i] ?? '') ? 1 : 0;
  return Math.max(0, ...phraseAlternatives(phrase).map((alt) => (alt.every((t, k) => tokens[i + k] === t) ? alt.length : 0)));
}
