import { normaliseWord, phraseMatchAt, type TSpan, type TTranscriptItem, type TWordspottingUsed } from '@rostrum/contract';

/** One utterance of a word-spotting phrase that the analysis heard: its transcript items and time. */
export interface TPhraseHit {
  phrase: string;
  /** Indices into the transcript of the phrase's words (punctuation between them excluded). */
  indices: number[];
  from: number;
  to: number;
}

/**
 * The utterances of the word-spotting phrases that a hot spot of the word-spotting metric
 * overlaps: matched by word, as the analysis counts them. Time alone is not enough: the word
 * right after a filler touches the filler's hot spot. A hit the transcript has no word for (the
 * acoustic pass) belongs to no phrase here: the results merge every phrase's hot spots.
 */
export function spottedPhraseHits(items: readonly TTranscriptItem[], phrases: readonly string[], hotSpots: readonly TSpan[]): TPhraseHit[] {
  const words = items.flatMap((w, index) => (w.type === 'punctuation' || w.isPunctuation ? [] : [{ w, index }]));
  const tokens = words.map(({ w }) => normaliseWord(w.text));
  const out: TPhraseHit[] = [];
  const named = hasPhraseLabels(hotSpots);
  for (const phrase of phrases) {
    // Newer results name each hot spot's phrase: a word then counts only under its own phrase.
    const spots = named ? hotSpots.filter((h) => h.label === phrase) : hotSpots;
    for (let i = 0; i < tokens.length; i++) {
      const n = phraseMatchAt(tokens, i, phrase);
      if (n === 0) continue;
      const from = words[i]!.w.start;
      const to = words[i + n - 1]!.w.end;
      if (!spots.some((h) => Math.min(to, h.to) - Math.max(from, h.from) > 0)) continue;
      out.push({ phrase, indices: words.slice(i, i + n).map((x) => x.index), from, to });
    }
  }
  return out;
}

/** Indices of the transcript items to mark as spotted words (see spottedPhraseHits). */
export function spottedWordIndices(items: readonly TTranscriptItem[], phrases: readonly string[], hotSpots: readonly TSpan[]): Set<number> {
  return new Set(spottedPhraseHits(items, phrases, hotSpots).flatMap((h) => h.indices));
}

/** Whether the analysis named each word-spotting hot spot's phrase (results since spans carry a label). */
export function hasPhraseLabels(hotSpots: readonly TSpan[]): boolean {
  return hotSpots.length > 0 && hotSpots.every((h) => h.label !== undefined);
}

/**
 * Each phrase's waveform spans: as the analysis named them (every hit, the acoustic pass's too),
 * or for older results the transcript's utterances under the merged hot spots.
 */
export function spansByPhrase(
  items: readonly TTranscriptItem[],
  phrases: readonly string[],
  hotSpots: readonly TSpan[],
): Map<string, TSpan[]> {
  if (!hasPhraseLabels(hotSpots)) return phraseSpans(spottedPhraseHits(items, phrases, hotSpots));
  const out = new Map<string, TSpan[]>();
  for (const h of hotSpots) {
    if (!phrases.includes(h.label!)) continue;
    out.set(h.label!, [...(out.get(h.label!) ?? []), h]);
  }
  return out;
}

/** Each phrase's waveform spans, for the phrases heard at least once in the transcript. */
export function phraseSpans(hits: readonly TPhraseHit[]): Map<string, TSpan[]> {
  const out = new Map<string, TSpan[]>();
  for (const h of hits) {
    const list = out.get(h.phrase) ?? [];
    list.push({ from: h.from, to: h.to, spread: 1 });
    out.set(h.phrase, list);
  }
  return out;
}

/**
 * The donut's entries: every phrase of the list the analysis counted, the ones not heard with 0,
 * and any phrase the scores have beyond it. Heard phrases first (each group in list order), so
 * the donut's arcs and its legend give a phrase the same colour.
 */
export function wordSpottingCounts(
  counts: Readonly<Record<string, number>>,
  used: Pick<TWordspottingUsed, 'words'> | null,
): [string, number][] {
  const phrases = [...(used?.words ?? [])];
  for (const p of Object.keys(counts)) if (!phrases.includes(p)) phrases.push(p);
  const all = phrases.map((p): [string, number] => [p, counts[p] ?? 0]);
  return [...all.filter(([, c]) => c > 0), ...all.filter(([, c]) => c === 0)];
}
