import { normaliseWord, phraseMatchAt, type TSpan, type TTranscriptItem } from '@rostrum/contract';

/**
 * Indices of the transcript items to mark as spotted words: the words of an utterance of a
 * word-spotting phrase (matched by word, as the analysis counts them) that a hot spot of the
 * word-spotting metric overlaps. Time alone is not enough: the word right after a filler touches
 * the filler's hot spot.
 */
export function spottedWordIndices(items: readonly TTranscriptItem[], phrases: readonly string[], hotSpots: readonly TSpan[]): Set<number> {
  const words = items.flatMap((w, index) => (w.type === 'punctuation' || w.isPunctuation ? [] : [{ w, index }]));
  const tokens = words.map(({ w }) => normaliseWord(w.text));
  const out = new Set<number>();
  for (const phrase of phrases) {
    for (let i = 0; i < tokens.length; i++) {
      const n = phraseMatchAt(tokens, i, phrase);
      if (n === 0) continue;
      const from = words[i]!.w.start;
      const to = words[i + n - 1]!.w.end;
      if (!hotSpots.some((h) => Math.min(to, h.to) - Math.max(from, h.from) > 0)) continue;
      for (let k = i; k < i + n; k++) out.add(words[k]!.index);
    }
  }
  return out;
}
