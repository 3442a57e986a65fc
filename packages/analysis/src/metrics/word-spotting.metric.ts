import { FILLER_PHRASE, normaliseWord, phraseMatchAt, type TSpan } from '@rostrum/contract';
import { mergeHits, type TKeywordHit } from '../asr/keyword-spotting.js';
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
    for (let i = 0; i < tokens.length; i++) {
      const matched = phraseMatchAt(tokens, i, key);
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
