// Word-spotting accuracy: precision and recall of the phrases the engine counts, on synthetic speech
// (espeak-ng and flite) with known phrase times, per synthesiser x phrase length x speaking rate x
// background noise, then on real speech (word-spotting-real.ts). Part of `npm run bench`.
// BENCH_SPOTTING=synthetic or =real runs one of the two; BENCH_NO_RESCORE=1 measures without the
// contest of keyword hits against the transcript (keyword-rescoring.ts). Audio is cached in tmpdir()/rostrum-bench/spotting;
// delete it to regenerate. BENCH_SYNTHS=flite, BENCH_RATES=140,175 and BENCH_NOISE=clean,white-15
// narrow the run; BENCH_VERBOSE=1 prints each phrase's misses and false alarms.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hitDistance, loadDictionary } from '../asr/keyword-spotting.js';
import type { TKeywordHit } from '../asr/transcriber.js';
import { createPocketsphinxTranscriber } from '../asr/pocketsphinx.transcriber.js';
import { normaliseWord, type TTranscriber, type TWord } from '../asr/transcriber.js';
import { encodeWav } from '../asr/wav-file.js';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { analyzeProsody } from '../signal/prosody.js';
import { noise, rms } from './noise.js';
import { readPcm16, scoreHits, TOLERANCE_SECONDS, type TOccurrence, type TScore } from './spotting-score.js';
import { printRealRows, realSpottingRows } from './word-spotting-real.js';

const RATE = 16_000;
const DIR = join(tmpdir(), 'rostrum-bench', 'spotting');
/** The recording's list: single words (fillers, product names, one out of the dictionary), 2- and 3-word phrases. */
export const PHRASES = [
  'so',
  'like',
  'basically',
  'actually',
  'dashboard',
  'Rostrum',
  'onboarding',
  'you know',
  'for example',
  'kind of',
  'in other words',
  'to be honest',
  'as a result',
];

/** [brackets] mark each occurrence of a listed phrase; sentences without any hold near misses. */
export const SCRIPT = [
  '[So] the new [dashboard] shows every recording in one place.',
  'It was [like] a small miracle when the team finished early.',
  'We [basically] rebuilt the [onboarding] flow from scratch.',
  '[You know], most people never read the manual.',
  'The social club meets every Thursday evening.',
  '[For example], a coach can compare two recordings side by side.',
  '[In other words], practice matters more than talent.',
  '[To be honest], I did not expect [so] many questions.',
  'She is liking the new job more each week.',
  '[Rostrum] listens to your voice and [actually] counts the pauses.',
  'The report was late, and [as a result] the meeting moved to Friday.',
  'It is [kind of] hard to explain without a demo.',
  'I thought you knew the answer already.',
  'I [actually] liked the second version better.',
  '[So], what did you learn from the last talk, [you know], about pacing?',
  'She said the trip was [like] a dream, [for example] the food.',
  'The basic idea was an actual improvement for the board.',
  'The [dashboard] is [basically] a summary of your progress.',
  'We moved the meeting, [in other words], we ran out of time.',
  '[To be honest], the [Rostrum] scores surprised me.',
  'Now you see how the roster works on a weekday.',
  'The budget shrank and [as a result] we hired nobody.',
  'It felt [kind of] strange to hear my own voice.',
  '[You know] what, let us try it again tomorrow.',
  'Those results were honest and the words were kind.',
  '[For example], the [onboarding] takes only ten minutes.',
  'The weather was [so] nice that we walked home.',
  '[Actually], the numbers look better than last year.',
  '[As a result], the team finished the project on time.',
];

/** A synthesiser and its voices: espeak-ng's formant voices and flite's more natural ones (statistical and diphone). */
export type TSynth = 'espeak-ng' | 'flite';
export const VOICES: Record<TSynth, readonly string[]> = {
  'espeak-ng': ['en-us', 'en-us+f3', 'en-gb', 'en-us+m3'],
  flite: ['slt', 'rms', 'awb', 'kal16'],
};
const SYNTHS = (process.env.BENCH_SYNTHS ?? 'espeak-ng,flite').split(',') as TSynth[];
const RATES = (process.env.BENCH_RATES ?? '140,175').split(',').map(Number);
/** Background noise: none, or white or pink noise at an SNR in dB over the speech's RMS ("white-15"). */
const NOISES = (process.env.BENCH_NOISE ?? 'clean,white-25,pink-25,white-15').split(',');
/** Seconds of silence before, between and after the sentences. */
const GAP_SECONDS = 0.7;

interface TNoise {
  kind: 'white' | 'pink';
  snr: number;
}

function parseNoise(spec: string): TNoise | null {
  if (spec === 'clean') return null;
  const m = /^(white|pink)-(\d+)$/.exec(spec);
  if (!m) throw new Error(`BENCH_NOISE: "${spec}" is not clean, white-<dB> or pink-<dB>`);
  return { kind: m[1] as TNoise['kind'], snr: Number(m[2]) };
}

const noiseLabel = (n: TNoise | null): string => (n ? `${n.kind} ${n.snr} dB` : 'clean');

function phraseOf(text: string): string {
  const key = PHRASES.find((p) => p.toLowerCase() === text.toLowerCase());
  if (!key) throw new Error(`"${text}" is not in the list`);
  return key;
}

function cachedWav(key: string, make: (out: string) => void): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${createHash('sha1').update(key).digest('hex').slice(0, 16)}.wav`);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp.wav`;
    make(tmp);
    renameSync(tmp, file);
  }
  return file;
}

export interface TVoice {
  synth: TSynth;
  name: string;
}

/**
 * Synthetic speech as 16 kHz mono 16-bit PCM (sox without dither, so runs repeat exactly). espeak-ng
 * takes the rate in words per minute; flite stretches its own durations by `flite.stretch`.
 */
function speak(text: string, voice: TVoice, wpm: number): Float32Array {
  const stretch = voice.synth === 'flite' ? fliteStretch(voice.name, wpm) : 1;
  return synthesise(text, voice, voice.synth === 'flite' ? stretch : wpm);
}

function synthesise(text: string, voice: TVoice, rate: number): Float32Array {
  const file = cachedWav(`speak:${voice.synth}:${voice.name}:${rate}:${text}`, (out) => {
    const raw = `${out}.raw.wav`;
    if (voice.synth === 'espeak-ng') execFileSync('espeak-ng', ['-v', voice.name, '-s', String(rate), '-w', raw, text]);
    else execFileSync('flite', ['-voice', voice.name, '--setf', `duration_stretch=${rate.toFixed(3)}`, '-t', text, '-o', raw]);
    execFileSync('sox', ['-D', raw, '-r', String(RATE), '-c', '1', '-b', '16', out]);
    execFileSync('rm', ['-f', raw]);
  });
  return readPcm16(file);
}

const wordCount = (text: string): number => text.replace(/[[\]]/g, '').split(/\s+/).filter(Boolean).length;

const SCRIPT_WORDS = SCRIPT.reduce((n, l) => n + wordCount(l), 0);

/** Seconds the script's sentences sound (trimmed, without the pauses between them). */
function soundingScriptSeconds(say: (line: string) => Float32Array): number {
  let seconds = 0;
  for (const line of SCRIPT) {
    const s = sounding(say(line.replace(/[[\]]/g, '')));
    seconds += (s.to - s.from) / RATE;
  }
  return seconds;
}

const natural = new Map<string, number>();

/**
 * flite has no rate setting: its durations are stretched so that the whole recording, pauses
 * included, runs at `wpm` (as espeak-ng's -s rate does).
 */
function fliteStretch(name: string, wpm: number): number {
  let seconds = natural.get(name);
  if (seconds === undefined) {
    seconds = soundingScriptSeconds((line) => synthesise(line, { synth: 'flite', name }, 1));
    natural.set(name, seconds);
  }
  const target = (SCRIPT_WORDS / wpm) * 60 - (SCRIPT.length + 1) * GAP_SECONDS;
  return Math.round((target / seconds) * 1000) / 1000;
}

/** First and last 10 ms frame above -40 dBFS, in samples. */
export function sounding(x: Float32Array): { from: number; to: number } {
  const hop = RATE / 100;
  let first = -1;
  let last = -1;
  for (let f = 0; (f + 1) * hop <= x.length; f++) {
    let e = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) e += (x[i] as number) ** 2;
    if (10 * Math.log10(e / hop + 1e-12) > -40) {
      if (first < 0) first = f;
      last = f;
    }
  }
  return { from: Math.max(0, first) * hop, to: (last + 1) * hop };
}

function soundingSeconds(text: string, voice: TVoice, wpm: number): number {
  if (!text.trim()) return 0;
  const s = sounding(speak(text, voice, wpm));
  return (s.to - s.from) / RATE;
}

/**
 * One sentence spoken whole, trimmed, with its phrases' times: a phrase starts where the
 * sentence's text before it, spoken alone, ends, and ends where the text up to its end does.
 */
function sentence(line: string, voice: TVoice, wpm: number): { samples: Float32Array; occurrences: TOccurrence[] } {
  const plain = line.replace(/[[\]]/g, '');
  const all = speak(plain, voice, wpm);
  const s = sounding(all);
  const occurrences: TOccurrence[] = [];
  for (const m of line.matchAll(/\[([^\]]+)\]/g)) {
    const before = line.slice(0, m.index).replace(/[[\]]/g, '');
    const through = before + (m[1] as string);
    occurrences.push({
      phrase: phraseOf(m[1] as string),
      from: soundingSeconds(before, voice, wpm),
      to: soundingSeconds(through, voice, wpm),
    });
  }
  return { samples: all.subarray(s.from, s.to), occurrences };
}

/** The script at one rate, voices taking turns by sentence, with pauses; noise at its SNR over the speech's RMS. */
export function makeRecording(
  synth: TSynth,
  wpm: number,
  background: TNoise | null,
): { file: string; truth: TOccurrence[]; seconds: number; wpm: number } {
  const gap = Math.round(GAP_SECONDS * RATE);
  const voices = VOICES[synth];
  const voiceOf = (i: number): TVoice => ({ synth, name: voices[(i + RATES.indexOf(wpm)) % voices.length] as string });
  const parts = SCRIPT.map((line, i) => sentence(line, voiceOf(i), wpm));
  const total = parts.reduce((n, p) => n + gap + p.samples.length, gap);
  const out = new Float32Array(total);
  const truth: TOccurrence[] = [];
  let at = gap;
  let speechEnergy = 0;
  let speechSamples = 0;
  for (const p of parts) {
    out.set(p.samples, at);
    for (const o of p.occurrences) truth.push({ phrase: o.phrase, from: at / RATE + o.from, to: at / RATE + o.to });
    const r = rms(p.samples);
    speechEnergy += r * r * p.samples.length;
    speechSamples += p.samples.length;
    at += p.samples.length + gap;
  }
  if (background) {
    const n = noise(background.kind, total, wpm * 7 + (background.kind === 'pink' ? 1 : 2));
    const gain = Math.sqrt(speechEnergy / speechSamples) / 10 ** (background.snr / 20) / rms(n);
    for (let i = 0; i < total; i++) out[i] = (out[i] as number) + gain * (n[i] as number);
  }
  const file = join(DIR, `script-${synth}-${wpm}-${background ? `${background.kind}-${background.snr}` : 'clean'}.wav`);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, encodeWav(out, RATE));
  return { file, truth, seconds: total / RATE, wpm: (SCRIPT_WORDS / (total / RATE)) * 60 };
}

/** Word error rate of a transcript against the script (word-level edit distance / script words). */
export function wordErrorRate(reference: readonly string[], hypothesis: readonly string[]): number {
  let prev = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      row.push(Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (same ? 0 : 1)));
    }
    prev = row;
  }
  return (prev[hypothesis.length] as number) / Math.max(1, reference.length);
}

const words = (p: string): number => p.trim().split(/\s+/).length;

interface TRow extends TScore {
  synth: TSynth;
  length: number;
  wpm: number;
  noise: string;
}

interface TRecordingRow {
  synth: TSynth;
  wpm: number;
  measuredWpm: number;
  noise: string;
  wordErrorRate: number;
}

/** Rows the target applies to: one- and two-word phrases at normal rates (140-175 wpm). */
const targeted = (r: TRow): boolean => r.length <= 2 && r.wpm <= 175;
const passes = (r: TRow): boolean => r.truePositives / Math.max(1, r.truth) >= 0.8 && (r.hits ? r.truePositives / r.hits : 1) >= 0.8;

async function main(): Promise<void> {
  // BENCH_FULL_DECODE=1: the recogniser's slower second passes too (the engine runs without them).
  // BENCH_NO_RESCORE=1: keyword hits without the contest against the transcript (the method before it).
  const transcriber = createPocketsphinxTranscriber({
    ...(process.env.BENCH_FULL_DECODE ? { fast: false } : {}),
    ...(process.env.BENCH_NO_RESCORE ? { rescoreKeywordHits: false } : {}),
  });
  const parts = (process.env.BENCH_SPOTTING ?? 'synthetic,real').split(',');
  if (parts.includes('synthetic')) await synthetic(transcriber);
  if (parts.includes('real')) printRealRows(await realSpottingRows(transcriber));
}

/** The synthetic rows (espeak-ng and flite). */
async function synthetic(transcriber: TTranscriber): Promise<void> {
  const rows: TRow[] = [];
  const recordings: TRecordingRow[] = [];
  const reference = SCRIPT.flatMap((l) => l.replace(/[[\]]/g, '').split(/\s+/).map(normaliseWord).filter(Boolean));
  const t0 = performance.now();
  let audioSeconds = 0;
  for (const synth of SYNTHS) {
    for (const wpm of RATES) {
      for (const spec of NOISES) {
        const background = parseNoise(spec);
        const { file, truth, seconds, wpm: measuredWpm } = makeRecording(synth, wpm, background);
        audioSeconds += seconds;
        const audio = noiseLabel(background);
        process.stderr.write(`word spotting: ${synth}, ${wpm} wpm, ${audio} (${seconds.toFixed(0)} s)...\n`);
        const samples = readPcm16(file);
        const speech = analyzeProsody(samples, RATE).activity.speech;
        const t = await transcriber.transcribeWithKeywords!({ samples, sampleRate: RATE, speech, keywords: PHRASES });
        const spotted = spotWords(t.words, PHRASES, t.keywordHits);
        const hits = PHRASES.flatMap((phrase) => (spotted.hits[phrase] ?? []).map((h) => ({ phrase, from: h.from, to: h.to })));
        recordings.push({
          synth,
          wpm,
          measuredWpm,
          noise: audio,
          wordErrorRate: wordErrorRate(
            reference,
            t.words.map((w) => w.text),
          ),
        });
        if (process.env.BENCH_VERBOSE) printMistakes(t.words, t.keywordHits, spotted.hits, truth, hits);
        for (const length of [1, 2, 3]) {
          const s = scoreHits(
            truth.filter((o) => words(o.phrase) === length),
            hits.filter((h) => words(h.phrase) === length),
          );
          rows.push({ synth, length, wpm, noise: audio, ...s });
        }
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log('');
  console.log(
    `Word spotting accuracy on SYNTHETIC speech (tolerance ${TOLERANCE_SECONDS} s; voices: ${SYNTHS.map((s) => `${s} ${VOICES[s].join(', ')}`).join('; ')})`,
  );
  console.log('| speech    | words | rate wpm | audio          | true | hits | found | recall | precision | target (>= 0.8 both) |');
  console.log('|-----------|-------|----------|----------------|------|------|-------|--------|-----------|----------------------|');
  for (const r of rows) {
    const recall = r.truePositives / Math.max(1, r.truth);
    const precision = r.hits ? r.truePositives / r.hits : 1;
    console.log(
      `| ${r.synth.padEnd(9)} | ${String(r.length).padStart(5)} | ${String(r.wpm).padStart(8)} | ${r.noise.padEnd(14)} | ${String(r.truth).padStart(4)} | ${String(r.hits).padStart(4)} | ${String(r.truePositives).padStart(5)} | ${recall.toFixed(2).padStart(6)} | ${precision.toFixed(2).padStart(9)} | ${(targeted(r) ? (passes(r) ? 'PASS' : 'FAIL') : '-').padEnd(20)} |`,
    );
  }
  console.log('');
  console.log('Transcript word error rate per recording (the recogniser alone, before keyword spotting)');
  console.log('| speech    | rate wpm | measured wpm | audio          | word error rate |');
  console.log('|-----------|----------|--------------|----------------|-----------------|');
  for (const r of recordings)
    console.log(
      `| ${r.synth.padEnd(9)} | ${String(r.wpm).padStart(8)} | ${r.measuredWpm.toFixed(0).padStart(12)} | ${r.noise.padEnd(14)} | ${r.wordErrorRate.toFixed(2).padStart(15)} |`,
    );
  console.log('');
  for (const synth of SYNTHS) {
    const mine = rows.filter((r) => r.synth === synth && targeted(r));
    const failures = mine.filter((r) => !passes(r)).length;
    console.log(
      `${failures || !mine.length ? 'FAIL' : 'PASS'}  ${synth}: word spotting recall and precision >= 0.8 for 1- and 2-word phrases at 140-175 wpm: ${failures} of ${mine.length} rows below`,
    );
  }
  console.log(`(${audioSeconds.toFixed(0)} s of audio in ${seconds.toFixed(0)} s)`);
}

/** BENCH_VERBOSE: the transcript, then each phrase's misses and false alarms with the words heard around them. */
function printMistakes(
  heard: readonly TWord[],
  keywordHits: readonly TKeywordHit[],
  spottedHits: Record<string, readonly { from: number; to: number }[]>,
  truth: readonly TOccurrence[],
  hits: readonly TOccurrence[],
): void {
  process.stderr.write(`${heard.map((w) => w.text).join(' ')}\n`);
  const near = (x: number): string =>
    heard
      .filter((w) => Math.abs(w.start - x) < 1.2)
      .map((w) => w.text)
      .join(' ');
  const close = (h: { from: number; to: number }, o: TOccurrence): boolean =>
    (h.from + h.to) / 2 >= o.from - TOLERANCE_SECONDS && (h.from + h.to) / 2 <= o.to + TOLERANCE_SECONDS;
  for (const p of PHRASES) {
    const s = scoreHits(
      truth.filter((o) => o.phrase === p),
      hits.filter((h) => h.phrase === p),
    );
    process.stderr.write(`  ${p}: truth ${s.truth} hits ${s.hits} tp ${s.truePositives}\n`);
    for (const h of hits.filter((h) => h.phrase === p)) {
      const ok = truth.some((o) => o.phrase === p && close(h, o));
      const src = keywordHits.some((k) => k.phrase === p && k.start === h.from) ? 'kws' : 'tr';
      if (!ok && spottedHits[p]?.some((x) => x.from === h.from))
        process.stderr.write(`    FP ${src} ${h.from.toFixed(2)} [${near(h.from)}]\n`);
    }
    for (const o of truth.filter((o) => o.phrase === p))
      if (!hits.some((h) => h.phrase === p && close(h, o))) process.stderr.write(`    MISS ${o.from.toFixed(2)} [${near(o.from)}]\n`);
  }
  // Every keyword hit with its phonetic distance to the transcript (KWS_MAX_PHONETIC_DISTANCE).
  const dict = loadDictionary();
  for (const k of keywordHits) {
    const ok = truth.some((o) => o.phrase === k.phrase && close({ from: k.start, to: k.end }, o));
    process.stderr.write(`  KWSD ${ok ? 'TP' : 'FP'} ${hitDistance(k, heard, dict).toFixed(2)} ${k.phrase} [${near(k.start)}]\n`);
  }
}

// Run as a script (the benchmark); imported, it only lends its recordings and scoring.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
