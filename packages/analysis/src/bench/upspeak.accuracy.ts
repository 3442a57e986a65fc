// `npm run bench -w @rostrum/analysis` (upspeak and questions part): upspeak on real read statements
// and on the same statements with a final rise imposed by Praat (PSOLA: pitch changed, timing
// not), at 0.8x / 1x / 1.25x tempo and with light noise; questions told apart and never counted as
// upspeak. The rise is imposed two ways (upspeak-speech.ts, TRiseShape): scaling the voice's own
// contour (a final fall made smaller) and replacing the end's contour (an end that rises by that
// much). Real voices: Allison Smith's and Carlo's Asterisk prompts (female English, male Italian;
// TUNE and REPORT-only halves by a hash of the prompt name, see upspeak-speech.ts) and JFK's
// inaugural excerpt (male, report-only: too few phrases to split). espeak-ng and flite rows are
// synthetic extras, not the truth. `--features` prints each measured end of the TUNE halves (what
// the thresholds were chosen on).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TWord } from '../asr/transcriber.js';
import { encodeWav } from '../asr/wav-file.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { finalMovement, speakerRange } from '../metrics/final-rise.js';
import { detectQuestions } from '../metrics/questions.js';
import { trackFor } from '../metrics/speech-track.js';
import { measureUpspeak, type TPhraseEnd } from '../metrics/upspeak.metric.js';
import { analyzeProsody } from '../signal/prosody.js';
import type { TInterval } from '../signal/voice-activity.js';
import { jfk } from './real-speech.js';
import { espeak, flite, RATE, toRate } from './speech-sources.js';
import { allisonPrompts, carloStatements, type TPrompt, type TRiseShape, withFinalRise, withNoise } from './upspeak-speech.js';
import { halfOf } from './halves.js';

const DIR = join(tmpdir(), 'rostrum-bench', 'upspeak');
const STATEMENTS_MAX = 90;
/** Prompts per talk: a speaker's range is measured over a talk, as in a real recording. */
const PER_TALK = 6;
const GAP_SECONDS = 0.7;
/** The imposed rise spans the last 0.4 s of the final voiced stretch. */
const RISE_SECONDS = 0.4;
const SHOW_FEATURES = process.argv.includes('--features');
const NO_FEATURES: string[] = [];

interface TVariant {
  label: string;
  rise: number | null;
  tempo: number;
  noise: boolean;
  shape: TRiseShape;
}
/** The grid every voice is measured on: fluent and three imposed rises, at three tempos. */
const RISES: (number | null)[] = [null, 3, 4.5, 6];
const TEMPOS = [0.8, 1, 1.25];
const riseLabel = (rise: number | null): string => (rise === null ? 'fluent' : `+${rise} st`);
const variantLabel = (rise: number | null, tempo: number): string =>
  rise === null ? `fluent ${tempo}x` : `rise +${rise} st${tempo === 1 ? '' : ` ${tempo}x`}`;
const GRID: TVariant[] = TEMPOS.flatMap((tempo) =>
  RISES.map((rise) => ({ label: variantLabel(rise, tempo), rise, tempo, noise: false, shape: 'scaled' as const })),
);
/** The same rises with the end's contour replaced by the ramp (upspeak-speech.ts, TRiseShape). */
const REPLACED: TVariant[] = TEMPOS.flatMap((tempo) =>
  RISES.filter((rise) => rise !== null).map((rise) => ({
    label: `${variantLabel(rise, tempo)}, contour replaced`,
    rise,
    tempo,
    noise: false,
    shape: 'replaced' as const,
  })),
);
/** Controls: Praat's resynthesis with no change (its own artefacts), and light noise. */
const CONTROLS: TVariant[] = [
  { label: 'fluent, resynthesised (0 st)', rise: 0, tempo: 1, noise: false, shape: 'scaled' },
  { label: 'fluent + noise 20 dB', rise: null, tempo: 1, noise: true, shape: 'scaled' },
  { label: 'rise +4.5 st + noise 20 dB', rise: 4.5, tempo: 1, noise: true, shape: 'scaled' },
  { label: 'rise +4.5 st, contour replaced + noise 20 dB', rise: 4.5, tempo: 1, noise: true, shape: 'replaced' },
];
const ALL_VARIANTS = [...GRID, ...REPLACED, ...CONTROLS];
/** BENCH_UPSPEAK_VARIANTS="fluent 1x,rise +4.5 st" runs only those rows (exact labels); default all. */
const ONLY = process.env.BENCH_UPSPEAK_VARIANTS?.split(',').map((s) => s.trim());
const VARIANTS = ONLY ? ALL_VARIANTS.filter((v) => ONLY.includes(v.label)) : ALL_VARIANTS;
const SKIP_QUESTIONS = process.env.BENCH_UPSPEAK_QUESTIONS === '0';

async function variantFile(file: string, v: TVariant, ends: readonly number[] = []): Promise<string> {
  let f = v.rise === null ? file : withFinalRise(file, DIR, v.rise, RISE_SECONDS, ends, v.shape);
  if (v.tempo !== 1) f = toRate(f, f.replace(/\.wav$/, `-t${v.tempo}.wav`), v.tempo);
  if (v.noise) f = await withNoise(f, 20);
  return f;
}

interface TTalk {
  file: string;
  /** Each prompt's stretch of the talk. */
  slots: TInterval[];
}

/** Files one after another with GAP_SECONDS of silence between them. */
async function concatenate(name: string, files: readonly string[]): Promise<TTalk> {
  const parts = await Promise.all(files.map(async (f) => (await decodePcm(f)).channels[0] as Float32Array));
  const gap = Math.round(GAP_SECONDS * RATE);
  const x = new Float32Array(parts.reduce((s, p) => s + p.length + gap, gap));
  const slots: TInterval[] = [];
  let at = gap;
  for (const p of parts) {
    x.set(p, at);
    slots.push({ from: at / RATE, to: (at + p.length) / RATE });
    at += p.length + gap;
  }
  mkdirSync(join(DIR, 'talks'), { recursive: true });
  const file = join(DIR, 'talks', `${name}.wav`);
  if (!existsSync(file)) writeFileSync(file, encodeWav(x, RATE));
  return { file, slots };
}

/** The text's words spread over the speech in `slot` by length, as a recogniser would time them. */
function wordsIn(text: string, speech: readonly TInterval[], slot: TInterval): TWord[] {
  const runs = speech.filter((s) => s.to > slot.from && s.from < slot.to);
  const from = runs[0]?.from ?? slot.from;
  const to = runs[runs.length - 1]?.to ?? slot.to;
  const tokens = text.split(/\s+/).filter(Boolean);
  const total = tokens.reduce((s, t) => s + t.length + 1, 0);
  let at = from;
  return tokens.map((t) => {
    const d = ((to - from) * (t.length + 1)) / total;
    const w = { text: t.toLowerCase().replace(/[^a-z'?]/g, ''), start: at, end: at + d, confidence: 1, isFiller: false };
    at += d;
    return w;
  });
}

interface TCount {
  ends: number;
  rising: number;
  unmeasured: number;
}
const pct = (c: TCount): string => (c.ends ? `${((100 * c.rising) / c.ends).toFixed(0)} % of ${c.ends}` : '-');

/** Upspeak on each prompt's final statement end, talk by talk. */
async function measurePrompts(set: string, prompts: readonly TPrompt[], v: TVariant, features: string[], voice = ''): Promise<TCount> {
  const count: TCount = { ends: 0, rising: 0, unmeasured: 0 };
  for (let k = 0; k < prompts.length; k += PER_TALK) {
    const group = prompts.slice(k, k + PER_TALK);
    const files = await Promise.all(group.map((p) => variantFile(p.file, v)));
    const talk = await concatenate(`${set}-${k}-${v.label.replace(/[^a-z0-9.+]+/gi, '_')}`, files);
    const p = analyzeProsody((await decodePcm(talk.file)).channels[0] as Float32Array, RATE);
    const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
    for (const [i, slot] of talk.slots.entries()) {
      const end = [...u.phraseEnds].reverse().find((e) => e.phrase.to > slot.from && e.phrase.to <= slot.to + 0.3);
      if (!end) {
        count.unmeasured++;
        continue;
      }
      count.ends++;
      if (end.rising) count.rising++;
      if (SHOW_FEATURES && features !== NO_FEATURES) features.push(describe(`${voice} ${v.label} ${group[i]?.name}`, end));
    }
  }
  return count;
}

const describe = (name: string, e: TPhraseEnd): string =>
  `${name}\trise ${e.rise}\tposition ${e.position}\tfall ${e.fall}\tdropAfter ${e.dropAfter}\theight ${e.height}\taboveBaseline ${e.aboveBaseline}\taboveLow ${e.aboveLow}\t${e.rising ? 'RISING' : ''}`;

/** Upspeak over every statement end of one file (JFK), the rise imposed at each of them. */
async function measureWhole(file: string, v: TVariant, ends: readonly number[]): Promise<TCount> {
  const f = await variantFile(file, v, ends);
  const p = analyzeProsody((await decodePcm(f)).channels[0] as Float32Array, RATE);
  const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
  return { ends: u.phraseEnds.length, rising: u.phraseEnds.filter((e) => e.rising).length, unmeasured: 0 };
}

/** The last voiced frame of each statement end of `file` (where the rise is imposed). */
async function statementEndTimes(file: string): Promise<number[]> {
  const p = analyzeProsody((await decodePcm(file)).channels[0] as Float32Array, RATE);
  const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
  return u.phraseEnds.map((e) => {
    let last = e.phrase.to;
    for (let i = Math.floor(e.phrase.to / p.pitch.step); i * p.pitch.step > e.phrase.from; i--)
      if ((p.pitch.values[i] ?? 0) > 0) {
        last = p.pitch.start + i * p.pitch.step;
        break;
      }
    return last;
  });
}

interface TQuestionCount {
  n: number;
  found: number;
  asUpspeak: number;
}

/** Questions (with their words, "?" on the last as Whisper writes it): found as questions, counted as upspeak. */
async function measureQuestions(set: string, prompts: readonly TPrompt[], v: TVariant): Promise<TQuestionCount> {
  const c: TQuestionCount = { n: 0, found: 0, asUpspeak: 0 };
  for (let k = 0; k < prompts.length; k += PER_TALK) {
    const group = prompts.slice(k, k + PER_TALK);
    const files = await Promise.all(group.map((p) => variantFile(p.file, v)));
    const talk = await concatenate(`q-${set}-${k}-${v.label.replace(/[^a-z0-9.+]+/gi, '_')}`, files);
    const p = analyzeProsody((await decodePcm(talk.file)).channels[0] as Float32Array, RATE);
    const text = (q: TPrompt): string => (q.text.endsWith('?') ? q.text : `${q.text.replace(/\.$/, '')}?`);
    const words = group.flatMap((q, i) => wordsIn(text(q), p.activity.speech, talk.slots[i] as TInterval));
    const track = trackFor(p, p.activity.speech, words, false);
    const u = measureUpspeak(track);
    const questions = detectQuestions(p.activity.speech, words, p.pitch, p.intensity);
    for (const slot of talk.slots) {
      c.n++;
      if (questions.some((q) => q.to > slot.from && q.to <= slot.to + 0.3)) c.found++;
      if (u.hotSpots.some((h) => h.to > slot.from && h.to <= slot.to + 0.3)) c.asUpspeak++;
    }
  }
  return c;
}

const SYNTHETIC = [
  'Good morning everyone, and thank you for coming.',
  'Today I want to talk about how small habits shape our work.',
  'When we practise a little every day, we improve faster than we expect.',
  'Some people start with their mornings.',
  'Others start with how they listen to colleagues.',
  'Write it down and check your progress every week.',
];

/** One set of prompts of a voice (a half), or a whole recording scored at every statement end (JFK). */
interface TSet {
  voice: string;
  half: string;
  /** Target rows are judged on REPORT halves and report-only recordings of real voices. */
  judged: boolean;
  prompts?: TPrompt[];
  whole?: { file: string; ends: number[] };
}

const VOICES = process.env.BENCH_UPSPEAK_VOICES?.split(',').map((s) => s.trim().toLowerCase());
const HALVES = process.env.BENCH_UPSPEAK_HALVES?.split(',').map((s) => s.trim().toLowerCase());

async function measureSet(set: TSet, v: TVariant, features: string[]): Promise<TCount> {
  if (set.whole) return measureWhole(set.whole.file, v, set.whole.ends);
  const key = `${set.voice}-${set.half}`.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return measurePrompts(key, set.prompts ?? [], v, set.half === 'TUNE' ? features : NO_FEATURES, set.voice);
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const { statements, questions } = allisonPrompts(DIR, STATEMENTS_MAX);
  const carlo = carloStatements(DIR, STATEMENTS_MAX);
  const jfkFile = jfk(DIR, toRate);
  const jfkEnds = await statementEndTimes(jfkFile);
  const halves = (voice: string, prompts: TPrompt[]): TSet[] => [
    { voice, half: 'TUNE', judged: false, prompts: prompts.filter((p) => p.half === 'tune') },
    { voice, half: 'REPORT', judged: true, prompts: prompts.filter((p) => p.half === 'report') },
  ];
  const synthetic = (voice: string, make: (t: string, i: number) => string): TSet => ({
    voice,
    half: 'all',
    judged: false,
    prompts: SYNTHETIC.map((t, i) => ({ name: `${voice}-${i}`, text: t, file: make(t, i), half: halfOf(t) })),
  });
  const sets: TSet[] = [
    ...halves('Allison', statements),
    ...halves('Carlo', carlo),
    { voice: 'JFK', half: 'report only', judged: true, whole: { file: jfkFile, ends: jfkEnds } },
    synthetic('espeak-ng en-us (synthetic)', (t, i) => espeak('en-us', t, `up-es-${i}`)),
    synthetic('flite slt (synthetic)', (t, i) => flite('slt', t, `up-fs-${i}`)),
    synthetic('flite rms (synthetic)', (t, i) => flite('rms', t, `up-fr-${i}`)),
  ].filter(
    (s) => (!VOICES || VOICES.some((v) => s.voice.toLowerCase().startsWith(v))) && (!HALVES || HALVES.includes(s.half.toLowerCase())),
  );
  const size = (s: TSet): string => (s.whole ? `${s.whole.ends.length} statement ends` : `${s.prompts?.length} prompts`);

  const features: string[] = [];
  const results = new Map<string, TCount>();
  const at = (s: TSet, v: TVariant): TCount | undefined => results.get(`${s.voice}|${s.half}|${v.label}`);
  for (const v of VARIANTS) for (const s of sets) results.set(`${s.voice}|${s.half}|${v.label}`, await measureSet(s, v, features));

  const table = (title: string, shape: TRiseShape): void => {
    const of = (rise: number | null, tempo: number): TVariant | undefined =>
      (rise === null || shape === 'scaled' ? GRID : REPLACED).find((g) => g.rise === rise && g.tempo === tempo);
    console.log(`\n${title}`);
    console.log(`| voice | half | tempo | ${RISES.map(riseLabel).join(' | ')} |`);
    console.log(`|---|---|---|${RISES.map(() => '---|').join('')}`);
    for (const s of sets)
      for (const tempo of TEMPOS) {
        const cells = RISES.map((rise) => of(rise, tempo)).map((v) => (v ? at(s, v) : undefined));
        if (cells.every((c) => !c)) continue;
        const unmeasured = cells.reduce((n, c) => n + (c?.unmeasured ?? 0), 0);
        console.log(
          `| ${s.voice} | ${s.half} (${size(s)}) | ${tempo}x | ${cells.map((c) => (c ? pct(c) : '')).join(' | ')} |${unmeasured ? ` unmeasured ${unmeasured}` : ''}`,
        );
      }
  };
  const head = `Upspeak (% of statement ends rising), ${RISE_SECONDS} s final rise imposed by Praat PSOLA, tempo by sox`;
  table(`${head}; the voice's contour scaled by the rise (a fall made smaller)`, 'scaled');
  table(`${head}; the end's contour replaced by the rise (an end that rises by that much)`, 'replaced');
  const controls = CONTROLS.filter((v) => VARIANTS.includes(v));
  if (controls.length) {
    console.log(`\n| control | ${sets.map((s) => `${s.voice} ${s.half}`).join(' | ')} |`);
    console.log(`|---|${sets.map(() => '---|').join('')}`);
    for (const v of controls) console.log(`| ${v.label} | ${sets.map((s) => pct(at(s, v) as TCount)).join(' | ')} |`);
  }

  // Targets: per real voice, on its REPORT half (JFK: the one report-only recording).
  const targets: [string, boolean][] = [];
  const share = (c: TCount): number => (c.ends ? c.rising / c.ends : Number.NaN);
  // A voice passes for a shape when its fluent rows and that shape's rises of 4.5 st or more all do.
  const voicePasses = new Map<string, Record<TRiseShape, boolean>>();
  for (const s of sets.filter((x) => x.judged))
    for (const v of VARIANTS) {
      const c = at(s, v) as TCount;
      let row: [string, boolean] | null = null;
      const fluent = v.rise === null || v.rise === 0;
      if (fluent) row = [`${s.voice} ${s.half} ${v.label}: upspeak <= 10 %`, share(c) <= 0.1];
      else if (v.rise !== null && v.rise >= 4.5) row = [`${s.voice} ${s.half} ${v.label}: upspeak >= 60 %`, share(c) >= 0.6];
      if (!row) continue;
      targets.push(row);
      const pass = voicePasses.get(s.voice) ?? { scaled: true, replaced: true };
      for (const shape of ['scaled', 'replaced'] as const) if (fluent || v.shape === shape) pass[shape] &&= row[1];
      voicePasses.set(s.voice, pass);
    }

  if (!SKIP_QUESTIONS) {
    console.log(
      '\nQuestions (words given as the text, "?" on the last word as Whisper writes it; found as questions / counted as upspeak)',
    );
    console.log('| set | n | found as questions | counted as upspeak |');
    console.log('|---|---|---|---|');
    const fluent = GRID.find((g) => g.label === 'fluent 1x') as TVariant;
    const rise = (r: number): TVariant => GRID.find((g) => g.rise === r && g.tempo === 1) as TVariant;
    const report = (ps: TPrompt[]): TPrompt[] => ps.filter((p) => p.half === 'report');
    const rows: [string, TPrompt[], TVariant][] = [
      ['Allison real questions (as read)', questions, fluent],
      ['Allison TUNE statements + 6 st rise, "?"', statements.filter((p) => p.half === 'tune'), rise(6)],
      ['Allison REPORT statements + 6 st rise, "?"', report(statements), rise(6)],
      ['Allison REPORT statements + 4.5 st rise, "?"', report(statements), rise(4.5)],
      ['Allison REPORT statements as read, "?" (no rise: not a question)', report(statements), fluent],
      ['Carlo REPORT statements + 6 st rise, "?"', report(carlo), rise(6)],
      ['Carlo REPORT statements + 4.5 st rise, "?"', report(carlo), rise(4.5)],
      ['Carlo REPORT statements as read, "?" (no rise: not a question)', report(carlo), fluent],
    ];
    for (const [name, set, v] of rows) {
      const c = await measureQuestions(name.replace(/[^a-z0-9]+/gi, '_'), set, v);
      console.log(`| ${name} | ${c.n} | ${c.found} | ${c.asUpspeak} |`);
      targets.push([`${name}: never counted as upspeak`, c.asUpspeak === 0]);
    }
  }
  // The speaker's range the rise is judged against, for the record.
  const p = analyzeProsody((await decodePcm(jfkFile)).channels[0] as Float32Array, RATE);
  const range = speakerRange(p.pitch, p.activity.speech);
  const last = p.activity.speech[p.activity.speech.length - 1];
  const m = last ? finalMovement(p.pitch, p.intensity, [last], range) : null;
  console.log(
    `\nJFK range ${range.low.toFixed(1)}-${range.high.toFixed(1)} st re 100 Hz; last end rise ${m?.rise.toFixed(2)} st, position ${m?.position.toFixed(2)}`,
  );
  if (SHOW_FEATURES) console.log(`\nTUNE ends\n${features.join('\n')}`);
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  console.log('');
  for (const shape of ['scaled', 'replaced'] as const) {
    for (const [voice, ok] of voicePasses)
      console.log(`${ok[shape] ? 'PASS' : 'FAIL'}  voice ${voice}: fluent <= 10 % and +4.5 st (${shape}) >= 60 % at every tempo`);
    const real = [...voicePasses].filter(([, ok]) => ok[shape]).map(([v]) => v);
    console.log(
      `${real.length >= 2 ? 'PASS' : 'FAIL'}  at least two real voices meet the target, rises ${shape} (${real.join(', ') || 'none'})`,
    );
  }
}

await main();
