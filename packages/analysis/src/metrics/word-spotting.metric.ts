import type { TSpan } from '@rostrum/contract';
import { mergeHits, type TKeywordHit } from '../asr/keyword-spotting.js';
import { FILLER_WORDS, normaliseWord, type TWord } from '../asr/transcriber.js';

export const FILLER_PHRASE = 'uh/um';

export interface TWordSpottingResult {
  /** Phrase (as given) to count. */
  counts: Record<string, number>;
  /** Where each phrase was heard. */
  hits: Record<string, TSpan[]>;
  fillers: number;
  /** Hits only the keyword-spotting pass found (not in the transcript). */
  acousticOnly: number;
}

/**
 * Phrases with "/" are alternatives ("uh/um", "you know/like"); matching ignores case and punctuation.
 * `keywordHits` from an acoustic keyword pass are added where the transcript has no hit of the same
 * phrase within 0.3 s, so one utterance is never counted twice.
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
  for (const phrase of list) {
    const key = phrase.trim();
    if (!key || key in counts) continue;
    counts[key] = 0;
    hits[key] = [];
    const isFillerPhrase = key.toLowerCase() === FILLER_PHRASE;
    const alternatives = key.split('/').map((alt) => alt.split(/\s+/).map(normaliseWord).filter(Boolean));
    for (let i = 0; i < tokens.length; i++) {
      const matched = isFillerPhrase
        ? FILLER_WORDS.has(tokens[i] ?? '')
          ? 1
          : 0
        : Math.max(0, ...alternatives.map((alt) => (alt.length > 0 && alt.every((t, k) => tokens[i + k] === t) ? alt.length : 0)));
      if (matched > 0) {
        counts[key] = (counts[key] ?? 0) + 1;
        const first = words[i] as TWord;
        const last = words[i + matched - 1] as TWord;
        hits[key]?.push({ from: first.start, to: last.end, spread: 1 });
      }
    }
    const acoustic = keywordHits.filter((h) => h.phrase === key).map((h) => ({ from: h.start, to: h.end, spread: 1 }));
    if (acoustic.length) {
      const merged = mergeHits(hits[key] ?? [], acoustic);
      acousticOnly += merged.length - (counts[key] ?? 0);
      hits[key] = merged;
      counts[key] = merged.length;
    }
  }
  return { counts, hits, fillers: counts[FILLER_PHRASE] ?? 0, acousticOnly };
}
