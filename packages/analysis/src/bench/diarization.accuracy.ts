import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeWav } from '../asr/wav-file.js';
import { diarizeByClustering, SEVERAL_VOICES_DBIC_PER_FRAME, type TDiarization, voiceSeparation } from '../conversation/diarize.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { analyzeProsody } from '../signal/prosody.js';
import { withWhiteNoise } from './noise.js';
import { withPitchShift } from './pitch-shift.js';
import { alsaChannels, jfk } from './real-speech.js';
import { allisonPrompts, carloPrompts, jfkPhrases, type TPrompt } from './real-voices.js';
import { espeak, flite, RATE, toRate } from './speech-sources.js';
import { halfOf as tuneOrReport } from './halves.js';

const DIR = join(tmpdir(), 'rostrum-bench', 'speakers');
const GAP_SECONDS = 0.6;
const PROMPTS_PER_MONOLOGUE = 10;
const MONOLOGUES_PER_HALF = 8;
const DIALOGUES_PER_HALF = 6;
/** Carlo + JFK and Carlo + ALSA: fewer, as JFK's phrases and the ALSA names repeat in every one. */
const CARLO_OTHER_DIALOGUES_PER_HALF = 2;
export const VARIANTS = ['clean', 'tempo 0.8', 'tempo 1.25', 'noise 20 dB'] as const;
/**
 * Real monologues also in other registers: prompt i moved by step x ((i mod 5) - 2) semitones
 * (Praat PSOLA), so the level climbs over five prompts by 4 steps and starts again, as the browser
 * tests' synthetic talk does (its steps are about 1.9 semitones).
 */
export const REGISTER_STEPS = [1, 2] as const;
const MONOLOGUE_VARIANTS = REGISTER_STEPS.map((step) => `register steps ${step} st` as const);
type TVariant = (typeof VARIANTS)[number] | (typeof MONOLOGUE_VARIANTS)[number];
type THalf = 'TUNE' | 'REPORT';

interface TPart {
  wav: string;
  speaker: number;
}
export interface TItem {
  name: string;
  set: string;
  kind: 'real' | 'synthetic';
  voices: 1 | 2;
  half: THalf;
  parts: TPart[];
}
interface TTruth {
  from: number;
  to: number;
  speaker: number;
}
interface TRun {
  item: TItem;
  variant: TVariant;
  hinted: TDiarization;
  unhinted: TDiarization;
  errorHinted: number;
  errorUnhinted: number;
  /** The voice test's statistic for the true two speakers (dialogues). */
  trueSeparation: number;
}

const halfOf = (name: string): THalf => (tuneOrReport(name) === 'tune' ? 'TUNE' : 'REPORT');

async function mono(wav: string): Promise<Float32Array> {
  return (await decodePcm(wav)).channels[0] as Float32Array;
}

/** The parts one after another with GAP_SECONDS between them, and who speaks when. */
async function assemble(parts: readonly TPart[]): Promise<{ samples: Float32Array; truth: TTruth[] }> {
  const pieces: Float32Array[] = [];
  const truth: TTruth[] = [];
  const gap = new Float32Array(Math.round(GAP_SECONDS * RATE));
  let at = 0;
  for (const p of parts) {
    const x = await mono(p.wav);
    truth.push({ from: at / RATE, to: (at + x.length) / RATE, speaker: p.speaker });
    pieces.push(x, gap);
    at += x.length + gap.length;
  }
  const samples = new Float32Array(at);
  let o = 0;
  for (const x of pieces) {
    samples.set(x, o);
    o += x.length;
  }
  return { samples, truth };
}

export async function variantOf(item: TItem, variant: TVariant): Promise<{ samples: Float32Array; truth: TTruth[] }> {
  const step = REGISTER_STEPS.find((st) => variant === `register steps ${st} st`);
  if (step !== undefined) return assemble(item.parts.map((p, i) => ({ ...p, wav: withPitchShift(p.wav, DIR, step * ((i % 5) - 2)) })));
  const base = await assemble(item.parts);
  if (variant === 'clean') return base;
  if (variant === 'noise 20 dB') return { samples: withWhiteNoise(base.samples, 20), truth: base.truth };
  const tempo = variant === 'tempo 0.8' ? 0.8 : 1.25;
  const src = join(DIR, 'items', `${item.name}.wav`);
  const out = join(DIR, 'items', `${item.name}.${tempo}.wav`);
  mkdirSync(join(DIR, 'items'), { recursive: true });
  writeFileSync(src, encodeWav(base.samples, RATE));
  if (!existsSync(out)) execFileSync('sox', ['-D', src, out, 'tempo', '-s', String(tempo)]);
  return { samples: await mono(out), truth: base.truth.map((t) => ({ ...t, from: t.from / tempo, to: t.to / tempo })) };
}

/** Share of true speech time (50 ms steps) whose found speaker is wrong, under the best matching. */
export function speakerTimeError(truth: readonly TTruth[], found: TDiarization): number {
  const pairs: [number, number][] = [];
  for (const t of truth)
    for (let x = t.from + 0.025; x < t.to; x += 0.05) {
      const seg = found.segments.find((s) => x >= s.from && x < s.to);
      if (seg) pairs.push([t.speaker, seg.speaker]);
    }
  if (pairs.length === 0) return 1;
  const trueIds = [...new Set(pairs.map(([t]) => t))];
  const foundIds = [...new Set(pairs.map(([, f]) => f))];
  // Greedy matching by overlap is exact for the one- and two-speaker cases here.
  const overlap = (t: number, f: number) => pairs.filter(([a, b]) => a === t && b === f).length;
  const cells = trueIds.flatMap((t) => foundIds.map((f) => ({ t, f, n: overlap(t, f) }))).sort((a, b) => b.n - a.n);
  const usedT = new Set<number>();
  const usedF = new Set<number>();
  let right = 0;
  for (const c of cells) {
    if (usedT.has(c.t) || usedF.has(c.f)) continue;
    usedT.add(c.t);
    usedF.add(c.f);
    right += c.n;
  }
  return 1 - right / pairs.length;
}

function chunk<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i + size <= xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

function alternate(a: readonly string[], b: readonly string[]): TPart[] {
  const out: TPart[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i]) out.push({ wav: a[i] as string, speaker: 1 });
    if (b[i]) out.push({ wav: b[i] as string, speaker: 2 });
  }
  return out;
}

export function items(): TItem[] {
  const prompts = allisonPrompts(DIR);
  const pool = (h: THalf) => prompts.filter((p) => halfOf(`allison/${p.name}`) === h);
  const carlo = carloPrompts(DIR);
  const carloPool = (h: THalf) => carlo.filter((p) => halfOf(`carlo/${p.name}`) === h);
  const jfkWav = jfk(DIR, (i, o) => toRate(i, o));
  const jfkParts = jfkPhrases(DIR, jfkWav);
  const alsa = alsaChannels(DIR, (i, o) => toRate(i, o));
  const alsaTurns = chunk(alsa, 2).map((pair, k) => joinWavs(pair, `alsa-turn-${k}`));
  const out: TItem[] = [];
  const words = (p: TPrompt) => p.text.split(/\s+/).length;
  const dialogue = (name: string, set: string, half: THalf, a: readonly string[], b: readonly string[]): TItem => ({
    name,
    set,
    kind: 'real',
    voices: 2,
    half,
    parts: alternate(a, b),
  });
  const monologues = (voice: string, set: string, half: THalf, prompts: readonly TPrompt[]): void => {
    chunk(prompts, PROMPTS_PER_MONOLOGUE)
      .slice(0, MONOLOGUES_PER_HALF)
      .forEach((ps, i) => {
        out.push({
          name: `${voice}-monologue-${half}-${i + 1}`,
          set,
          kind: 'real',
          voices: 1,
          half,
          parts: ps.map((p) => ({ wav: p.wav, speaker: 1 })),
        });
      });
  };
  for (const half of ['TUNE', 'REPORT'] as const) {
    // Carlo (male, Italian): monologues of his longer prompts, dialogues of his short ones.
    const carloLong = carloPool(half).filter((p) => words(p) >= 6);
    monologues('carlo', 'Carlo prompts, one after another', half, carloLong);
    const carloTurns = chunk(
      carloPool(half)
        .filter((p) => words(p) <= 9)
        .map((p) => p.wav),
      4,
    );
    // Allison's short prompts the JFK and ALSA dialogues below leave (the same half's pool).
    const allisonLeft = chunk(
      pool(half)
        .filter((p) => words(p) <= 9)
        .reverse()
        .slice(2 * DIALOGUES_PER_HALF * 4)
        .map((p) => p.wav),
      4,
    );
    carloTurns.slice(0, DIALOGUES_PER_HALF).forEach((cs, i) => {
      const as = allisonLeft[i];
      if (as) out.push(dialogue(`allison-carlo-${half}-${i + 1}`, 'Allison + Carlo, alternating turns', half, as, cs));
    });
    const rest = carloTurns.slice(DIALOGUES_PER_HALF);
    rest.slice(0, CARLO_OTHER_DIALOGUES_PER_HALF).forEach((cs, i) => {
      out.push(dialogue(`carlo-jfk-${half}-${i + 1}`, 'Carlo + JFK, alternating turns', half, cs, jfkParts));
    });
    rest.slice(CARLO_OTHER_DIALOGUES_PER_HALF, 2 * CARLO_OTHER_DIALOGUES_PER_HALF).forEach((cs, i) => {
      out.push(dialogue(`carlo-alsa-${half}-${i + 1}`, 'Carlo + ALSA voice, alternating turns', half, cs, alsaTurns));
    });
    const long = pool(half).filter((p) => words(p) >= 6);
    const short = pool(half).filter((p) => words(p) <= 9);
    monologues('allison', 'Allison prompts, one after another', half, long);
    // Short prompts for the dialogues, so that neither voice holds most of the talk.
    const turns = [...short].reverse();
    chunk(turns, 4)
      .slice(0, DIALOGUES_PER_HALF)
      .forEach((ps, i) => {
        out.push(
          dialogue(
            `allison-jfk-${half}-${i + 1}`,
            'Allison + JFK, alternating turns',
            half,
            ps.map((p) => p.wav),
            jfkParts,
          ),
        );
      });
    chunk(turns.slice(DIALOGUES_PER_HALF * 4), 4)
      .slice(0, DIALOGUES_PER_HALF)
      .forEach((ps, i) => {
        out.push(
          dialogue(
            `allison-alsa-${half}-${i + 1}`,
            'Allison + ALSA voice, alternating turns',
            half,
            ps.map((p) => p.wav),
            alsaTurns,
          ),
        );
      });
  }
  out.push({
    name: 'jfk-monologue',
    set: 'JFK excerpt',
    kind: 'real',
    voices: 1,
    half: halfOf('jfk-monologue'),
    parts: [{ wav: jfkWav, speaker: 1 }],
  });
  out.push({
    name: 'alsa-monologue',
    set: 'ALSA channel names',
    kind: 'real',
    voices: 1,
    half: halfOf('alsa-monologue'),
    parts: alsa.map((wav) => ({ wav, speaker: 1 })),
  });
  out.push({
    name: 'jfk-alsa',
    set: 'JFK + ALSA voice, alternating turns',
    kind: 'real',
    voices: 2,
    half: halfOf('jfk-alsa'),
    parts: alternate(jfkParts, alsaTurns),
  });
  // Synthetic voices reading Allison's texts (from the item's own half).
  const texts = (half: THalf) =>
    pool(half)
      .filter((p) => words(p) >= 6)
      .map((p) => p.text);
  type TVoice = (text: string, name: string, sentence: number) => string;
  const SYNTH: { name: string; a: TVoice; b?: TVoice }[] = [
    { name: 'espeak en-us', a: (t, n) => espeak('en-us', t, n) },
    // One voice whose level climbs 7 semitones over the talk and whose rate alternates, like the
    // browser tests' talk: one voice, which pitch-aided counting splits (docs/analysis/diarization.md).
    {
      name: 'espeak en-us, pitch stepped per sentence',
      a: (t, n, i) => espeak('en-us', t, n, { rate: i % 2 ? 175 : 140, pitch: 35 + 10 * (i % 5) }),
    },
    { name: 'flite slt', a: (t, n) => flite('slt', t, n) },
    { name: 'espeak en-us + en-us+f3', a: (t, n) => espeak('en-us', t, n), b: (t, n) => espeak('en-us+f3', t, n) },
    { name: 'flite kal + slt', a: (t, n) => flite('kal', t, n), b: (t, n) => flite('slt', t, n) },
    { name: 'espeak en-us+m3 + flite rms', a: (t, n) => espeak('en-us+m3', t, n), b: (t, n) => flite('rms', t, n) },
  ];
  for (const s of SYNTH) {
    const name = `synthetic ${s.name}`;
    const half = halfOf(name);
    const ts = texts(half).slice(0, 8);
    const key = s.name.replace(/[^a-z0-9]+/gi, '-');
    out.push({
      name: key,
      set: name,
      kind: 'synthetic',
      voices: s.b ? 2 : 1,
      half,
      parts: ts.map((t, i) => {
        const voice = s.b && i % 2 === 1 ? s.b : s.a;
        return { wav: voice(t, `dia-${key}-${i}`, i), speaker: s.b && i % 2 === 1 ? 2 : 1 };
      }),
    });
  }
  return out;
}

function joinWavs(wavs: readonly string[], name: string): string {
  const out = join(DIR, `${name}.wav`);
  if (!existsSync(out)) execFileSync('sox', [...wavs, out]);
  return out;
}

/** Time spent diarizing (both calls) and the audio they diarized, for the time per minute of audio. */
const timing = { ms: 0, audioSeconds: 0 };

async function run(item: TItem, variant: TVariant): Promise<TRun> {
  const { samples, truth } = await variantOf(item, variant);
  const prosody = analyzeProsody(samples, RATE);
  const { speech } = prosody.activity;
  const t0 = performance.now();
  const hinted = diarizeByClustering(samples, RATE, speech, 2, prosody.pitch);
  const unhinted = diarizeByClustering(samples, RATE, speech, undefined, prosody.pitch);
  timing.ms += performance.now() - t0;
  timing.audioSeconds += (2 * samples.length) / RATE;
  return {
    item,
    variant,
    hinted,
    unhinted,
    errorHinted: speakerTimeError(truth, hinted),
    errorUnhinted: speakerTimeError(truth, unhinted),
    trueSeparation: item.voices === 2 ? voiceSeparation(samples, RATE, truth, prosody.pitch) : Number.NaN,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const all = items().filter((i) => !only || only.test(i.name));
  const runs: TRun[] = [];
  const variantsOf = (item: TItem): readonly TVariant[] =>
    item.kind === 'synthetic' ? ['clean'] : item.voices === 1 ? [...VARIANTS, ...MONOLOGUE_VARIANTS] : VARIANTS;
  for (const item of all) for (const variant of variantsOf(item)) runs.push(await run(item, variant));
  const verbose = process.env.BENCH_VERBOSE === '1';
  if (verbose)
    for (const r of runs)
      console.log(
        `${r.item.half.padEnd(6)} ${r.item.name.padEnd(28)} ${r.variant.padEnd(11)} truth ${r.item.voices}  hint2 ${r.hinted.numSpeakers} ` +
          `(ΔBIC/frame ${r.hinted.voiceTest?.deltaBicPerFrame.toFixed(3)}, proposed ${r.hinted.voiceTest?.proposed})  none ${r.unhinted.numSpeakers} ` +
          `(ΔBIC/frame ${r.unhinted.voiceTest?.deltaBicPerFrame.toFixed(3)}, proposed ${r.unhinted.voiceTest?.proposed})  err ${pct(r.errorHinted)}` +
          `  true split ${r.trueSeparation.toFixed(3)}`,
      );
  console.log(`\nSpeaker count (conversational algorithm), threshold ${SEVERAL_VOICES_DBIC_PER_FRAME} ΔBIC per frame`);
  console.log(
    '| half | set | voices | variant | items | right, hint 2 | right, no hint | speaker-time error (hint 2) | ΔBIC/frame min-max | true split ΔBIC/frame |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const groups = new Map<string, TRun[]>();
  for (const r of runs) {
    const key = [r.item.half, r.item.set, r.item.voices, r.variant].join('|');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const sorted = [...groups].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, rs] of sorted) {
    const [half, set, voices, variant] = key.split('|');
    const right = (f: (r: TRun) => TDiarization) => rs.filter((r) => f(r).numSpeakers === r.item.voices).length;
    const stat = rs.map((r) => r.hinted.voiceTest?.deltaBicPerFrame ?? Number.NaN);
    console.log(
      `| ${half} | ${set} | ${voices} | ${variant} | ${rs.length} | ${right((r) => r.hinted)}/${rs.length} | ${right((r) => r.unhinted)}/${rs.length} | ` +
        `${pct(rs.reduce((s, r) => s + r.errorHinted, 0) / rs.length)} | ${Math.min(...stat).toFixed(2)}-${Math.max(...stat).toFixed(2)} | ` +
        (rs[0]?.item.voices === 2
          ? `${Math.min(...rs.map((r) => r.trueSeparation)).toFixed(2)}-${Math.max(...rs.map((r) => r.trueSeparation)).toFixed(2)} |`
          : '- |'),
    );
  }
  console.log(
    `Diarization time: ${((timing.ms / 1000) * (60 / Math.max(1e-9, timing.audioSeconds))).toFixed(2)} s per minute of audio ` +
      `(${(timing.audioSeconds / 60).toFixed(1)} min diarized, features included, one core of the loaded machine)`,
  );
  for (const half of ['TUNE', 'REPORT'] as const)
    for (const kind of ['real', 'synthetic'] as const)
      for (const voices of [1, 2] as const) {
        const rs = runs.filter((r) => r.item.half === half && r.item.kind === kind && r.item.voices === voices && isBaseVariant(r.variant));
        if (!rs.length) continue;
        const ok = rs.filter((r) => r.hinted.numSpeakers === voices).length;
        const okNone = rs.filter((r) => r.unhinted.numSpeakers === voices).length;
        console.log(
          `${half} ${kind} ${voices === 1 ? 'monologues' : 'dialogues'}: ${ok}/${rs.length} right with hint 2, ${okNone}/${rs.length} without; ` +
            `speaker-time error ${pct(rs.reduce((s, r) => s + r.errorHinted, 0) / rs.length)} (hint 2)` +
            (kind === 'real' ? `; target: ${rs.length}/${rs.length}` : ''),
        );
      }
  for (const half of ['TUNE', 'REPORT'] as const)
    for (const variant of MONOLOGUE_VARIANTS) {
      const rs = runs.filter((r) => r.item.half === half && r.variant === variant);
      if (!rs.length) continue;
      const ok = rs.filter((r) => r.hinted.numSpeakers === 1).length;
      const okNone = rs.filter((r) => r.unhinted.numSpeakers === 1).length;
      console.log(`${half} real monologues, ${variant}: ${ok}/${rs.length} one voice with hint 2, ${okNone}/${rs.length} without`);
    }
}

const isBaseVariant = (v: TVariant): boolean => (VARIANTS as readonly string[]).includes(v);

// Run when started (not when another bench script imports its items).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
