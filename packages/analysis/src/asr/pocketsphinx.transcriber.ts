import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  type TKeywordHit,
  verifyKeywordHits,
} from './keyword-spotting.js';
import { runParallel } from './run-parallel.js';
import { FILLER_WORDS, normaliseWord, type TTranscribeInput, type TTranscriber, type TTranscription, type TWord } from './transcriber.js';
import { encodeWav } from './wav-file.js';

export interface TPocketsphinxOptions {
  binary?: string;
  modelDir?: string;
  /** Longest piece handed to one recogniser process, seconds. */
  maxChunkSeconds?: number;
  parallel?: number;
  /**
   * Skip the flat-lexicon second pass (default true): about twice as fast. The lattice best path
   * still runs: it costs little and gives each word its posterior, which clarity reads.
   */
  fast?: boolean;
  /** Listen for the word-spotting phrases with a keyword-spotting pass (default true). */
  keywordSpotting?: boolean;
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

/** The offline default: Debian's pocketsphinx with the en-US model, one process per core. */
export function createPocketsphinxTranscriber(options: TPocketsphinxOptions = {}): TTranscriber {
  const binary = options.binary ?? 'pocketsphinx_continuous';
  const modelDir = options.modelDir ?? MODEL_DIR;
  const dictFile = modelDir === MODEL_DIR ? DICTIONARY_FILE : join(modelDir, 'cmudict-en-us.dict');
  const parallel = options.parallel ?? availableParallelism();
  const run = async (input: TTranscribeInput): Promise<TTranscription> => {
    const duration = input.samples.length / input.sampleRate;
    const pieces = chunkAtPauses(duration, input.speech, { maxSeconds: options.maxChunkSeconds ?? 90, parts: parallel });
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
        const words = parsePocketsphinxTimes(await recognise(lmArgs), a / input.sampleRate);
        // Second pass: keyword spotting only, no language model, over the piece plus a margin of
        // its neighbours so a phrase at a cut is heard whole (repeats are dropped after).
        let hits: TKeywordHit[] = [];
        if (plan.lines.length) {
          const margin = Math.round(KWS_OVERLAP_SECONDS * input.sampleRate);
          const ka = Math.max(0, a - margin);
          const kb = Math.min(input.samples.length, b + margin);
          const kwsPiece = join(dir, `kws-${k}.wav`);
          await writeFile(kwsPiece, encodeWav(input.samples.subarray(ka, kb), input.sampleRate));
          const out = await recognise(['-infile', kwsPiece, '-dict', kwsDictFile, '-kws', kwsFile]);
          hits = parseKeywordHits(out, plan, ka / input.sampleRate);
        }
        done++;
        input.onProgress?.(done / pieces.length);
        return { words, hits };
      });
      const parts = await runParallel(tasks, parallel);
      const words = parts.flatMap((p) => p.words).sort((p, q) => p.start - q.start);
      return {
        words,
        keywordHits: verifyKeywordHits(
          dedupeHits(parts.flatMap((p) => p.hits)),
          words,
          loadDictionary(dictFile),
          pieces.slice(1).map((p) => p.from),
        ),
        spotted: plan.spotted,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    name: 'pocketsphinx',
    async transcribe(input: TTranscribeInput): Promise<TWord[]> {
      return (await run({ ...input, keywords: [] })).words;
    },
    transcribeWithKeywords: run,
  };
}
