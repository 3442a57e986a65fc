// Keyword spotting with pocketsphinx (`-kws`): a second acoustic pass that listens only for the
// word-spotting phrases, so a phrase the language model missed in the transcript is still counted.
import { readFileSync } from 'node:fs';
import { normaliseWord } from './transcriber.js';

export const DICTIONARY_FILE = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/**
 * Detection threshold: a phrase of n phones is reported when its path beats the garbage loop by
 * 10^-(KWS_EXPONENT_PER_PHONE x n - KWS_EXPONENT_OFFSET). Measured on espeak speech (docs/analysis.md,
 * "Keyword spotting"): 4-phone phrases were best near 1e-12, 7-phone ones near 1e-30, 9-phone ones near 1e-42.
 */
export const KWS_EXPONENT_PER_PHONE = 6;
export const KWS_EXPONENT_OFFSET = 12;
/** Phrases shorter than this many phones are left to the transcript: spotting them raised false alarms. */
export const KWS_MIN_PHONES = 4;
/** Two hits of one phrase whose starts (or ends) are this close are one utterance of it. */
export const SAME_HIT_SECONDS = 0.3;

/** One detection of a word-spotting phrase by the keyword-spotting pass. */
export interface TKeywordHit {
  /** The phrase as given in the word-spotting list (the key of `wordSpotting`). */
  phrase: string;
  start: number;
  end: number;
  confidence: number;
}

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
}

const dictionaries = new Map<string, Map<string, number>>();

/** Word -> phone count of its first pronunciation, read once per process. */
export function loadDictionary(file = DICTIONARY_FILE): Map<string, number> {
  let dict = dictionaries.get(file);
  if (dict) return dict;
  dict = new Map();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No dictionary: every phrase falls back to the transcript.
  }
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space);
    if (word.endsWith(')') || dict.has(word)) continue;
    dict.set(
      word,
      line
        .slice(space + 1)
        .trim()
        .split(/\s+/).length,
    );
  }
  dictionaries.set(file, dict);
  return dict;
}

export function kwsThreshold(phones: number): number {
  return 10 ** -Math.min(100, Math.max(1, KWS_EXPONENT_PER_PHONE * phones - KWS_EXPONENT_OFFSET));
}

/**
 * Which phrases the keyword pass listens for. "/" separates alternatives; an alternative is
 * spotted when all its words are in the dictionary and it is long enough to spot reliably.
 * The filler phrase "uh/um" is never planned here (fillers come from the transcript).
 */
export function planKeywordSpotting(phrases: readonly string[], dict: Map<string, number> = loadDictionary()): TKeywordPlan {
  const lines = new Map<string, TKeywordLine>();
  const spotted: string[] = [];
  for (const phrase of phrases) {
    const key = phrase.trim();
    if (!key || key.toLowerCase() === 'uh/um') continue;
    const alternatives = key
      .split('/')
      .map((alt) => alt.split(/\s+/).map(normaliseWord).filter(Boolean))
      .filter((alt) => alt.length > 0);
    let all = alternatives.length > 0;
    for (const alt of alternatives) {
      const phones = alt.reduce((n, w) => n + (dict.get(w) ?? Number.NaN), 0);
      if (!Number.isFinite(phones) || phones < KWS_MIN_PHONES) {
        all = false;
        continue;
      }
      const text = alt.join(' ');
      const line = lines.get(text) ?? { text, phrases: [], phones, threshold: kwsThreshold(phones) };
      if (!line.phrases.includes(key)) line.phrases.push(key);
      lines.set(text, line);
    }
    if (all) spotted.push(key);
  }
  return { lines: [...lines.values()], spotted };
}

/** The `-kws` file: "phrase /threshold/" per line. */
export function keywordFile(plan: TKeywordPlan): string {
  return plan.lines.map((l) => `${l.text} /${l.threshold.toExponential(0)}/\n`).join('');
}

const HIT = /^(.+?)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;

/** Parses `pocketsphinx_continuous -kws … -time yes` output ("phrase  start end posterior" lines). */
export function parseKeywordHits(stdout: string, plan: TKeywordPlan, offset: number): TKeywordHit[] {
  const byText = new Map(plan.lines.map((l) => [l.text, l]));
  const hits: TKeywordHit[] = [];
  for (const raw of stdout.split('\n')) {
    const m = HIT.exec(raw.trim());
    if (!m) continue;
    const line = byText.get((m[1] as string).trim().toLowerCase().replace(/\s+/g, ' '));
    if (!line) continue;
    for (const phrase of line.phrases) {
      hits.push({ phrase, start: offset + Number(m[2]), end: offset + Number(m[3]), confidence: Math.min(1, Math.max(0, Number(m[4]))) });
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
