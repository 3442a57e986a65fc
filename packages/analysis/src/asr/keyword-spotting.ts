// Keyword spotting with pocketsphinx (`-kws`): a second acoustic pass that listens only for the
// word-spotting phrases, so a phrase the language model missed in the transcript is still counted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ipaToArpabet } from './letter-to-sound.js';
import { phoneticDistance } from './phonetic-match.js';
import { normaliseWord, type TKeywordHit, type TWord } from './transcriber.js';

export const DICTIONARY_FILE = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/**
 * Detection threshold: a phrase of n phones is reported when its path beats the garbage loop by
 * 10^-(KWS_EXPONENT_PER_PHONE x n - KWS_EXPONENT_OFFSET). Measured on espeak speech with the
 * word-spotting benchmark (docs/analysis/word-spotting.md, "Word spotting accuracy"): 4-phone "you know" was
 * best near 1e-6 (1e-12 doubled its false alarms), 6-7 phones near 1e-22 to 1e-30, 9 phones near 1e-46.
 */
export const KWS_EXPONENT_PER_PHONE = 8;
export const KWS_EXPONENT_OFFSET = 26;
/** Phrases shorter than this many phones are left to the transcript: spotting them raised false alarms. */
export const KWS_MIN_PHONES = 4;
/** Two hits of one phrase whose starts (or ends) are this close are one utterance of it. */
export const SAME_HIT_SECONDS = 0.3;
/** The keyword pass hears this much of the neighbouring pieces, so a phrase at a cut is still whole in one piece. */
export const KWS_OVERLAP_SECONDS = 1.5;

/** One line of the `-kws` file: an alternative of one or more phrases, with its threshold. */
export interface TKeywordLine {
  /** Lower-case words as the dictionary spells them, space separated. */
  text: string;
  phrases: string[];
  phones: number;
  threshold: number;
}

export interface TKeywordPlan {
  lines: TKeywordLine[];
  /** Phrases every alternative of which is spotted acoustically (the others use the transcript only). */
  spotted: string[];
  /** Pronunciation (ARPAbet phones) of every word of the lines: the keyword pass's own dictionary. */
  dictionary: Map<string, string>;
}

const dictionaries = new Map<string, Map<string, string[]>>();

/** Word -> its pronunciations (ARPAbet phones; the dictionary's first one first), read once per process. */
export function loadDictionary(file = DICTIONARY_FILE): Map<string, string[]> {
  let dict = dictionaries.get(file);
  if (dict) return dict;
  dict = new Map();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No dictionary: every phrase falls back to the transcript (or to letter-to-sound).
  }
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line
      .slice(space + 1)
      .trim()
      .split(/\s+/)
      .join(' ');
    const prons = dict.get(word);
    if (prons) prons.push(phones);
    else dict.set(word, [phones]);
  }
  dictionaries.set(file, dict);
  return dict;
}

export function kwsThreshold(phones: number): number {
  return 10 ** -Math.min(100, Math.max(1, KWS_EXPONENT_PER_PHONE * phones - KWS_EXPONENT_OFFSET));
}

/** How a word missing from the dictionary is pronounced (ARPAbet), or null when unknown. */
export type TLetterToSound = (word: string) => string | null;

/** Words of at most this many phones (in phrases of two or more words) are also listened for in their variants. */
export const KWS_VARIANT_MAX_PHONES = 3;
/** At most this many pronunciations of one alternative are listened for (the first plus variants). */
export const KWS_MAX_VARIANTS = 4;

/**
 * The pronunciations of one alternative as kws lines: all words' first pronunciations, then each
 * dictionary variant of one short word of a multi-word phrase at a time ("to" as T AH in "to be
 * honest": function words are reduced in running speech). A variant is named as in the dictionary, "to(3)".
 */
function variants(words: readonly string[], prons: readonly string[][]): { text: string; phones: number; entries: [string, string][] }[] {
  const first = words.map((w, k) => [w, (prons[k] as string[])[0] as string] as [string, string]);
  const out = [first];
  words.forEach((w, k) => {
    const own = prons[k] as string[];
    // Only short (function) words: a reduced variant of a long word ("actually" as AE K CH L IY) gets a
    // lenient threshold for its few phones and raised false alarms.
    if (words.length < 2 || (own[0] as string).split(' ').length > KWS_VARIANT_MAX_PHONES) return;
    own.slice(1).forEach((p, v) => {
      const entries = [...first];
      entries[k] = [`${w}(${v + 2})`, p];
      out.push(entries);
    });
  });
  return out.slice(0, KWS_MAX_VARIANTS).flatMap((entries, k) => {
    const phones = entries.map(([, p]) => p).join(' ');
    const count = phones.split(' ').length;
    const separate = { text: entries.map(([w]) => w).join(' '), phones: count, entries };
    if (words.length < KWS_JOINED_MIN_WORDS) return [separate];
    // A multi-word phrase is also listened for as ONE word with the phones joined: pocketsphinx's keyword
    // search found "to be honest" this way and never as three words (docs/analysis/word-spotting.md).
    const name = `${joinedWord(words)}${k ? `(${k + 1})` : ''}`;
    return [separate, { text: name, phones: count, entries: [[name, phones] as [string, string]] }];
  });
}

/** Phrases of this many words or more are also listened for as one joined word (two-word ones gained nothing and lost precision). */
export const KWS_JOINED_MIN_WORDS = 3;

/** The keyword pass's single dictionary word for a multi-word phrase ("for example" -> "for_example"). */
export const joinedWord = (words: readonly string[]): string => words.join('_');

/**
 * Which phrases the keyword pass listens for. "/" separates alternatives; an alternative is spotted
 * when every word has a pronunciation (the dictionary's, else `letterToSound`'s) and it is long
 * enough to spot reliably. The filler phrase "uh/um" is never planned here (fillers come from the transcript).
 */
export function planKeywordSpotting(
  phrases: readonly string[],
  dict: Map<string, string[]> = loadDictionary(),
  letterToSound: TLetterToSound = espeakLetterToSound,
): TKeywordPlan {
  const lines = new Map<string, TKeywordLine>();
  const dictionary = new Map<string, string>();
  const spotted: string[] = [];
  const pronounce = (w: string): string[] | null => {
    const known = dict.get(w) ?? dict.get(w.replaceAll('-', ''));
    if (known) return known;
    const guess = letterToSound(w);
    return guess ? [guess] : null;
  };
  for (const phrase of phrases) {
    const key = phrase.trim();
    if (!key || key.toLowerCase() === 'uh/um') continue;
    const alternatives = key
      .split('/')
      .map((alt) => alt.split(/\s+/).map(normaliseWord).filter(Boolean))
      .filter((alt) => alt.length > 0);
    let all = alternatives.length > 0;
    for (const alt of alternatives) {
      // The kws file names words; "(" or "/" in a word would break it, so such words go by the transcript.
      const prons = alt.map((w) => (/^[\p{L}\p{N}'-]+$/u.test(w) ? pronounce(w) : null));
      const lineVariants = prons.every(Boolean) ? variants(alt, prons as string[][]) : [];
      if ((lineVariants[0]?.phones ?? 0) < KWS_MIN_PHONES) {
        all = false;
        continue;
      }
      for (const v of lineVariants) {
        if (v.phones < KWS_MIN_PHONES) continue;
        for (const [w, p] of v.entries) dictionary.set(w, p);
        const line = lines.get(v.text) ?? { text: v.text, phrases: [], phones: v.phones, threshold: kwsThreshold(v.phones) };
        if (!line.phrases.includes(key)) line.phrases.push(key);
        lines.set(v.text, line);
      }
    }
    if (all) spotted.push(key);
  }
  return { lines: [...lines.values()], spotted, dictionary };
}

/** The keyword pass's dictionary file: only the words of its phrases, one "word PHONES" a line. */
export function keywordDictionaryFile(plan: TKeywordPlan): string {
  return [...plan.dictionary].map(([w, p]) => `${w} ${p}\n`).join('');
}

/** The `-kws` file: "phrase /threshold/" per line. */
export function keywordFile(plan: TKeywordPlan): string {
  return plan.lines.map((l) => `${l.text} /${l.threshold.toExponential(0)}/\n`).join('');
}

const HIT = /^(.+?)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;

/** Parses `pocketsphinx_continuous -kws … -time yes` output ("phrase  start end posterior" lines). */
export function parseKeywordHits(stdout: string, plan: TKeywordPlan, offset: number): TKeywordHit[] {
  const byText = new Map(plan.lines.map((l) => [l.text, l]));
  const phonesOf = (line: TKeywordLine): string =>
    line.text
      .split(' ')
      .map((w) => plan.dictionary.get(w) ?? '')
      .join(' ');
  const hits: TKeywordHit[] = [];
  for (const raw of stdout.split('\n')) {
    const m = HIT.exec(raw.trim());
    if (!m) continue;
    const line = byText.get((m[1] as string).trim().toLowerCase().replace(/\s+/g, ' '));
    if (!line) continue;
    for (const phrase of line.phrases) {
      hits.push({
        phrase,
        start: offset + Number(m[2]),
        end: offset + Number(m[3]),
        confidence: Math.min(1, Math.max(0, Number(m[4]))),
        phones: phonesOf(line),
      });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

export interface TTimedHit {
  from: number;
  to: number;
}

/** True when two hits of one phrase are the same utterance of it. */
export function sameHit(a: TTimedHit, b: TTimedHit): boolean {
  return (
    Math.abs(a.from - b.from) <= SAME_HIT_SECONDS ||
    Math.abs(a.to - b.to) <= SAME_HIT_SECONDS ||
    Math.min(a.to, b.to) - Math.max(a.from, b.from) > 0
  );
}

/** Transcript hits plus the keyword hits that no transcript hit (nor earlier keyword hit) already covers. */
export function mergeHits<T extends TTimedHit>(transcript: readonly T[], acoustic: readonly T[]): T[] {
  const out = [...transcript];
  for (const h of [...acoustic].sort((a, b) => a.from - b.from)) if (!out.some((x) => sameHit(x, h))) out.push(h);
  return out.sort((a, b) => a.from - b.from);
}

/** Keyword hits with repeats of one utterance (the same phrase heard by two overlapping pieces) dropped. */
export function dedupeHits(hits: readonly TKeywordHit[]): TKeywordHit[] {
  const out: TKeywordHit[] = [];
  for (const h of [...hits].sort((a, b) => a.start - b.start)) {
    const span = { from: h.start, to: h.end };
    if (!out.some((x) => x.phrase === h.phrase && sameHit({ from: x.start, to: x.end }, span))) out.push(h);
  }
  return out;
}

const spoken = new Map<string, string | null>();

/** Letter-to-sound by espeak-ng (en-us IPA mapped to ARPAbet); null when espeak-ng is not installed. */
export function espeakLetterToSound(word: string): string | null {
  if (spoken.has(word)) return spoken.get(word) ?? null;
  let phones: string | null = null;
  try {
    const ipa = execFileSync('espeak-ng', ['-q', '--ipa', '-v', 'en-us', word], { encoding: 'utf8', timeout: 5000 });
    phones = ipaToArpabet(ipa).join(' ') || null;
  } catch {
    // No espeak-ng: the word is left to the transcript.
  }
  spoken.set(word, phones);
  return phones;
}

/**
 * A keyword hit is kept when the transcript's words at its time sound like it: their phones hold
 * the hit's pronunciation within this distance (phoneticDistance: edits per phone of the phrase).
 * Fitted on the word-spotting benchmark (docs/analysis/word-spotting.md, "Word spotting accuracy").
 */
export const KWS_MAX_PHONETIC_DISTANCE = 0.5;

/** The phones the transcript heard during a hit (every word overlapping it), or null when it heard no word there. */
export function heardPhones(hit: { start: number; end: number }, words: readonly TWord[], dict: Map<string, string[]>): string[] | null {
  const over = words.filter((w) => Math.min(w.end, hit.end) - Math.max(w.start, hit.start) > 0);
  if (over.length === 0) return null;
  return over.flatMap((w) => (dict.get(w.text)?.[0] ?? '').split(' ').filter(Boolean));
}

/** How far the transcript's words during a hit are from its pronunciation; 0 when there is nothing to compare. */
export function hitDistance(hit: TKeywordHit, words: readonly TWord[], dict: Map<string, string[]>): number {
  const heard = hit.phones ? heardPhones(hit, words, dict) : null;
  return heard && hit.phones ? phoneticDistance(hit.phones.split(' '), heard) : 0;
}

/** A hit this close to a cut between transcription pieces is kept unchecked. */
export const CUT_MARGIN_SECONDS = 0.2;

/**
 * Keyword hits the transcript does not contradict: where it heard words, they sound like the
 * phrase. A hit over stretches the transcript left empty is kept (the keyword pass exists to find
 * what the transcript missed), and so is one across a cut between the transcript's pieces (`cuts`,
 * seconds): there the transcript heard the phrase in two halves, which the keyword pass heard whole.
 */
export function verifyKeywordHits(
  hits: readonly TKeywordHit[],
  words: readonly TWord[],
  dict: Map<string, string[]>,
  cuts: readonly number[] = [],
  maxDistance = KWS_MAX_PHONETIC_DISTANCE,
): TKeywordHit[] {
  const atCut = (h: TKeywordHit): boolean => cuts.some((c) => c >= h.start - CUT_MARGIN_SECONDS && c <= h.end + CUT_MARGIN_SECONDS);
  return hits.filter((h) => atCut(h) || hitDistance(h, words, dict) <= maxDistance);
}
