// A keyword hit against the transcript, decided by the acoustics: where the transcript heard other
// words, the stretch is decoded once more with a grammar of just two sentences, the transcript's words
// and the same words with the hit's in place of the ones it covers. The keyword pass listens for the
// list alone, so "press three" passes as "press 1" and "expand the conference" as "in the conference";
// in a fair contest on the same audio the words that were spoken win. (A likelihood-ratio check of a
// detection against its competitor, as in keyword verification after a word-spotting pass.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phraseAlternatives } from '@rostrum/contract';
import { runProcess } from '../decode/run-process.js';
import type { TKeywordHit } from './transcriber.js';
import { runParallel } from './run-parallel.js';
import { normaliseWord, type TWord } from './transcriber.js';
import { encodeWav } from './wav-file.js';

/** The transcript's words this close to a hit take part in its contest (the hit's edges are loose). */
export const CONTEST_MARGIN_SECONDS = 0.2;
/**
 * Only phrases of this many words are contested. Single words lost true hits to the transcript's
 * near misses on flite speech (product words out of the dictionary, pronounced by letter-to-sound,
 * against "roster", "the board": 17 -> 14 of 17 at 140 wpm), and on real speech they had few false
 * alarms to remove (precision 0.92 without it); the false alarms were multi-word phrases' ("press 1").
 */
export const CONTEST_MIN_WORDS = 2;
/** The pseudo-word that stands for the hit's pronunciation in the contest's grammar. */
export const HIT_WORD = 'keyword_hit';

export interface TContest {
  from: number;
  to: number;
  /** What the transcript heard there. */
  heard: string[];
  /** The same with the hit's phrase (HIT_WORD) in place of the words it covers. */
  claimed: string[];
}

/**
 * The contest for a hit, or null when there is none to hold: a single-word phrase, the transcript
 * heard no word there (the keyword pass exists for that), heard the phrase itself, or heard words
 * the dictionary lacks.
 */
export function contestOf(hit: TKeywordHit, words: readonly TWord[], dict: Map<string, string[]>): TContest | null {
  if (!hit.phones || phraseAlternatives(hit.phrase).every((alt) => alt.length < CONTEST_MIN_WORDS)) return null;
  const near = words.filter((w) => !w.isFiller && w.end > hit.start - CONTEST_MARGIN_SECONDS && w.start < hit.end + CONTEST_MARGIN_SECONDS);
  const tokens = near.map((w) => normaliseWord(w.text));
  if (!tokens.length || tokens.some((t) => !dict.has(t))) return null;
  const joined = ` ${tokens.join(' ')} `;
  if (phraseAlternatives(hit.phrase).some((alt) => joined.includes(` ${alt.join(' ')} `))) return null;
  const mid = (w: TWord): number => (w.start + w.end) / 2;
  const before = near.filter((w) => mid(w) < hit.start).map((w) => normaliseWord(w.text));
  const after = near.filter((w) => mid(w) > hit.end).map((w) => normaliseWord(w.text));
  return {
    from: Math.min(hit.start, (near[0] as TWord).start),
    to: Math.max(hit.end, (near[near.length - 1] as TWord).end),
    heard: tokens,
    claimed: [...before, HIT_WORD, ...after],
  };
}

/** The contest's dictionary (every pronunciation of its words, the hit as HIT_WORD) and JSGF grammar. */
export function contestFiles(contest: TContest, hit: TKeywordHit, dict: Map<string, string[]>): { dictionary: string; grammar: string } {
  const lines = [`${HIT_WORD} ${hit.phones}`];
  for (const w of new Set(contest.heard)) lines.push(...(dict.get(w) ?? []).map((p, k) => `${w}${k ? `(${k + 1})` : ''} ${p}`));
  const grammar = `#JSGF V1.0;\ngrammar contest;\npublic <s> = (${contest.heard.join(' ')}) | (${contest.claimed.join(' ')});\n`;
  return { dictionary: `${lines.join('\n')}\n`, grammar };
}

export interface TRescoreOptions {
  binary: string;
  /** pocketsphinx's acoustic model folder (its `-hmm`). */
  hmm: string;
  parallel: number;
  signal?: AbortSignal;
}

/**
 * The hits that win their contest or have none. A contest the decoder cannot finish (no path through
 * either sentence) leaves the hit as the check against the transcript left it.
 */
export async function rescoreKeywordHits(
  hits: readonly TKeywordHit[],
  words: readonly TWord[],
  samples: Float32Array,
  sampleRate: number,
  dict: Map<string, string[]>,
  options: TRescoreOptions,
): Promise<TKeywordHit[]> {
  const contests = hits.map((h) => contestOf(h, words, dict));
  if (contests.every((c) => c === null)) return [...hits];
  const dir = await mkdtemp(join(tmpdir(), 'rostrum-contest-'));
  try {
    const keep = await runParallel(
      hits.map((hit, k) => async (): Promise<boolean> => {
        const contest = contests[k];
        if (!contest) return true;
        const files = contestFiles(contest, hit, dict);
        const [dictFile, grammarFile, wav] = ['dict', 'jsgf', 'wav'].map((e) => join(dir, `contest-${k}.${e}`)) as [string, string, string];
        const a = Math.max(0, Math.floor((contest.from - CONTEST_MARGIN_SECONDS) * sampleRate));
        const b = Math.min(samples.length, Math.ceil((contest.to + CONTEST_MARGIN_SECONDS) * sampleRate));
        await Promise.all([
          writeFile(dictFile, files.dictionary),
          writeFile(grammarFile, files.grammar),
          writeFile(wav, encodeWav(samples.subarray(a, b), sampleRate)),
        ]);
        const result = await runProcess(
          options.binary,
          [
            ...['-infile', wav, '-hmm', options.hmm, '-dict', dictFile, '-jsgf', grammarFile, '-logfn', '/dev/null'],
            // One utterance however the stretch pauses; the same dither as the transcript pass.
            ...['-dither', 'yes', '-seed', '1', '-vad_postspeech', '1000'],
          ],
          { signal: options.signal },
        );
        const said = result.stdout.trim().split('\n').filter(Boolean).join(' ');
        return !said || said.split(/\s+/).includes(HIT_WORD);
      }),
      options.parallel,
    );
    return hits.filter((_, k) => keep[k]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
