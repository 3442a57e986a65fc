// Real speech with hesitations inserted, for the filler bench. The recordings are fetched at bench
// time into the temp folder and never committed:
// - the Asterisk prompts read by Allison Smith (CC-BY-SA 3.0), Debian asterisk-core-sounds-en-g722,
//   every prompt of MIN_PROMPT_SECONDS or more (55 prompts) (female);
// - JFK's inaugural excerpt (public domain, see real-speech.ts) (male).
// Each hesitation is cut from the same recording: a vowel nucleus (the loudest voiced 50 ms around
// a syllable peak), stretched with Praat's overlap-add (PSOLA) to 0.3-0.8 s and given one flat
// pitch at the speaker's median; an "um" adds that recording's own nasal murmur (its most
// low-frequency-dominated voiced 50 ms), stretched the same way. The truth is where it went.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav } from '../asr/wav-file.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { computeFillerFeatures } from '../fillers/filler-features.js';
import { quantile } from '../signal/contour.js';
import { analyzeProsody, type TProsody } from '../signal/prosody.js';
import type { TInterval } from '../signal/voice-activity.js';
import { withWhiteNoise } from './noise.js';
import { debianPackage, jfk } from './real-speech.js';
import { RATE, toRate } from './speech-sources.js';

export const HESITATION_DIR = join(tmpdir(), 'rostrum-bench', 'fillers');
const ASTERISK_PACKAGE = 'asterisk-core-sounds-en-g722';
const ASTERISK_DIR = 'usr/share/asterisk/sounds/en_US_f_Allison';
/** Prompts shorter than this hold a word or two, no phrase to hesitate between. */
export const MIN_PROMPT_SECONDS = 5;
/** G.722 is 64 kbit/s: 8 kB per second. */
const G722_BYTES_PER_SECOND = 8000;

export interface TRealRecording {
  name: string;
  /** 'allison', 'jfk', or a synthetic voice. */
  voice: string;
  file: string;
}

export interface TInserted {
  name: string;
  voice: TRealRecording['voice'];
  file: string;
  /** Where the hesitations are, seconds in `file`. */
  truth: (TInterval & { kind: 'uh' | 'um' })[];
  duration: number;
}

/** Seconds of a 16 kHz mono 16-bit WAV with a plain 44-byte header, from its size. */
export function wavSeconds(file: string): number {
  return (statSync(file).size - 44) / 2 / RATE;
}

/** Every Allison prompt of MIN_PROMPT_SECONDS or more, as 16 kHz mono WAV, by name. */
export function allisonPrompts(dir = HESITATION_DIR): TRealRecording[] {
  const root = join(debianPackage(dir, ASTERISK_PACKAGE), ASTERISK_DIR);
  const out: TRealRecording[] = [];
  for (const f of readdirSync(root).sort()) {
    if (!f.endsWith('.g722') || statSync(join(root, f)).size < MIN_PROMPT_SECONDS * G722_BYTES_PER_SECOND) continue;
    const name = f.replace(/\.g722$/, '');
    const wav = join(dir, 'allison', `${name}.wav`);
    mkdirSync(join(dir, 'allison'), { recursive: true });
    if (!existsSync(wav)) execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'g722', '-i', join(root, f), '-ar', '16000', '-ac', '1', wav]);
    out.push({ name: `allison/${name}`, voice: 'allison', file: wav });
  }
  return out;
}

/** JFK's excerpt in two halves cut at its middle pause, so each half of the evaluation has him. */
export async function jfkHalves(dir = HESITATION_DIR): Promise<TRealRecording[]> {
  const whole = jfk(join(dir, 'jfk'), (i, o) => toRate(i, o));
  const a = join(dir, 'jfk', 'jfk-a.wav');
  const b = join(dir, 'jfk', 'jfk-b.wav');
  if (!existsSync(a) || !existsSync(b)) {
    const x = (await decodePcm(whole)).channels[0] as Float32Array;
    const p = analyzeProsody(x, RATE);
    const mid = x.length / RATE / 2;
    const pause = [...p.activity.pauses].sort((u, v) => Math.abs((u.from + u.to) / 2 - mid) - Math.abs((v.from + v.to) / 2 - mid))[0];
    const cut = Math.round(((pause ? (pause.from + pause.to) / 2 : mid) * RATE) as number);
    writeFileSync(a, encodeWav(x.subarray(0, cut), RATE));
    writeFileSync(b, encodeWav(x.subarray(cut), RATE));
  }
  return [
    { name: 'jfk/first-half', voice: 'jfk', file: a },
    { name: 'jfk/second-half', voice: 'jfk', file: b },
  ];
}

const PRAAT_SCRIPT = `form Hesitation
  sentence source
  real vowelFrom
  real vowelTo
  real nasalFrom
  real nasalTo
  real vowelSeconds
  real nasalSeconds
  real f0
  sentence out
endform
snd = Read from file: source$
selectObject: snd
v = Extract part: vowelFrom, vowelTo, "rectangular", 1, "no"
@stretch: vowelSeconds
vl = stretch.id
if nasalTo > nasalFrom
  selectObject: snd
  m = Extract part: nasalFrom, nasalTo, "rectangular", 1, "no"
  @stretch: nasalSeconds
  ml = stretch.id
  selectObject: vl, ml
  joined = Concatenate with overlap: 0.02
else
  selectObject: vl
  joined = Copy: "joined"
endif
selectObject: joined
dur = Get total duration
man = To Manipulation: 0.01, 75, 600
pt = Create PitchTier: "flat", 0, dur
Add point: dur / 2, f0
selectObject: man, pt
Replace pitch tier
selectObject: man
res = Get resynthesis (overlap-add)
Fade in: 0, 0, 0.03, "yes"
Fade out: 0, dur, -0.03, "yes"
Save as WAV file: out$

# Praat lengthens at most 3 times per pass.
procedure stretch: .target
  .id = selected("Sound")
  .d = Get total duration
  while .d < .target - 0.001
    .f = min(3, .target / .d)
    .id = Lengthen (overlap-add): 75, 600, .f
    .d = Get total duration
  endwhile
endproc
`;

/** Deterministic 0-1 numbers from a name, so every run makes the same hesitations. */
function seeded(name: string): () => number {
  let state = createHash('sha1').update(name).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The speaker's material: vowel nuclei (loud, voiced syllable peaks) and the most nasal voiced stretch. */
function material(x: Float32Array, p: TProsody): { vowels: number[]; nasal: TInterval | null; f0: number } {
  const voicedAt = (t: number): boolean => (p.pitch.values[Math.round(t / p.pitch.step)] ?? 0) > 0;
  const voicedAround = (t: number): boolean => voicedAt(t - 0.03) && voicedAt(t) && voicedAt(t + 0.03);
  const loud = quantile(
    p.nuclei.map((n) => n.intensity),
    0.5,
  );
  const vowels = p.nuclei.filter((n) => n.intensity >= loud && voicedAround(n.time)).map((n) => n.time);
  const f = computeFillerFeatures(x, RATE);
  let best: TInterval | null = null;
  let bestRatio = -Infinity;
  const w = 5;
  for (let i = 0; i + w < f.lowRatio.length; i++) {
    let ok = true;
    let sum = 0;
    for (let j = i; j < i + w; j++) {
      if (!((p.pitch.values[j] ?? 0) > 0) || (p.intensity.values[j] ?? -99) < p.activity.threshold) ok = false;
      sum += f.lowRatio[j] as number;
    }
    if (ok && sum / w > bestRatio) {
      bestRatio = sum / w;
      best = { from: i * f.step, to: (i + w) * f.step };
    }
  }
  const voiced = Array.from(p.pitch.values).filter((v) => v > 0);
  return { vowels, nasal: best, f0: quantile(voiced, 0.5) };
}

/** Where to put hesitations: inside pauses (between phrases) and just before a run of speech starts (before a word). */
function insertionPoints(p: TProsody, rand: () => number, count: number): number[] {
  const speech = p.activity.speech;
  const options: number[] = [];
  for (const q of p.activity.pauses) options.push((q.from + q.to) / 2);
  // Right before a phrase's first word: 30 ms ahead of its onset.
  for (const s of speech) if (s.from > 0.1) options.push(s.from - 0.03);
  if (speech[0] && options.length === 0) options.push(Math.max(0.02, speech[0].from - 0.03));
  const picked: number[] = [];
  for (let i = options.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [options[i], options[j]] = [options[j] as number, options[i] as number];
  }
  for (const t of options) {
    if (picked.length >= count) break;
    if (picked.every((u) => Math.abs(u - t) > 1.2)) picked.push(t);
  }
  return picked.sort((a, b) => a - b);
}

/**
 * The recording with one to three of its speaker's own hesitations inserted (about one per 4 s),
 * at a tempo (sox WSOLA, pitch kept) and optionally with white noise, and where they are.
 */
export async function insertHesitations(
  rec: TRealRecording,
  variant: { tempo: number; snr: number | null },
  dir = HESITATION_DIR,
): Promise<TInserted> {
  const out = join(dir, 'inserted', `${rec.name.replace('/', '-')}-t${variant.tempo}-n${variant.snr ?? 'clean'}.wav`);
  const truthFile = `${out}.json`;
  mkdirSync(join(dir, 'inserted'), { recursive: true });
  if (existsSync(out) && existsSync(truthFile)) {
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as TInserted['truth'];
    return { name: rec.name, voice: rec.voice, file: out, truth, duration: wavSeconds(out) };
  }
  const x = (await decodePcm(rec.file)).channels[0] as Float32Array;
  const p = analyzeProsody(x, RATE);
  const rand = seeded(rec.name);
  const { vowels, nasal, f0 } = material(x, p);
  const count = Math.max(1, Math.min(3, Math.round(x.length / RATE / 4)));
  const points = insertionPoints(p, rand, count);
  const script = join(dir, 'hesitation.praat');
  writeFileSync(script, PRAAT_SCRIPT);
  const parts: Float32Array[] = [];
  const truth: TInserted['truth'] = [];
  let cursor = 0;
  let shift = 0;
  for (const [k, t] of points.entries()) {
    const vowel = vowels[Math.floor(rand() * vowels.length)] ?? p.duration / 2;
    const um = nasal !== null && k % 2 === 1;
    const vowelSeconds = 0.3 + rand() * (um ? 0.3 : 0.5);
    const nasalSeconds = um ? 0.15 + rand() * 0.1 : 0;
    const piece = join(dir, 'inserted', `piece-${process.pid}.wav`);
    execFileSync('praat', [
      '--run',
      script,
      rec.file,
      String(vowel - 0.025),
      String(vowel + 0.025),
      String(um ? nasal!.from : 0),
      String(um ? nasal!.to : 0),
      String(vowelSeconds),
      String(nasalSeconds),
      String(Math.round(f0 * (0.92 + rand() * 0.08))),
      piece,
    ]);
    // Hesitations are a little softer than the words around them.
    const h = ((await decodePcm(piece)).channels[0] as Float32Array).map((v) => v * 0.8);
    const at = Math.round(t * RATE);
    parts.push(x.subarray(cursor, at), h);
    cursor = at;
    const from = t + shift;
    truth.push({ from, to: from + h.length / RATE, kind: um ? 'um' : 'uh' });
    shift += h.length / RATE;
  }
  parts.push(x.subarray(cursor));
  const joined = new Float32Array(parts.reduce((s, q) => s + q.length, 0));
  let o = 0;
  for (const q of parts) {
    joined.set(q, o);
    o += q.length;
  }
  const base = `${out}.base.wav`;
  writeFileSync(base, encodeWav(joined, RATE));
  await finish(base, out, variant);
  const scaled = truth.map((s) => ({ from: s.from / variant.tempo, to: s.to / variant.tempo, kind: s.kind }));
  writeFileSync(truthFile, JSON.stringify(scaled));
  return { name: rec.name, voice: rec.voice, file: out, truth: scaled, duration: joined.length / RATE / variant.tempo };
}

/** The fluent original at the variant's tempo and noise (no hesitation), for false fillers per minute. */
export async function fluentVariant(
  rec: TRealRecording,
  variant: { tempo: number; snr: number | null },
  dir = HESITATION_DIR,
): Promise<string> {
  const out = join(dir, 'fluent', `${rec.name.replace('/', '-')}-t${variant.tempo}-n${variant.snr ?? 'clean'}.wav`);
  mkdirSync(join(dir, 'fluent'), { recursive: true });
  if (!existsSync(out)) await finish(rec.file, out, variant);
  return out;
}

async function finish(input: string, out: string, variant: { tempo: number; snr: number | null }): Promise<void> {
  const timed = variant.tempo === 1 ? input : `${out}.tempo.wav`;
  if (variant.tempo !== 1) execFileSync('sox', ['-D', input, timed, 'tempo', '-s', String(variant.tempo)]);
  if (variant.snr === null) {
    if (timed !== out) execFileSync('cp', [timed, out]);
    return;
  }
  writeFileSync(out, encodeWav(withWhiteNoise((await decodePcm(timed)).channels[0] as Float32Array, variant.snr), RATE));
}
