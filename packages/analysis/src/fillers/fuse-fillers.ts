import type { TWord } from '../asr/transcriber.js';
import type { TAcousticFiller } from './acoustic-fillers.js';

// The acoustic detector and the recogniser, fused as in the PodcastFillers pipeline (Zhu et al.
// 2022, arXiv 2203.15135): a hesitation the detector heard replaces the recogniser's own "uh"/"um"
// there and the short, unsure words it invents for one ("the op", "do", "ba'ath"); a word the
// recogniser is sure of keeps its place, and a stable stretch inside it is a long vowel, not a filler.

/** The recogniser is sure of a word from this confidence (Whisper's probability, pocketsphinx's posterior). */
export const SURE_CONFIDENCE = 0.6;
/** An invented word has at most this many syllables (vowel groups in its spelling). */
export const MAX_INVENTED_SYLLABLES = 2;
/** A word this much inside a filler's span is the recogniser's reading of the filler. */
const INSIDE_SHARE = 0.5;
/** A sure word covering this much of a filler's span contains it: the stretch is the word's vowel. */
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

const isInvented = (w: TWord): boolean => w.confidence < SURE_CONFIDENCE && spelledSyllables(w.text) <= MAX_INVENTED_SYLLABLES;

/** The recogniser's words with the detector's fillers merged in. */
export function fuseFillers(words: readonly TWord[], acoustic: readonly TAcousticFiller[]): TFusedTranscript {
  const dropped = new Set<TWord>();
  const added: TWord[] = [];
  for (const f of acoustic) {
    const span = f.end - f.start;
    const near = words.filter((w) => overlap(w, f) > 0);
    const containing = near.find((w) => !w.isFiller && w.confidence >= SURE_CONFIDENCE && overlap(w, f) >= COVER_SHARE * span);
    if (containing) continue;
    let text: string = f.kind;
    for (const w of near) {
      const inside = overlap(w, f) >= INSIDE_SHARE * Math.max(0.01, w.end - w.start);
      if (w.isFiller) {
        // The recogniser wrote the filler itself: its spelling ("um") wins over the nasal guess.
        text = w.text.toLowerCase().startsWith('u') ? w.text.toLowerCase() : text;
        dropped.add(w);
      } else if (inside && isInvented(w)) dropped.add(w);
    }
    added.push({ text, start: f.start, end: f.end, confidence: f.score, isFiller: true });
  }
  const kept = words.filter((w) => !dropped.has(w));
  const all = [...kept, ...added].sort((a, b) => a.start - b.start || a.end - b.end);
  return { words: all, fillers: all.filter((w) => w.isFiller) };
}
