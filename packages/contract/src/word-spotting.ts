// How a word-spotting phrase matches transcript words, shared by the analysis (which counts the
// phrases) and the web (which marks the same words in the transcript), so both agree on a word.

/** The filler phrase every word-spotting list starts with. */
export const FILLER_PHRASE = 'uh/um';
export const FILLER_WORDS = new Set(['uh', 'um', 'uhm', 'umm', 'ah', 'er', 'erm', 'hmm', 'mm']);

/** Lower case, typographic apostrophes as "'", without a recogniser's "(2)" variant mark and surrounding punctuation. */
export function normaliseWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\(\d+\)$/, '')
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

/** A phrase's alternatives ("you know/basically"), each as normalised words. */
export function phraseAlternatives(phrase: string): string[][] {
  const out: string[][] = [];
  for (const raw of phrase.trim().split('/')) {
    const alt = raw.split(/\s+/).map(normaliseWord).filter(Boolean);
    if (alt.length === 0) continue;
    out.push(alt);
    // Recognisers write numbers as words: "10 tips" is also "ten tips".
    const spelt = alt.flatMap((w) => numberWords(w) ?? [w]);
    if (spelt.join(' ') !== alt.join(' ')) out.push(spelt);
  }
  return out;
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "7" -> ["seven"], "42" -> ["forty", "two"]; other tokens (and numbers from 100 on) -> null. */
function numberWords(token: string): string[] | null {
  if (!/^\d{1,2}$/.test(token)) return null;
  const n = Number(token);
  if (n < 20) return [UNITS[n] as string];
  return n % 10 ? [TENS[Math.floor(n / 10)] as string, UNITS[n % 10] as string] : [TENS[n / 10] as string];
}

/** Hyphens do not matter ("e-mail" is "email"): recognisers spell such words either way. */
const sameWord = (a: string | undefined, b: string): boolean =>
  a === b || (a !== undefined && a.replaceAll('-', '') === b.replaceAll('-', ''));

/**
 * How many normalised tokens, from tokens[i] on, one utterance of `phrase` takes (the longest
 * matching alternative), or 0. The filler phrase matches any one filler word.
 */
export function phraseMatchAt(tokens: readonly string[], i: number, phrase: string): number {
  if (phrase.trim().toLowerCase() === FILLER_PHRASE) return FILLER_WORDS.has(tokens[i] ?? '') ? 1 : 0;
  return Math.max(0, ...phraseAlternatives(phrase).map((alt) => (alt.every((t, k) => sameWord(tokens[i + k], t)) ? alt.length : 0)));
}
