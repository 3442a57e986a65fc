import type { TWord } from '../asr/transcriber.js';
import type { TAcousticFiller } from './acoustic-fillers.js';

// The acoustic detector and the recogniser, fused as in the PodcastFillers pipeline (Zhu et al.
// 2022, arXiv 2203.15135): a hesitation the detector heard replaces the recogniser's own "uh"/"um"
// there and the short words it invents for one ("the op", "do", "ba'ath"); a real word keeps its
// place, and a stable stretch inside it is a long vowel, not a filler. Where the words lie says more
// than their confidence: pocketsphinx wrote "a" (1.00), "day" (0.99) and "man" (0.98) over inserted
// hesitations of the filler bench, each lying mostly inside the hesitation.

/** The recogniser is sure of a word from this confidence (Whisper's probability, pocketsphinx's posterior). */
export const SURE_CONFIDENCE = 0.6;
/** An invented word has at most this many syllables (vowel groups in its spelling). */
export const MAX_INVENTED_SYLLABLES = 2;
/** A short word more than this share of which lies inside a filler is the recogniser's reading of the filler. */
const INSIDE_SHARE = 0.5;
/**
 * A real word covering this much of a filler, most of it outside the filler, contains it: the stretch
 * is the word's long vowel. Real: sure (SURE_CONFIDENCE) or longer than MAX_INVENTED_SYLLABLES.
 */
const COVER_SHARE = 0.6;

export interface TFusedTranscript {
  /** The transcript with every filler an item at its time (`isFiller`), in time order. */
  words: TWord[];
  /** The fillers alone: the one list every count and mark is made from. */
  fillers: TWord[];
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }): number =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Vowel groups in a spelling: "the" 1, "op" 1, "ba'ath" 1, "country" 2. */
export function spelledSyllables(text: string): number {
  const groups = text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .match(/[aeiouy]+/g);
  return Math.max(1, groups?.length ?? 0);
}

const insideShare = (w: TWord, f: TAcousticFiller): number => overlap(w, f) / Math.max(0.01, w.end - w.start);
const isShort = (w: TWord): boolean => spelledSyllables(w.text) <= MAX_INVENTED_SYLLABLES;

/** The recogniser's words with the detector's fillers merged in. */
export function fuseFillers(words: readonly TWord[], acoustic: readonly TAcousticFiller[]): TFusedTranscript {
  const dropped = new Set<TWord>();
  const added: TWord[] = [];
  for (const f of acoustic) {
    const span = f.end - f.start;
    const near = words.filter((w) => overlap(w, f) > 0);
    const containing = near.find(
      (w) =>
        !w.isFiller &&
        overlap(w, f) >= COVER_SHARE * span &&
        insideShare(w, f) <= INSIDE_SHARE &&
        (w.confidence >= SURE_CONFIDENCE || !isShort(w)),
    );
    if (containing) continue;
    let text: string = f.kind;
    for (const w of near) {
      if (w.isFiller) {
        // The recogniser wrote the filler itself: its spelling ("um") wins over the nasal guess.
        text = w.text.toLowerCase().startsWith('u') ? w.text.toLowerCase() : text;
        dropped.add(w);
      } else if (isShort(w) && insideShare(w, f) > INSIDE_SHARE) dropped.add(w);
    }
    added.push({ text, start: f.start, end: f.end, confidence: f.score, isFiller: true });
  }
  const kept = words.filter((w) => !dropped.has(w));
  const all = [...kept, ...added].sort((a, b) => a.start - b.start || a.end - b.end);
  return { words: all, fillers: all.filter((w) => w.isFiller) };
}
