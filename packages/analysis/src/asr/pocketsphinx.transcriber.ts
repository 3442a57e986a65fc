import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnalysisError, throwIfAborted } from '../analysis-error.js';
import { runProcess } from '../decode/run-process.js';
import { chunkAtPauses } from './chunk-at-pauses.js';
import {
  DICTIONARY_FILE,
  dedupeHits,
  KWS_OVERLAP_SECONDS,
  keywordDictionaryFile,
  keywordFile,
  loadDictionary,
  parseKeywordHits,
  planKeywordSpotting,
  verifyKeywordHits,
} from './keyword-spotting.js';
import type { TKeywordHit } from './transcriber.js';
import { rescoreKeywordHits } from './keyword-rescoring.js';
import { alternativesFor, latticeStretches, parseHtkLattice, type TLatticeArc } from './lattice-alternatives.js';
import { runParallel } from './run-parallel.js';
import { UNCERTAIN_WORD_CONFIDENCE } from '@rostrum/contract';
import type { TInterval } from '../signal/voice-activity.js';
import { FILLER_WORDS, normaliseWord, type TTranscribeInput, type TTranscriber, type TTranscription, type TWord } from './transcriber.js';
import { encodeWav } from './wav-file.js';

/**
 * The first (lexicon-tree) pass's search settings, as pocketsphinx_continuous flags. Beams are
 * probabilities relative to the best hypothesis (smaller = wider, slower); `ds` scores the acoustic
 * model on every n-th frame only; `topn` is how many Gaussians are scored per senone; `maxhmmpf`
 * and `maxwpf` cap active HMMs and word exits per frame (-1: no cap); `plWindow` is the phone-loop
 * lookahead window in frames (0 turns it off).
 */
export interface TRecogniserSearch {
  beam: number;
  wbeam: number;
  pbeam: number;
  /** Beam on a word's last phone. */
  lpbeam: number;
  ds: number;
  topn: number;
  maxhmmpf: number;
  maxwpf: number;
  plWindow: number;
}

/** pocketsphinx 5prealpha's own defaults (what Rostrum ran before the trade-off was measured). */
export const POCKETSPHINX_DEFAULT_SEARCH: TRecogniserSearch = {
  beam: 1e-48,
  wbeam: 7e-29,
  pbeam: 1e-48,
  lpbeam: 1e-40,
  ds: 1,
  topn: 4,
  maxhmmpf: 30_000,
  maxwpf: -1,
  plWindow: 5,
};

export interface TPocketsphinxOptions {
  binary?: string;
  modelDir?: string;
  /** Longest piece handed to one recogniser process, seconds. */
  maxChunkSeconds?: number;
  parallel?: number;
  /**
   * Pieces per recogniser process that runs at once (default PIECES_PER_PROCESS): more, shorter pieces
   * balance the cores better, but each piece starts a process that loads the model again (about 0.3 s).
   */
  piecesPerProcess?: number;
  /**
   * Skip the flat-lexicon second pass (default true): about twice as fast. The lattice best path
   * still runs: it costs little and gives each word its posterior, which clarity reads.
   */
  fast?: boolean;
  /** Listen for the word-spotting phrases with a keyword-spotting pass (default true). */
  keywordSpotting?: boolean;
  /** Decide a keyword hit the transcript heard otherwise by decoding both readings again (default true; keyword-rescoring.ts). */
  rescoreKeywordHits?: boolean;
  /** The transcript pass's search settings (default RECOGNISER_SEARCH); unset fields keep the default. */
  search?: Partial<TRecogniserSearch>;
  /** Acoustic scoring of the keyword-spotting pass: `ds` and `topn` (default KEYWORD_SEARCH). */
  keywordSearch?: Partial<Pick<TRecogniserSearch, 'ds' | 'topn'>>;
  /**
   * Words below this confidence get the recogniser's alternatives from a word-lattice pass over
   * their stretch (default UNCERTAIN_WORD_CONFIDENCE; 0 turns the pass off, 1.01 gives every word them).
   */
  alternativesBelow?: number;
  /** The batch decoder that writes word lattices (default pocketsphinx_batch). */
  latticeBinary?: string;
  /** The lattice pass's acoustic scoring (default LATTICE_SEARCH). */
  latticeSearch?: Partial<Pick<TRecogniserSearch, 'ds' | 'topn'>>;
}

/**
 * The transcript pass's settings: pocketsphinx's own, with at most 3,000 active HMMs a frame
 * (`-maxhmmpf`; default 30,000). The trade-off bench (`dist/bench/asr-tradeoff.js`; docs/analysis/transcription-and-word-confidence.md,
 * "Recogniser settings") measured it, with the keyword pass below, at 0.54x the recogniser's CPU time
 * (0.70x on 5 minutes of synthetic speech) for 0.008 less word recall and one word-spotting phrase
 * fewer in 72, noisy speech included. A tighter cap (1,500: 0.51x) loses phrases in noise: 22 of
 * 32 against 27.
 */
export const RECOGNISER_SEARCH: TRecogniserSearch = { ...POCKETSPHINX_DEFAULT_SEARCH, maxhmmpf: 3000 };
/**
 * The keyword pass scores the acoustic model on every other frame (`-ds 2`): about 40 % less of its
 * CPU time, with the same phrases found on the trade-off bench (which holds the word-spotting
 * bench's flite 140 wpm script and the browser tests' talk) and with white noise at 25 dB (27 of 32).
 */
export const KEYWORD_SEARCH: Pick<TRecogniserSearch, 'ds' | 'topn'> = { ds: 2, topn: 4 };
/**
 * The lattice pass scores the acoustic model on every other frame, as the keyword pass does: on
 * badly recognised speech, where most words are unsure, a full-rate pass nearly doubled the
 * recogniser's time (docs/analysis/transcription-and-word-confidence.md, "Word confidence").
 */
export const LATTICE_SEARCH: Pick<TRecogniserSearch, 'ds' | 'topn'> = { ds: 2, topn: 4 };
/** Longest piece handed to one recogniser process, seconds. */
export const MAX_CHUNK_SECONDS = 90;
export const PIECES_PER_PROCESS = 1;

/** The search settings as pocketsphinx_continuous flags. */
export function searchArgs(search: Partial<TRecogniserSearch>): string[] {
  const flags: [keyof TRecogniserSearch, string][] = [
    ['beam', '-beam'],
    ['wbeam', '-wbeam'],
    ['pbeam', '-pbeam'],
    ['lpbeam', '-lpbeam'],
    ['ds', '-ds'],
    ['topn', '-topn'],
    ['maxhmmpf', '-maxhmmpf'],
    ['maxwpf', '-maxwpf'],
    ['plWindow', '-pl_window'],
  ];
  return flags.flatMap(([key, flag]) => (search[key] === undefined ? [] : [flag, String(search[key])]));
}

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const NON_WORDS = new Set(['<s>', '</s>', '<sil>', '[noise]', '[speech]']);
const LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/** Parses `pocketsphinx_continuous -time yes` output: "word start end posterior" per line. */
export function parsePocketsphinxTimes(stdout: string, offset: number): TWord[] {
  const words: TWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const raw = (m[1] as string).toLowerCase();
    if (NON_WORDS.has(raw)) continue;
    const text = normaliseWord(raw);
    if (!text) continue;
    words.push({
      text,
      start: offset + Number(m[2]),
      end: offset + Number(m[3]),
      confidence: Math.min(1, Math.max(0, Number(m[4]))),
      isFiller: FILLER_WORDS.has(text),
    });
  }
  return words;
}

/** The speech inside the window, in the window's own time (0 at its start). */
function shiftIntervals(speech: readonly TInterval[], window: TInterval): TInterval[] {
  return speech
    .filter((s) => s.to > window.from && s.from < window.to)
    .map((s) => ({ from: Math.max(s.from, window.from) - window.from, to: Math.min(s.to, window.to) - window.from }));
}

/** The offline default: Debian's pocketsphinx with the en-US model, one process per core. */
export function createPocketsphinxTranscriber(options: TPocketsphinxOptions = {}): TTranscriber {
  const binary = options.binary ?? 'pocketsphinx_continuous';
  const modelDir = options.modelDir ?? MODEL_DIR;
  const dictFile = modelDir === MODEL_DIR ? DICTIONARY_FILE : join(modelDir, 'cmudict-en-us.dict');
  const parallel = options.parallel ?? availableParallelism();
  const search = searchArgs({ ...RECOGNISER_SEARCH, ...options.search });
  const keywordSearch = searchArgs({ ...KEYWORD_SEARCH, ...options.keywordSearch });
  const latticeSearch = searchArgs({ ...RECOGNISER_SEARCH, ...options.search, ...LATTICE_SEARCH, ...options.latticeSearch });
  const run = async (input: TTranscribeInput): Promise<TTranscription> => {
    const duration = input.samples.length / input.sampleRate;
    // A window (live capture, a prefix already transcribed) is cut into pieces like a whole recording.
    const window = input.window ?? { from: 0, to: duration };
    const pieces = chunkAtPauses(window.to - window.from, shiftIntervals(input.speech, window), {
      maxSeconds: options.maxChunkSeconds ?? MAX_CHUNK_SECONDS,
      parts: parallel * (options.piecesPerProcess ?? PIECES_PER_PROCESS),
    }).map((p) => ({ from: p.from + window.from, to: p.to + window.from }));
    const plan =
      options.keywordSpotting === false || !input.keywords?.length
        ? { lines: [], spotted: [], dictionary: new Map<string, string>() }
        : planKeywordSpotting(input.keywords, loadDictionary(dictFile));
    const dir = await mkdtemp(join(tmpdir(), 'rostrum-ps-'));
    const kwsFile = join(dir, 'keywords.txt');
    // The keyword pass gets its own small dictionary: the phrases' words, including those
    // pronounced by letter-to-sound because the main dictionary lacks them.
    const kwsDictFile = join(dir, 'keywords.dict');
    if (plan.lines.length) {
      await writeFile(kwsFile, keywordFile(plan));
      await writeFile(kwsDictFile, keywordDictionaryFile(plan));
    }
    // -dither adds half-bit noise so frames of exact digital silence (padding, muted starts)
    // do not give the front end log(0) energies; a fixed seed keeps results repeatable.
    const common = ['-time', 'yes', '-logfn', '/dev/null', '-dither', 'yes', '-seed', '1', '-hmm', join(modelDir, 'en-us')];
    const recognise = async (args: string[]): Promise<string> => {
      const result = await runProcess(binary, [...common, ...args], { signal: input.signal });
      throwIfAborted(input.signal);
      if (result.code !== 0) throw new AnalysisError('unprocessable', `pocketsphinx exited ${String(result.code)}`);
      return result.stdout;
    };
    // Third pass, over the unsure words' stretches only: the word lattice, whose competing words
    // are the alternatives the transcript shows (docs/analysis/transcription-and-word-confidence.md, "Word confidence").
    const below = options.alternativesBelow ?? UNCERTAIN_WORD_CONFIDENCE;
    const addAlternatives = async (
      words: TWord[],
      piece: { file: string; dir: string; k: number; from: number; length: number },
    ): Promise<void> => {
      const unsure = words.filter((w) => w.confidence < below);
      if (!unsure.length) return;
      const stretches = latticeStretches(
        unsure.map((w) => ({ start: w.start - piece.from, end: w.end - piece.from })),
        piece.length,
      );
      const latDir = join(piece.dir, `lat-${piece.k}`);
      const ctl = join(piece.dir, `lat-${piece.k}.ctl`);
      // Control lines: file (without .wav), first and last frame (100 a second), utterance id.
      await writeFile(
        ctl,
        stretches.map((s, i) => `piece-${piece.k} ${Math.floor(s.from * 100)} ${Math.ceil(s.to * 100)} u${i}\n`).join(''),
      );
      await mkdir(latDir);
      // The alternatives are extra: a lattice pass that cannot run leaves the words without any
      // (none invented) and the analysis goes on; only a cancel stops it.
      const result = await runProcess(
        options.latticeBinary ?? 'pocketsphinx_batch',
        [
          ...['-logfn', '/dev/null', '-dither', 'yes', '-seed', '1', '-hmm', join(modelDir, 'en-us')],
          ...['-adcin', 'yes', '-adchdr', '44', '-cepdir', piece.dir, '-cepext', '.wav', '-ctl', ctl],
          ...['-outlatdir', latDir, '-outlatfmt', 'htk', '-dict', dictFile, '-lm', join(modelDir, 'en-us.lm.bin')],
          ...(options.fast !== false ? ['-fwdflat', 'no'] : []),
          ...latticeSearch,
        ],
        { signal: input.signal },
      ).catch(() => null);
      throwIfAborted(input.signal);
      if (result?.code !== 0) return;
      const arcs: TLatticeArc[] = [];
      for (const [i, s] of stretches.entries()) {
        const text = await readFile(join(latDir, `u${i}.lat`), 'utf8').catch(() => '');
        arcs.push(...parseHtkLattice(text, piece.from + Math.floor(s.from * 100) / 100));
      }
      for (const w of unsure) w.alternatives = alternativesFor(w, arcs);
    };
    let done = 0;
    try {
      const tasks = pieces.map((piece, k) => async (): Promise<{ words: TWord[]; hits: TKeywordHit[] }> => {
        throwIfAborted(input.signal);
        const a = Math.floor(piece.from * input.sampleRate);
        const b = Math.min(input.samples.length, Math.ceil(piece.to * input.sampleRate));
        const file = join(dir, `piece-${k}.wav`);
        await writeFile(file, encodeWav(input.samples.subarray(a, b), input.sampleRate));
        const lmArgs = ['-infile', file, '-dict', dictFile, '-lm', join(modelDir, 'en-us.lm.bin')];
        if (options.fast !== false) lmArgs.push('-fwdflat', 'no');
        lmArgs.push(...search);
        const words = parsePocketsphinxTimes(await recognise(lmArgs), a / input.sampleRate);
        await addAlternatives(words, { file, dir, k, from: a / input.sampleRate, length: (b - a) / input.sampleRate });
        // Second pass: keyword spotting only, no language model, over the piece plus a margin of
        // its neighbours so a phrase at a cut is heard whole (repeats are dropped after).
        let hits: TKeywordHit[] = [];
        if (plan.lines.length) {
          const margin = Math.round(KWS_OVERLAP_SECONDS * input.sampleRate);
          const ka = Math.max(0, a - margin);
          const kb = Math.min(input.samples.length, b + margin);
          const kwsPiece = join(dir, `kws-${k}.wav`);
          await writeFile(kwsPiece, encodeWav(input.samples.subarray(ka, kb), input.sampleRate));
          const out = await recognise(['-infile', kwsPiece, '-dict', kwsDictFile, '-kws', kwsFile, ...keywordSearch]);
          hits = parseKeywordHits(out, plan, ka / input.sampleRate);
        }
        done++;
        input.onProgress?.(done / pieces.length);
        return { words, hits };
      });
      const parts = await runParallel(tasks, parallel);
      const words = parts.flatMap((p) => p.words).sort((p, q) => p.start - q.start);
      // The keyword pass heard a margin beyond the window's edges: a hit belongs to the window its
      // middle lies in, so neighbouring windows never both count it.
      const inWindow = (h: TKeywordHit) => !input.window || ((h.start + h.end) / 2 >= window.from && (h.start + h.end) / 2 < window.to);
      const edges = [window.from, window.to].filter((t) => t > 0 && t < duration);
      const verified = verifyKeywordHits(dedupeHits(parts.flatMap((p) => p.hits)).filter(inWindow), words, loadDictionary(dictFile), [
        ...pieces.slice(1).map((p) => p.from),
        ...edges,
      ]);
      const keywordHits =
        options.rescoreKeywordHits === false
          ? verified
          : await rescoreKeywordHits(verified, words, input.samples, input.sampleRate, loadDictionary(dictFile), {
              binary,
              hmm: join(modelDir, 'en-us'),
              parallel,
              signal: input.signal,
            });
      throwIfAborted(input.signal);
      return { words, keywordHits, spotted: plan.spotted };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    name: 'pocketsphinx',
    windowed: true,
    async transcribe(input: TTranscribeInput): Promise<TWord[]> {
      return (await run({ ...input, keywords: [] })).words;
    },
    transcribeWithKeywords: run,
  };
}
