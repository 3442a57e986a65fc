// Word-spotting accuracy: precision and recall of the phrases the engine counts, on espeak-ng speech
// with known phrase times, per phrase length x speaking rate x clean/noisy. Part of `npm run bench`.
// Audio is cached in tmpdir()/rostrum-bench/spotting; delete it to regenerate. BENCH_RATES=140,175,
// BENCH_NOISE=clean,white,pink narrow the run; BENCH_VERBOSE=1 prints each phrase's misses and false alarms.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPocketsphinxTranscriber } from '../asr/pocketsphinx.transcriber.js';
import { encodeWav } from '../asr/wav-file.js';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { analyzeProsody } from '../signal/prosody.js';

const RATE = 16_000;
const DIR = join(tmpdir(), 'rostrum-bench', 'spotting');
/** A hit is correct when its midpoint lies within this many seconds of a true occurrence. */
export const TOLERANCE_SECONDS = 0.5;
const SNR_DB = 15;

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

const VOICES = ['en-us', 'en-us+f3', 'en-gb', 'en-us+m3'];
const RATES = (process.env.BENCH_RATES ?? '140,175,210').split(',').map(Number);
type TNoise = 'clean' | 'white' | 'pink';

export interface TOccurrence {
  phrase: string;
  from: number;
  to: number;
}

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

/** espeak-ng speech as 16 kHz mono 16-bit PCM (sox without dither, so runs repeat exactly). */
function speak(text: string, voice: string, wpm: number): Float32Array {
  const file = cachedWav(`speak:${voice}:${wpm}:${text}`, (out) => {
    const raw = `${out}.raw.wav`;
    execFileSync('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', raw, text]);
    execFileSync('sox', ['-D', raw, '-r', String(RATE), '-c', '1', '-b', '16', out]);
    execFileSync('rm', ['-f', raw]);
  });
  return readPcm16(file);
}

function readPcm16(file: string): Float32Array {
  const b = readFileSync(file);
  let at = 12;
  while (at + 8 <= b.length && b.toString('ascii', at, at + 4) !== 'data') at += 8 + b.readUInt32LE(at + 4);
  const n = Math.floor(Math.min(b.readUInt32LE(at + 4), b.length - at - 8) / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = b.readInt16LE(at + 8 + 2 * i) / 32768;
  return out;
}

/** First and last 10 ms frame above -40 dBFS, in samples. */
function sounding(x: Float32Array): { from: number; to: number } {
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

function soundingSeconds(text: string, voice: string, wpm: number): number {
  if (!text.trim()) return 0;
  const s = sounding(speak(text, voice, wpm));
  return (s.to - s.from) / RATE;
}

/**
 * One sentence spoken whole, trimmed, with its phrases' times: a phrase starts where the
 * sentence's text before it, spoken alone, ends, and ends where the text up to its end does.
 */
function sentence(line: string, voice: string, wpm: number): { samples: Float32Array; occurrences: TOccurrence[] } {
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

/** Deterministic noise: white, or pink by Paul Kellet's filter of white noise. */
function noise(kind: 'white' | 'pink', n: number, seed: number): Float32Array {
  let state = seed >>> 0 || 1;
  const rand = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296 - 0.5;
  };
  const out = new Float32Array(n);
  let [b0, b1, b2] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const w = rand();
    if (kind === 'white') out[i] = w;
    else {
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      out[i] = b0 + b1 + b2 + w * 0.1848;
    }
  }
  return out;
}

const rms = (x: Float32Array, from = 0, to = x.length): number => {
  let e = 0;
  for (let i = from; i < to; i++) e += (x[i] as number) ** 2;
  return Math.sqrt(e / Math.max(1, to - from));
};

/** The script at one rate, voices taking turns by sentence, 0.7 s pauses; noise at SNR_DB over the speech's RMS. */
export function makeRecording(wpm: number, kind: TNoise): { file: string; truth: TOccurrence[]; seconds: number } {
  const gap = Math.round(0.7 * RATE);
  const parts = SCRIPT.map((line, i) => sentence(line, VOICES[(i + RATES.indexOf(wpm)) % VOICES.length] as string, wpm));
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
  if (kind !== 'clean') {
    const n = noise(kind, total, wpm * 7 + (kind === 'pink' ? 1 : 2));
    const gain = Math.sqrt(speechEnergy / speechSamples) / 10 ** (SNR_DB / 20) / rms(n);
    for (let i = 0; i < total; i++) out[i] = (out[i] as number) + gain * (n[i] as number);
  }
  const file = join(DIR, `script-${wpm}-${kind}.wav`);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, encodeWav(out, RATE));
  return { file, truth, seconds: total / RATE };
}

export interface TScore {
  truth: number;
  hits: number;
  truePositives: number;
}

/** One-to-one matching of hits to true occurrences of the same phrase, in time order. */
export function scoreHits(truth: readonly TOccurrence[], hits: readonly TOccurrence[]): TScore {
  const used = new Set<number>();
  let truePositives = 0;
  for (const h of [...hits].sort((a, b) => a.from - b.from)) {
    const mid = (h.from + h.to) / 2;
    const i = truth.findIndex(
      (t, k) => !used.has(k) && t.phrase === h.phrase && mid >= t.from - TOLERANCE_SECONDS && mid <= t.to + TOLERANCE_SECONDS,
    );
    if (i >= 0) {
      used.add(i);
      truePositives++;
    }
  }
  return { truth: truth.length, hits: hits.length, truePositives };
}

const words = (p: string): number => p.trim().split(/\s+/).length;

interface TRow extends TScore {
  length: number;
  wpm: number;
  noise: string;
}

async function main(): Promise<void> {
  const transcriber = createPocketsphinxTranscriber();
  const rows: TRow[] = [];
  const t0 = performance.now();
  let audioSeconds = 0;
  for (const wpm of RATES) {
    for (const kind of (process.env.BENCH_NOISE ?? 'clean,white,pink').split(',') as TNoise[]) {
      const { file, truth, seconds } = makeRecording(wpm, kind);
      audioSeconds += seconds;
      process.stderr.write(`word spotting: ${wpm} wpm, ${kind} (${seconds.toFixed(0)} s)...\n`);
      const samples = readPcm16(file);
      const speech = analyzeProsody(samples, RATE).activity.speech;
      const t = await transcriber.transcribeWithKeywords!({ samples, sampleRate: RATE, speech, keywords: PHRASES });
      const spotted = spotWords(t.words, PHRASES, t.keywordHits);
      const hits = PHRASES.flatMap((phrase) => (spotted.hits[phrase] ?? []).map((h) => ({ phrase, from: h.from, to: h.to })));
      if (process.env.BENCH_VERBOSE) {
        process.stderr.write(`${t.words.map((w) => w.text).join(' ')}\n`);
        for (const p of PHRASES) {
          const s = scoreHits(
            truth.filter((o) => o.phrase === p),
            hits.filter((h) => h.phrase === p),
          );
          process.stderr.write(`  ${p}: truth ${s.truth} hits ${s.hits} tp ${s.truePositives}\n`);
          const near = (x: number): string =>
            t.words
              .filter((w) => Math.abs(w.start - x) < 1.2)
              .map((w) => w.text)
              .join(' ');
          for (const h of hits.filter((h) => h.phrase === p)) {
            const ok = truth.some((o) => o.phrase === p && (h.from + h.to) / 2 >= o.from - 0.5 && (h.from + h.to) / 2 <= o.to + 0.5);
            const tr = spotted.hits[p]?.find((x) => x.from === h.from);
            const src = t.keywordHits.some((k) => k.phrase === p && k.start === h.from) ? 'kws' : 'tr';
            if (!ok && tr) process.stderr.write(`    FP ${src} ${h.from.toFixed(2)} [${near(h.from)}]\n`);
          }
          for (const o of truth.filter((o) => o.phrase === p))
            if (!hits.some((h) => h.phrase === p && (h.from + h.to) / 2 >= o.from - 0.5 && (h.from + h.to) / 2 <= o.to + 0.5))
              process.stderr.write(`    MISS ${o.from.toFixed(2)} [${near(o.from)}]\n`);
        }
      }
      for (const length of [1, 2, 3]) {
        const s = scoreHits(
          truth.filter((o) => words(o.phrase) === length),
          hits.filter((h) => words(h.phrase) === length),
        );
        rows.push({ length, wpm, noise: kind === 'clean' ? 'clean' : `${kind} ${SNR_DB} dB`, ...s });
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log('');
  console.log(`Word spotting accuracy (espeak-ng, ${VOICES.join(', ')}; tolerance ${TOLERANCE_SECONDS} s)`);
  console.log('| words | rate wpm | audio          | true | hits | found | recall | precision | target (>= 0.8 both) |');
  console.log('|-------|----------|----------------|------|------|-------|--------|-----------|----------------------|');
  let failures = 0;
  let targets = 0;
  for (const r of rows) {
    const recall = r.truePositives / Math.max(1, r.truth);
    const precision = r.hits ? r.truePositives / r.hits : 1;
    const targeted = r.length <= 2 && r.wpm <= 175;
    const ok = recall >= 0.8 && precision >= 0.8;
    if (targeted) targets++;
    if (targeted && !ok) failures++;
    console.log(
      `| ${String(r.length).padStart(5)} | ${String(r.wpm).padStart(8)} | ${r.noise.padEnd(14)} | ${String(r.truth).padStart(4)} | ${String(r.hits).padStart(4)} | ${String(r.truePositives).padStart(5)} | ${recall.toFixed(2).padStart(6)} | ${precision.toFixed(2).padStart(9)} | ${(targeted ? (ok ? 'PASS' : 'FAIL') : '-').padEnd(20)} |`,
    );
  }
  console.log('');
  console.log(
    `${failures || !targets ? 'FAIL' : 'PASS'}  word spotting recall and precision >= 0.8 for 1- and 2-word phrases at 140-175 wpm: ${failures} of ${targets} rows below (${audioSeconds.toFixed(0)} s of audio in ${seconds.toFixed(0)} s)`,
  );
}

// Run as a script (the benchmark); imported, it only lends its recordings and scoring.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
