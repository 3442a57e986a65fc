// Word-spotting accuracy on REAL speech, the rows the word-spotting bench prints after its synthetic
// ones: Allison Smith's Asterisk prompts (female, hundreds of them), JFK's inaugural excerpt (male) and
// the ALSA channel names, each voice's prompts strung together with 0.7 s between them, clean, with
// noise and at 0.8x and 1.25x tempo. The phrase lists are chosen from the real texts; truth times
// come from the recogniser's forced alignment of the known text (forced-alignment.ts). Every prompt
// belongs to the TUNE or the REPORT half by a hash of its name; both halves are printed.
// BENCH_REAL_CONDITIONS=clean,white-20,tempo-0.8,tempo-1.25, BENCH_REAL_HALVES=tune,report and
// BENCH_REAL_VOICES=allison,jfk,alsa narrow the run; BENCH_REAL_PROMPTS caps the Asterisk prompts
// per half (default DEFAULT_PROMPTS_PER_HALF, chosen from all that hold a phrase plus one in three of
// the others as distractors; =all runs every one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPocketsphinxTranscriber } from '../asr/pocketsphinx.transcriber.js';
import type { TTranscriber, TWord } from '../asr/transcriber.js';
import { encodeWav } from '../asr/wav-file.js';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { analyzeProsody } from '../signal/prosody.js';
import { forcedAlignment } from './forced-alignment.js';
import { noise, rms } from './noise.js';
import { ALSA_CHANNELS, alsaChannels, asteriskPromptWav, asteriskTranscripts, JFK_TEXT, jfk } from './real-speech.js';
import { toRate } from './speech-sources.js';
import { readPcm16, scoreHits, type TOccurrence, type TScore } from './spotting-score.js';
import { halfOf, type THalf } from './halves.js';

const RATE = 16_000;
const DIR = join(tmpdir(), 'rostrum-bench', 'spotting-real');
const GAP_SECONDS = 0.7;

/**
 * From the Asterisk texts: common and rarer single words, two out of the dictionary ("unmute",
 * "Digium": letter-to-sound), 2- and 3-word phrases. None holds another listed phrase.
 */
export const ASTERISK_PHRASES = [
  'please',
  'message',
  'extension',
  'password',
  'volume',
  'Asterisk',
  'mailbox',
  'unavailable',
  'participants',
  'directory',
  'unmute',
  'Digium',
  'pound key',
  'try again',
  'followed by',
  'thank you',
  'press 1',
  'in the conference',
  'after the tone',
  'decrease or increase',
  'your temporary greeting',
];
export const JFK_PHRASES = ['country', 'ask', 'can do', 'my fellow Americans'];
export const ALSA_PHRASES = ['front', 'rear', 'center', 'side left', 'side right'];

const hashOf = (name: string): string => createHash('sha1').update(name).digest('hex');

interface TPrompt {
  name: string;
  wav: string;
  /** The text's words with their times in `wav`. */
  words: TWord[];
}

type TVoiceName = 'allison' | 'jfk' | 'alsa';

interface TVoiceSet {
  voice: TVoiceName;
  label: string;
  phrases: readonly string[];
  prompts: TPrompt[];
}

/** Occurrences of the list's phrases in aligned words: the engine's own matching, longest phrase first. */
export function truthOf(words: readonly TWord[], phrases: readonly string[]): TOccurrence[] {
  const spotted = spotWords(words, phrases);
  return phrases.flatMap((phrase) => (spotted.hits[phrase] ?? []).map((h) => ({ phrase, from: h.from, to: h.to })));
}

/** The prompt's aligned words, cached next to its audio (about 0.4 s of CPU per prompt). */
function aligned(name: string, wav: string, text: string, skipped: string[]): TPrompt | null {
  const cache = join(DIR, `align-${createHash('sha1').update(`${name}\n${text}`).digest('hex').slice(0, 16)}.json`);
  let words: TWord[] | null;
  if (existsSync(cache)) words = JSON.parse(readFileSync(cache, 'utf8')) as TWord[] | null;
  else {
    words = forcedAlignment(wav, text);
    // A prompt that did not align is tried again next run.
    if (words) writeFileSync(cache, JSON.stringify(words));
  }
  if (!words) {
    skipped.push(name);
    return null;
  }
  return { name, wav, words };
}

function voiceSets(skipped: string[]): TVoiceSet[] {
  const voices = (process.env.BENCH_REAL_VOICES ?? 'allison,jfk,alsa').split(',');
  const sets: TVoiceSet[] = [];
  mkdirSync(DIR, { recursive: true });
  if (voices.includes('allison')) {
    const prompts: TPrompt[] = [];
    for (const [name, text] of asteriskTranscripts(DIR)) {
      const holds = truthOfText(text, ASTERISK_PHRASES);
      // Prompts without a phrase are near misses and silence between phrases; one in three keeps the run short.
      if (!holds && (createHash('sha1').update(`distractor:${name}`).digest()[0] as number) % 3 !== 0) continue;
      const p = aligned(name, asteriskPromptWav(DIR, name), text, skipped);
      if (p) prompts.push(p);
    }
    sets.push({ voice: 'allison', label: 'Allison (Asterisk)', phrases: ASTERISK_PHRASES, prompts });
  }
  if (voices.includes('jfk')) {
    const whole = aligned('jfk', jfk(DIR, toRate), JFK_TEXT, skipped);
    sets.push({ voice: 'jfk', label: 'JFK', phrases: JFK_PHRASES, prompts: whole ? jfkSentencePrompts(whole) : [] });
  }
  if (voices.includes('alsa')) {
    const files = alsaChannels(DIR, toRate);
    const prompts = ALSA_CHANNELS.flatMap((c, i) => aligned(`alsa-${c}`, files[i] as string, c.replace('_', ' '), skipped) ?? []);
    sets.push({ voice: 'alsa', label: 'ALSA names', phrases: ALSA_PHRASES, prompts });
  }
  return sets;
}

/**
 * The excerpt's text cut at its commas into its three phrases ("And so my fellow Americans", "ask
 * not what your country can do for you", "ask what you can do for your country"), as word counts.
 */
export function sentenceWordCounts(text: string): number[] {
  return text
    .split(',')
    .map((t) => t.trim().split(/\s+/).filter(Boolean).length)
    .filter((n) => n > 0);
}

/**
 * Cuts aligned words into sentences of the given word counts, each cut halfway through the pause
 * between one sentence's last word and the next one's first. Returns each sentence's span and its
 * words in the span's own time.
 */
export function cutAtSentences(
  words: readonly TWord[],
  counts: readonly number[],
  duration: number,
): { from: number; to: number; words: TWord[] }[] {
  const out: { from: number; to: number; words: TWord[] }[] = [];
  let first = 0;
  let from = 0;
  for (const [k, n] of counts.entries()) {
    const mine = words.slice(first, first + n);
    const next = words[first + n];
    const to = k === counts.length - 1 || !next ? duration : ((mine[mine.length - 1] as TWord).end + next.start) / 2;
    out.push({ from, to, words: mine.map((w) => ({ ...w, start: w.start - from, end: w.end - from })) });
    first += n;
    from = to;
  }
  return out;
}

/**
 * JFK's excerpt as one prompt per phrase, named by its text, so the halves split it by the same
 * hash as every prompt: without this its one file fell in TUNE and REPORT had no male voice.
 */
function jfkSentencePrompts(whole: TPrompt): TPrompt[] {
  const samples = readPcm16(whole.wav);
  const texts = JFK_TEXT.split(',').map((t) => t.trim().replace(/[.]$/, ''));
  return cutAtSentences(whole.words, sentenceWordCounts(JFK_TEXT), samples.length / RATE).map((s, k) => {
    const wav = join(DIR, `jfk-sentence-${k}.wav`);
    writeFileSync(wav, encodeWav(samples.subarray(Math.round(s.from * RATE), Math.round(s.to * RATE)), RATE));
    return { name: texts[k] as string, wav, words: s.words };
  });
}

/** True when the text (as words) holds a listed phrase. */
function truthOfText(text: string, phrases: readonly string[]): boolean {
  const words = text.split(/[\s\-/]+/).map((t, k) => ({ text: t, start: k, end: k + 0.5, confidence: 1, isFiller: false }));
  return truthOf(words, phrases).length > 0;
}

/** A recording condition: clean, noise at an SNR over the speech's RMS ("white-20"), or a tempo ("tempo-0.8"). */
export type TCondition = { kind: 'clean' } | { kind: 'noise'; noise: 'white' | 'pink'; snr: number } | { kind: 'tempo'; tempo: number };

export function parseCondition(spec: string): TCondition {
  if (spec === 'clean') return { kind: 'clean' };
  const n = /^(white|pink)-(\d+)$/.exec(spec);
  if (n) return { kind: 'noise', noise: n[1] as 'white' | 'pink', snr: Number(n[2]) };
  const t = /^tempo-(\d+(?:\.\d+)?)$/.exec(spec);
  if (t) return { kind: 'tempo', tempo: Number(t[1]) };
  throw new Error(`BENCH_REAL_CONDITIONS: "${spec}" is not clean, white-<dB>, pink-<dB> or tempo-<factor>`);
}

const conditionLabel = (c: TCondition): string =>
  c.kind === 'clean' ? 'clean' : c.kind === 'noise' ? `${c.noise} ${c.snr} dB` : `tempo ${c.tempo}x`;

/** The prompts one after another with pauses, as a clean 16 kHz WAV, and the phrases' true times in it. */
function concatenate(set: TVoiceSet, half: THalf, prompts: readonly TPrompt[]): { file: string; truth: TOccurrence[]; seconds: number } {
  // JFK's sentences are cuts of one recording, at its own pauses: they join back without added
  // silence. 0.7 s of digital silence before each cut of that hissy broadcast made the recogniser
  // hear "why'd you are but i'm married" for "ask not what your country can do for you" (heard right
  // without it): its noise estimate starts from the silence.
  const gap = set.voice === 'jfk' ? 0 : Math.round(GAP_SECONDS * RATE);
  const audio = prompts.map((p) => readPcm16(p.wav));
  const total = audio.reduce((n, a) => n + a.length + gap, gap);
  const out = new Float32Array(total);
  const words: TWord[] = [];
  let at = gap;
  prompts.forEach((p, k) => {
    const a = audio[k] as Float32Array;
    out.set(a, at);
    // A prompt's words never run into the next prompt's: phrases do not cross prompts.
    for (const w of p.words) words.push({ ...w, start: w.start + at / RATE, end: Math.min(w.end, a.length / RATE) + at / RATE });
    words.push({ text: '.', start: (at + a.length) / RATE, end: (at + a.length) / RATE, confidence: 1, isFiller: false });
    at += a.length + gap;
  });
  const file = join(DIR, `${set.voice}-${half}-clean.wav`);
  writeFileSync(file, encodeWav(out, RATE));
  return { file, truth: truthOf(words, set.phrases), seconds: total / RATE };
}

/** The clean recording under a condition, and the truth moved with it (tempo scales every time). */
function variant(
  clean: string,
  truth: readonly TOccurrence[],
  c: TCondition,
  seed: number,
): { samples: Float32Array; truth: TOccurrence[] } {
  if (c.kind === 'clean') return { samples: readPcm16(clean), truth: [...truth] };
  if (c.kind === 'tempo') {
    const file = clean.replace(/-clean\.wav$/, `-tempo-${c.tempo}.wav`);
    // A tempo file of an earlier run may hold other prompts: made again from this run's recording.
    if (existsSync(file)) unlinkSync(file);
    toRate(clean, file, c.tempo);
    return { samples: readPcm16(file), truth: truth.map((o) => ({ ...o, from: o.from / c.tempo, to: o.to / c.tempo })) };
  }
  const x = readPcm16(clean);
  const n = noise(c.noise, x.length, seed);
  // SNR over the speech, not the pauses: the RMS of the frames above -40 dBFS.
  const speech = rmsOfSpeech(x);
  const gain = speech / 10 ** (c.snr / 20) / rms(n);
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = (x[i] as number) + gain * (n[i] as number);
  return { samples: out, truth: [...truth] };
}

function rmsOfSpeech(x: Float32Array): number {
  const hop = RATE / 100;
  let e = 0;
  let n = 0;
  for (let f = 0; (f + 1) * hop <= x.length; f++) {
    let fe = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) fe += (x[i] as number) ** 2;
    if (10 * Math.log10(fe / hop + 1e-12) > -40) {
      e += fe;
      n += hop;
    }
  }
  return Math.sqrt(e / Math.max(1, n));
}

export interface TRealRow extends TScore {
  voice: string;
  half: THalf;
  length: number;
  condition: string;
}

const phraseLength = (p: string): number => p.trim().split(/\s+/).length;

/** Asterisk prompts per half in a default run. */
export const DEFAULT_PROMPTS_PER_HALF = 40;

/** Spots the phrases in every voice x half x condition and scores each phrase length. */
export async function realSpottingRows(transcriber: TTranscriber = createPocketsphinxTranscriber()): Promise<{
  rows: TRealRow[];
  prompts: { voice: string; half: THalf; prompts: number; seconds: number }[];
  skipped: string[];
  audioSeconds: number;
}> {
  const conditions = (process.env.BENCH_REAL_CONDITIONS ?? 'clean,white-20,tempo-0.8,tempo-1.25').split(',').map(parseCondition);
  const halves = (process.env.BENCH_REAL_HALVES ?? 'tune,report').split(',') as THalf[];
  // 40 prompts per half (about 150 s each) keep `npm run bench` within minutes; BENCH_REAL_PROMPTS=all runs every prompt.
  const capSetting = process.env.BENCH_REAL_PROMPTS ?? String(DEFAULT_PROMPTS_PER_HALF);
  const cap = capSetting === 'all' ? Infinity : Number(capSetting);
  const skipped: string[] = [];
  const rows: TRealRow[] = [];
  const prompts: { voice: string; half: THalf; prompts: number; seconds: number }[] = [];
  let audioSeconds = 0;
  for (const set of voiceSets(skipped)) {
    for (const half of halves) {
      // A cap takes prompts in the order of their names' hashes: a spread over the prompt families, not "agent-" first.
      const mine = set.prompts
        .filter((p) => halfOf(p.name) === half)
        .sort((p, q) => hashOf(p.name).localeCompare(hashOf(q.name)))
        .slice(0, cap);
      if (!mine.length) continue;
      const { file, truth, seconds } = concatenate(set, half, mine);
      prompts.push({ voice: set.label, half, prompts: mine.length, seconds });
      for (const [k, c] of conditions.entries()) {
        const v = variant(file, truth, c, 17 + k);
        audioSeconds += v.samples.length / RATE;
        process.stderr.write(
          `word spotting (real): ${set.label}, ${half}, ${conditionLabel(c)} (${(v.samples.length / RATE).toFixed(0)} s)...\n`,
        );
        const speech = analyzeProsody(v.samples, RATE).activity.speech;
        const t = await transcriber.transcribeWithKeywords!({ samples: v.samples, sampleRate: RATE, speech, keywords: set.phrases });
        const spotted = spotWords(t.words, set.phrases, t.keywordHits);
        const hits = set.phrases.flatMap((phrase) => (spotted.hits[phrase] ?? []).map((h) => ({ phrase, from: h.from, to: h.to })));
        if (process.env.BENCH_VERBOSE) printRealMistakes(set.phrases, v.truth, hits, t.words);
        for (const length of [1, 2, 3]) {
          const s = scoreHits(
            v.truth.filter((o) => phraseLength(o.phrase) === length),
            hits.filter((h) => phraseLength(h.phrase) === length),
          );
          if (s.truth || s.hits) rows.push({ voice: set.label, half, length, condition: conditionLabel(c), ...s });
        }
      }
    }
  }
  return { rows, prompts, skipped, audioSeconds };
}

function printRealMistakes(
  phrases: readonly string[],
  truth: readonly TOccurrence[],
  hits: readonly TOccurrence[],
  heard: readonly TWord[],
): void {
  const near = (x: number): string =>
    heard
      .filter((w) => Math.abs(w.start - x) < 1.2)
      .map((w) => w.text)
      .join(' ');
  for (const p of phrases) {
    const s = scoreHits(
      truth.filter((o) => o.phrase === p),
      hits.filter((h) => h.phrase === p),
    );
    process.stderr.write(`  ${p}: truth ${s.truth} hits ${s.hits} tp ${s.truePositives}\n`);
    const close = (h: TOccurrence, o: TOccurrence): boolean => (h.from + h.to) / 2 >= o.from - 0.5 && (h.from + h.to) / 2 <= o.to + 0.5;
    for (const h of hits.filter((x) => x.phrase === p))
      if (!truth.some((o) => o.phrase === p && close(h, o))) process.stderr.write(`    FP ${h.from.toFixed(2)} [${near(h.from)}]\n`);
    for (const o of truth.filter((x) => x.phrase === p))
      if (!hits.some((h) => h.phrase === p && close(h, o))) process.stderr.write(`    MISS ${o.from.toFixed(2)} [${near(o.from)}]\n`);
  }
}

const passes = (r: TScore): boolean => r.truePositives / Math.max(1, r.truth) >= 0.8 && (r.hits ? r.truePositives / r.hits : 1) >= 0.8;

/** The real-speech table, both halves. */
export function printRealRows(result: Awaited<ReturnType<typeof realSpottingRows>>): void {
  console.log('');
  console.log('Word spotting accuracy on REAL speech (truth: forced alignment of the known text; TUNE and REPORT halves by prompt)');
  for (const p of result.prompts) console.log(`  ${p.voice} ${p.half}: ${p.prompts} prompts, ${p.seconds.toFixed(0)} s`);
  if (result.skipped.length) console.log(`  not aligned, left out: ${result.skipped.join(', ')}`);
  console.log('| voice              | half   | words | audio          | true | hits | found | recall | precision | target (>= 0.8 both) |');
  console.log('|--------------------|--------|-------|----------------|------|------|-------|--------|-----------|----------------------|');
  for (const r of result.rows) {
    const recall = r.truePositives / Math.max(1, r.truth);
    const precision = r.hits ? r.truePositives / r.hits : 1;
    console.log(
      `| ${r.voice.padEnd(18)} | ${r.half.padEnd(6)} | ${String(r.length).padStart(5)} | ${r.condition.padEnd(14)} | ${String(r.truth).padStart(4)} | ${String(r.hits).padStart(4)} | ${String(r.truePositives).padStart(5)} | ${recall.toFixed(2).padStart(6)} | ${precision.toFixed(2).padStart(9)} | ${(passes(r) ? 'PASS' : 'FAIL').padEnd(20)} |`,
    );
  }
  console.log('');
  for (const half of ['tune', 'report'] as const) {
    const mine = result.rows.filter((r) => r.half === half);
    if (!mine.length) continue;
    const sum = (f: (r: TRealRow) => number): number => mine.reduce((n, r) => n + f(r), 0);
    const [t, h, tp] = [sum((r) => r.truth), sum((r) => r.hits), sum((r) => r.truePositives)];
    const failures = mine.filter((r) => !passes(r)).length;
    console.log(
      `${failures ? 'FAIL' : 'PASS'}  real speech, ${half} half: recall ${(tp / Math.max(1, t)).toFixed(2)}, precision ${(tp / Math.max(1, h)).toFixed(2)} over all rows; ${failures} of ${mine.length} rows below 0.8`,
    );
  }
  console.log(`(${result.audioSeconds.toFixed(0)} s of real audio)`);
}
