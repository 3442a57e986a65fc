import { FILLER_PHRASE, normaliseWord, phraseAlternatives, phraseMatchAt, type TSpan } from '@rostrum/contract';
import { mergeHits } from '../asr/keyword-spotting.js';
import type { TKeywordHit } from '../asr/transcriber.js';
import type { TWord } from '../asr/transcriber.js';

export { FILLER_PHRASE };

export interface TWordSpottingResult {
  /** Phrase (as given) to count. */
  counts: Record<string, number>;
  /** Where each phrase was heard. */
  hits: Record<string, TSpan[]>;
  fillers: number;
  /** Hits only the keyword-spotting pass found (not in the transcript). */
  acousticOnly: number;
}

/** The phrase's longest alternative, in words ("you know/so" -> 2). */
const phraseWords = (phrase: string): number => Math.max(1, ...phraseAlternatives(phrase).map((a) => a.length));

/** Case, spacing and surrounding punctuation do not make two list phrases different. */
const phraseKey = (phrase: string): string => phrase.split(/\s+/).map(normaliseWord).filter(Boolean).join(' ');

/** True when two spans share more than half of the shorter one: the same words. */
function sameWords(a: TSpan, b: TSpan): boolean {
  const shared = Math.min(a.to, b.to) - Math.max(a.from, b.from);
  return shared > 0.5 * Math.max(0.01, Math.min(a.to - a.from, b.to - b.from));
}

/** A keyword hit this much (or more) inside one transcript word is that word, not the phrase. */
export const INSIDE_OTHER_WORD_SHARE = 0.75;

/**
 * True when one transcript word that is none of the phrase's words covers most of the keyword hit:
 * the keyword pass heard the phrase inside a longer word ("basically" in "quickly", "Rostrum" in "roster").
 */
export function insideOtherWord(hit: TSpan, words: readonly TWord[], phrase: string): boolean {
  const own = new Set(phraseAlternatives(phrase).flat());
  const length = Math.max(0.01, hit.to - hit.from);
  return words.some(
    (w) => !own.has(normaliseWord(w.text)) && Math.min(w.end, hit.to) - Math.max(w.start, hit.from) >= INSIDE_OTHER_WORD_SHARE * length,
  );
}

/**
 * Phrases with "/" are alternatives ("uh/um", "you know/like"); matching ignores case and punctuation.
 * `keywordHits` from an acoustic keyword pass are added where the transcript has no hit of the same
 * phrase within 0.3 s, so one utterance is never counted twice.
 * Overlapping phrases: the longest wins. Phrases are matched longest first and words already
 * counted for a longer phrase are not counted again for a shorter one ("you know" listed with "know":
 * "you know" counts 1, "know" 0). A phrase repeated in the list (ignoring case) takes the count of its
 * first entry and has no hits of its own.
 */
export function spotWords(
  words: readonly TWord[],
  phrases: readonly string[],
  keywordHits: readonly TKeywordHit[] = [],
): TWordSpottingResult {
  const tokens = words.map((w) => normaliseWord(w.text));
  const counts: Record<string, number> = {};
  const hits: Record<string, TSpan[]> = {};
  let acousticOnly = 0;
  const list = [FILLER_PHRASE, ...phrases.filter((p) => p.trim().toLowerCase() !== FILLER_PHRASE)];
  const firstOf = new Map<string, string>();
  const order: string[] = [];
  for (const phrase of list) {
    const key = phrase.trim();
    if (!key || key in counts) continue;
    counts[key] = 0;
    const norm = phraseKey(key);
    if (firstOf.has(norm)) continue;
    firstOf.set(norm, key);
    hits[key] = [];
    order.push(key);
  }
  order.sort((a, b) => phraseWords(b) - phraseWords(a));
  const taken: TSpan[] = [];
  for (const key of order) {
    const own: TSpan[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const matched = phraseMatchAt(tokens, i, key);
      if (matched === 0) continue;
      const span = { from: (words[i] as TWord).start, to: (words[i + matched - 1] as TWord).end, spread: 1 };
      if (taken.some((t) => sameWords(t, span))) continue;
      own.push(span);
      // The words of this utterance are not matched again (an alternative inside it, "you know/know").
      i += matched - 1;
    }
    const acoustic = keywordHits
      .filter((h) => h.phrase === key)
      .map((h) => ({ from: h.start, to: h.end, spread: 1 }))
      .filter((h) => !taken.some((t) => sameWords(t, h)) && !insideOtherWord(h, words, key));
    const merged = acoustic.length ? mergeHits(own, acoustic) : own;
    acousticOnly += merged.length - own.length;
    hits[key] = merged;
    counts[key] = merged.length;
    taken.push(...merged);
  }
  for (const [key, first] of [...Object.keys(counts)].map((k) => [k, firstOf.get(phraseKey(k))] as const))
    if (first && first !== key) counts[key] = counts[first] ?? 0;
  return { counts, hits, fillers: counts[FILLER_PHRASE] ?? 0, acousticOnly };
}
