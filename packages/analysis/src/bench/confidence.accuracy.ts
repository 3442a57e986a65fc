// Word confidence: how well pocketsphinx's per-word confidence tells the words it got wrong from the
// ones it got right, on real read speech with known text (Allison Smith's Asterisk prompts and JFK's
// excerpt). Each recognised word is aligned to the text (Levenshtein over words); a word is right
// when it lands on the same text word. The uncertain-word threshold is the one with the highest F1
// of "uncertain = wrong" on the TUNE half; the REPORT half is only reported. Also measured: how
// often the lattice alternatives of a wrong uncertain word hold the word that was said. Part of
// `npm run bench`. Transcripts are cached in tmpdir()/rostrum-bench/confidence (delete to redo);
// BENCH_PROMPTS=40 narrows the run (default 120 prompts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNCERTAIN_WORD_CONFIDENCE } from '@rostrum/contract';
import { createPocketsphinxTranscriber } from '../asr/pocketsphinx.transcriber.js';
import { normaliseWord, type TWord } from '../asr/transcriber.js';
import { allisonPrompts, allisonWav } from './allison-prompts.js';
import { JFK_TEXT, jfk } from './real-speech.js';
import { toRate } from './speech-sources.js';
import { readPcm16 } from './spotting-score.js';
import { halfOf } from './halves.js';

const DIR = join(tmpdir(), 'rostrum-bench', 'confidence');
const RATE = 16_000;
const CANDIDATES = Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100);

export interface TScoredWord {
  confidence: number;
  right: boolean;
  /** The text word it stood for when it was a substitution, else null. */
  said: string | null;
  alternatives: string[];
}

/** Text to the words a recogniser writes: lower case, hyphens as spaces, punctuation off. */
export function referenceWords(text: string): string[] {
  return text
    .replace(/[-\u2013]/g, ' ')
    .split(/\s+/)
    .map(normaliseWord)
    .filter(Boolean);
}

/** Aligns the recognised words to the reference (minimum edit distance) and marks each right or wrong. */
export function scoreWords(words: readonly TWord[], reference: readonly string[]): TScoredWord[] {
  const hyp = words.map((w) => w.text);
  const n = hyp.length;
  const m = reference.length;
  const d = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (hyp[i - 1] === reference[j - 1] ? 0 : 1),
      );
    }
  const out: TScoredWord[] = words.map((w) => ({
    confidence: w.confidence,
    right: false,
    said: null,
    alternatives: (w.alternatives ?? []).map((a) => a.text),
  }));
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = (d[i] as number[])[j] as number;
    const diag = (d[i - 1] as number[])[j - 1] as number;
    const same = hyp[i - 1] === reference[j - 1];
    if (here === diag + (same ? 0 : 1)) {
      const o = out[i - 1] as TScoredWord;
      o.right = same;
      o.said = same ? null : (reference[j - 1] as string);
      i--;
      j--;
    } else if (here === ((d[i - 1] as number[])[j] as number) + 1) i--;
    else j--;
  }
  return out;
}

export interface TSeparation {
  threshold: number;
  words: number;
  wrong: number;
  uncertain: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Precision and recall of "confidence below the threshold = wrong word". */
export function separation(words: readonly TScoredWord[], threshold: number): TSeparation {
  const uncertain = words.filter((w) => w.confidence < threshold);
  const wrong = words.filter((w) => !w.right).length;
  const caught = uncertain.filter((w) => !w.right).length;
  const precision = uncertain.length ? caught / uncertain.length : 0;
  const recall = wrong ? caught / wrong : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { threshold, words: words.length, wrong, uncertain: uncertain.length, precision, recall, f1 };
}

/** The candidate threshold with the highest F1 (the lower one on a tie). */
export function bestThreshold(words: readonly TScoredWord[]): TSeparation {
  return CANDIDATES.map((t) => separation(words, t)).reduce((best, s) => (s.f1 > best.f1 + 1e-12 ? s : best));
}

/**
 * `product`: the transcriber as the analysis runs it (alternatives from the lattice pass over the
 * unsure words' stretches only, at LATTICE_SEARCH); else every word gets alternatives from a
 * full-rate lattice over the whole prompt, so any threshold can be scored from one run.
 */
async function transcribeCached(name: string, wav: string, product = false): Promise<TWord[]> {
  const cache = join(DIR, product ? `${name}.product-${UNCERTAIN_WORD_CONFIDENCE}.json` : `${name}.words.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as TWord[];
  const samples = readPcm16(wav);
  const transcriber = product
    ? createPocketsphinxTranscriber({ parallel: 1 })
    : createPocketsphinxTranscriber({ parallel: 1, alternativesBelow: 1.01, latticeSearch: { ds: 1 } });
  const words = await transcriber.transcribe({
    samples,
    sampleRate: RATE,
    speech: [{ from: 0, to: samples.length / RATE }],
  });
  writeFileSync(cache, JSON.stringify(words));
  return words;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const prompts = allisonPrompts(DIR, Number(process.env.BENCH_PROMPTS ?? 120));
  const sets: { name: string; half: 'tune' | 'report'; words: TScoredWord[] }[] = [];
  const t0 = performance.now();
  for (const p of prompts) {
    const words = await transcribeCached(`allison-${p.name}`, allisonWav(DIR, p.name));
    sets.push({ name: p.name, half: p.half, words: scoreWords(words, referenceWords(p.text)) });
  }
  const jfkWords = await transcribeCached('jfk', jfk(DIR, toRate));
  sets.push({ name: 'jfk', half: halfOf('jfk'), words: scoreWords(jfkWords, referenceWords(JFK_TEXT)) });
  const tune = sets.filter((s) => s.half === 'tune').flatMap((s) => s.words);
  const report = sets.filter((s) => s.half === 'report').flatMap((s) => s.words);
  const chosen = bestThreshold(tune);
  console.log(
    `\nWord confidence (pocketsphinx, real speech: ${prompts.length} Allison prompts + JFK; ${Math.round((performance.now() - t0) / 1000)} s)`,
  );
  console.log(
    `files: tune ${sets.filter((s) => s.half === 'tune').length}, report ${sets.filter((s) => s.half === 'report').length}; JFK is in the ${halfOf('jfk')} half`,
  );
  console.log('\nthreshold sweep on TUNE (uncertain = confidence below the threshold; precision/recall of "uncertain = wrong"):');
  console.log('threshold | uncertain | precision | recall | F1');
  for (const t of CANDIDATES) {
    const s = separation(tune, t);
    console.log(
      `${t.toFixed(2).padStart(9)} | ${String(s.uncertain).padStart(9)} | ${pct(s.precision).padStart(9)} | ${pct(s.recall).padStart(6)} | ${s.f1.toFixed(3)}`,
    );
  }
  console.log(`\nchosen on TUNE: ${chosen.threshold.toFixed(2)} (contract UNCERTAIN_WORD_CONFIDENCE = ${UNCERTAIN_WORD_CONFIDENCE})`);
  console.log('half   | words | wrong (WER-like) | uncertain | precision | recall | F1');
  const rows: [string, TScoredWord[]][] = [
    ['tune', tune],
    ['report', report],
  ];
  for (const [half, words] of rows) {
    const s = separation(words, UNCERTAIN_WORD_CONFIDENCE);
    console.log(
      `${half.padEnd(6)} | ${String(s.words).padStart(5)} | ${pct(s.wrong / Math.max(1, s.words)).padStart(16)} | ${String(s.uncertain).padStart(9)} | ${pct(s.precision).padStart(9)} | ${pct(s.recall).padStart(6)} | ${s.f1.toFixed(3)}`,
    );
  }
  console.log('\nlattice alternatives of uncertain words (at the contract threshold):');
  console.log('half   | uncertain with alternatives | wrong uncertain substitutions | said word among alternatives');
  for (const [half, words] of rows) {
    const uncertain = words.filter((w) => w.confidence < UNCERTAIN_WORD_CONFIDENCE);
    const subs = uncertain.filter((w) => !w.right && w.said);
    const found = subs.filter((w) => w.alternatives.includes(w.said as string));
    console.log(
      `${half.padEnd(6)} | ${pct(uncertain.filter((w) => w.alternatives.length).length / Math.max(1, uncertain.length)).padStart(27)} | ${String(subs.length).padStart(29)} | ${pct(found.length / Math.max(1, subs.length))}`,
    );
  }
  // The product's own path, on the first report-only prompts: alternatives of the uncertain words.
  const productCount = Number(process.env.BENCH_PRODUCT_PROMPTS ?? 30);
  const product: TScoredWord[] = [];
  for (const p of prompts.filter((q) => q.half === 'report').slice(0, productCount)) {
    const words = await transcribeCached(`allison-${p.name}`, allisonWav(DIR, p.name), true);
    product.push(...scoreWords(words, referenceWords(p.text)));
  }
  {
    const uncertain = product.filter((w) => w.confidence < UNCERTAIN_WORD_CONFIDENCE);
    const subs = uncertain.filter((w) => !w.right && w.said);
    const found = subs.filter((w) => w.alternatives.includes(w.said as string));
    console.log(
      `product path (lattice over the unsure stretches, every other frame), ${Math.min(productCount, prompts.filter((q) => q.half === 'report').length)} report-only prompts: ` +
        `${pct(uncertain.filter((w) => w.alternatives.length).length / Math.max(1, uncertain.length))} of ${uncertain.length} uncertain words with alternatives; ` +
        `said word among them for ${pct(found.length / Math.max(1, subs.length))} of ${subs.length} wrong uncertain substitutions`,
    );
  }
  if (Math.abs(chosen.threshold - UNCERTAIN_WORD_CONFIDENCE) > 1e-9) {
    console.log(`MISS: the contract threshold ${UNCERTAIN_WORD_CONFIDENCE} is not the one measured on TUNE (${chosen.threshold})`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
