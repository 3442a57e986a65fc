import { ASSIGNMENT_LIMITS, FILLER_PHRASE } from '@rostrum/contract';

// The phrase editor's rules (002 section 5, Wordspotting) as pure functions over its boxes: one
// phrase per box, "uh/um" always first, an empty box kept at the end, at most 25 boxes.

export const MAX_PHRASES = ASSIGNMENT_LIMITS.wordspottingPhrasesMax;
export const MAX_PHRASE_LENGTH = ASSIGNMENT_LIMITS.wordspottingPhraseMax;

export const isFillerPhrase = (p: string) => p.trim().toLowerCase() === FILLER_PHRASE;

/** Keeps one empty box at the end while there is room for it. */
function withTrailingBox(boxes: string[]): string[] {
  const last = boxes[boxes.length - 1];
  if (boxes.length < MAX_PHRASES && (last === undefined || last.trim() !== '')) return [...boxes, ''];
  return boxes;
}

/** The boxes for a saved list: "uh/um" first, the other phrases in order, and one empty box. */
export function initialBoxes(words: readonly string[]): string[] {
  const rest = words.filter((w) => w.trim() !== '' && !isFillerPhrase(w));
  return withTrailingBox([FILLER_PHRASE, ...rest].slice(0, MAX_PHRASES));
}

/** The result of an edit: the new boxes, and whether "uh/um" had to be put back (the alert). */
export interface TBoxEdit {
  boxes: string[];
  fillerRestored: boolean;
}

/** Typing in a box. Clearing the "uh/um" box (box 0) puts it back at once. */
export function changeBox(boxes: readonly string[], index: number, value: string): TBoxEdit {
  const text = value.slice(0, MAX_PHRASE_LENGTH);
  if (index === 0 && text.trim() === '') return { boxes: [FILLER_PHRASE, ...boxes.slice(1)], fillerRestored: true };
  const next = boxes.map((b, i) => (i === index ? text : b));
  return { boxes: withTrailingBox(next), fillerRestored: false };
}

/** Leaving a box: a "uh/um" box edited into another phrase gets "uh/um" back. */
export function leaveBox(boxes: readonly string[], index: number): TBoxEdit {
  if (index !== 0 || isFillerPhrase(boxes[0] ?? '')) return { boxes: [...boxes], fillerRestored: false };
  return { boxes: [FILLER_PHRASE, ...boxes.slice(1)], fillerRestored: true };
}

/** The remove button of a box; "uh/um" cannot be removed. */
export function removeBox(boxes: readonly string[], index: number): TBoxEdit {
  if (index === 0) return { boxes: [FILLER_PHRASE, ...boxes.slice(1)], fillerRestored: true };
  return { boxes: withTrailingBox(boxes.filter((_, i) => i !== index)), fillerRestored: false };
}

/** Clicking the last box while it is empty adds a new empty box after it (up to 25). */
export function clickBox(boxes: readonly string[], index: number): string[] {
  const isLast = index === boxes.length - 1;
  if (isLast && boxes[index]!.trim() === '' && boxes.length < MAX_PHRASES) return [...boxes, ''];
  return [...boxes];
}

/** What is saved: each box trimmed, blanks dropped ("uh/um" first, as the boxes keep it). */
export function phrasesToSave(boxes: readonly string[]): string[] {
  return boxes.map((b) => b.trim()).filter((b) => b !== '');
}
