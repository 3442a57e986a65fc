// `npm run bench -w @rostrum/analysis` (second part): syllable counts against dictionary truth at
// 0.8x, 1x and 1.25x tempo, the pace ratio across tempos, and upspeak on read statements and on a
// question-heavy talk. Real speech: the public-domain JFK inaugural excerpt shipped inside the
// nodejs-whisper npm package (fetched once into the temp folder with `npm pack`); generated speech:
// flite's four voices and espeak-ng. Praat's own numbers are printed beside ours for reference.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePcm } from '../decode/decode-pcm.js';
import { encodeWav } from '../asr/wav-file.js';
import { DICTIONARY_FILE } from '../asr/keyword-spotting.js';
import { analyzeProsody } from '../signal/prosody.js';
import { measureUpspeak } from '../metrics/upspeak.metric.js';
import { totalDuration } from '../signal/voice-activity.js';

const DIR = join(tmpdir(), 'rostrum-bench', 'scores');
const RATE = 16_000;
const TEMPOS = [0.8, 1, 1.25] as const;
const JFK_TEXT = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
const JFK_PACKAGE = 'nodejs-whisper@0.3.1';
const JFK_PATH = 'package/cpp/whisper.cpp/bindings/go/samples/jfk.wav';
const STATEMENTS = [
  'Good morning everyone, and thank you for coming.',
  'Today I want to talk about how small habits shape our work.',
  'When we practise a little every day, we improve faster than we expect.',
  'Some people start with their mornings.',
  'Others start with how they listen to colleagues.',
  'Whatever you choose, write it down, share it with a friend, and check your progress every week.',
];
const QUESTIONS = [
  'Are you ready to begin?',
  'Do you practise every day?',
  'This is the plan for the week.',
  'Is this the right room?',
  'Can you hear me at the back?',
  'Have you tried it before?',
];

let dictionary: Map<string, number> | undefined;
/** Syllables of a text from the CMU dictionary: one per vowel phone (the first pronunciation). */
export function dictionarySyllables(text: string): number {
  if (!dictionary) {
    dictionary = new Map();
    for (const line of readFileSync(DICTIONARY_FILE, 'utf8').split('\n')) {
      const [word, ...phones] = line.trim().split(/\s+/);
      if (!word || word.includes('(')) continue;
      dictionary.set(word, phones.filter((p) => /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)/.test(p)).length);
    }
  }
  let n = 0;
  for (const w of text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)) {
    const c = dictionary.get(w);
    if (c === undefined) throw new Error(`"${w}" is not in the dictionary`);
    n += c;
  }
  return n;
}

function toRate(input: string, output: string, tempo = 1): string {
  if (!existsSync(output))
    execFileSync('sox', [
      '-D',
      input,
      '-r',
      String(RATE),
      '-c',
      '1',
      '-b',
      '16',
      output,
      ...(tempo === 1 ? [] : ['tempo', '-s', String(tempo)]),
    ]);
  return output;
}

function jfk(): string {
  const wav = join(DIR, 'jfk.wav');
  if (existsSync(wav)) return wav;
  execFileSync('npm', ['pack', JFK_PACKAGE, '--silent', '--pack-destination', DIR], { cwd: DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = join(DIR, `${JFK_PACKAGE.replace('@', '-')}.tgz`);
  execFileSync('tar', ['-xzf', tgz, '-C', DIR, JFK_PATH]);
  return toRate(join(DIR, JFK_PATH), wav);
}

function flite(voice: string, text: string, name: string): string {
  const raw = join(DIR, `${name}.raw.wav`);
  if (!existsSync(raw)) execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  return toRate(raw, join(DIR, `${name}.wav`));
}

function espeak(voice: string, text: string, name: string): string {
  const raw = join(DIR, `${name}.raw.wav`);
  if (!existsSync(raw)) execFileSync('espeak-ng', ['-v', voice, '-s', '160', '-w', raw, text]);
  return toRate(raw, join(DIR, `${name}.wav`));
}

/** Sentences read one by one with 0.7 s between them, as a speaker reading aloud pauses. */
async function talk(name: string, files: string[]): Promise<string> {
  const out = join(DIR, `${name}.wav`);
  if (existsSync(out)) return out;
  const parts = await Promise.all(files.map(async (f) => (await decodePcm(f)).channels[0] as Float32Array));
  const gap = Math.round(0.7 * RATE);
  const total = parts.reduce((s, p) => s + p.length + gap, gap);
  const x = new Float32Array(total);
  let at = gap;
  for (const p of parts) {
    x.set(p, at);
    at += p.length + gap;
  }
  writeFileSync(out, encodeWav(x, RATE));
  return out;
}

/** De Jong & Wempe's published Praat procedure, written out from the paper, for reference. */
function praatSyllables(file: string): string {
  const script = join(DIR, 'nuclei.praat');
  writeFileSync(
    script,
    [
      'form Nuclei',
      '  sentence file',
      'endform',
      's = Read from file: file$',
      'i = To Intensity: 50, 0, "yes"',
      'max99 = Get quantile: 0, 0, 0.99',
      'median = Get quantile: 0, 0, 0.5',
      'threshold = max(median, max99 - 25)',
      'selectObject: s',
      'p = To Pitch (ac): 0.02, 30, 4, "no", 0.03, 0.25, 0.01, 0.35, 0.25, 450',
      'selectObject: i',
      'm = Down to Matrix',
      'snd = To Sound (slice): 1',
      'pp = To PointProcess (extrema): 1, "yes", "no", "Sinc70"',
      'n = Get number of points',
      'count = 0',
      'lastt = -1',
      'for k to n',
      '  selectObject: pp',
      '  t = Get time from index: k',
      '  selectObject: i',
      '  v = Get value at time: t, "Cubic"',
      '  if v > threshold',
      '    ok = 1',
      '    if lastt >= 0',
      '      dip = Get minimum: lastt, t, "None"',
      '      lastv = Get value at time: lastt, "Cubic"',
      '      if lastv - dip < 2 or v - dip < 2',
      '        ok = 0',
      '      endif',
      '    endif',
      '    if ok',
      '      selectObject: p',
      '      f = Get value at time: t, "Hertz", "Linear"',
      '      if f <> undefined',
      '        count = count + 1',
      '      endif',
      '      lastt = t',
      '    endif',
      '  endif',
      'endfor',
      'writeInfoLine: count',
      '',
    ].join('\n'),
  );
  try {
    return String(Number(execFileSync('praat', ['--run', script, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()));
  } catch (e) {
    return `- (${(e as Error).message.split('\n')[0]})`;
  }
}

async function prosodyOf(file: string): Promise<ReturnType<typeof analyzeProsody>> {
  return analyzeProsody((await decodePcm(file)).channels[0] as Float32Array, RATE);
}

async function upspeakOf(file: string): Promise<{ upspeak: number; ends: number }> {
  const p = await prosodyOf(file);
  const u = measureUpspeak({
    duration: p.duration,
    pitch: p.pitch,
    intensity: p.intensity,
    nuclei: p.nuclei,
    speech: p.activity.speech,
    pauses: p.activity.pauses,
    words: [],
  });
  return { upspeak: u.upspeak, ends: u.phraseEnds.length };
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const fullText = STATEMENTS.join(' ');
  const sources: [string, string, string][] = [['jfk (real)', jfk(), JFK_TEXT]];
  for (const v of ['slt', 'rms', 'awb', 'kal16']) sources.push([`flite ${v}`, flite(v, fullText, `flite-${v}`), fullText]);
  sources.push(['espeak en-us', espeak('en-us', fullText, 'espeak-en-us'), fullText]);

  console.log('Syllables (ours / dictionary truth, % of truth) and pace ratio across tempos');
  console.log('| file | truth | 0.8x | 1x | 1.25x | Praat 1x | pace 1.25x / 0.8x (ideal 1.56) |');
  console.log('|---|---|---|---|---|---|---|');
  const targets: [string, boolean][] = [];
  for (const [name, file, text] of sources) {
    const truth = dictionarySyllables(text);
    const cells: string[] = [];
    const paces: number[] = [];
    for (const tempo of TEMPOS) {
      const f = tempo === 1 ? file : toRate(file, file.replace(/\.wav$/, `-t${tempo}.wav`), tempo);
      const p = await prosodyOf(f);
      const n = p.nuclei.length;
      paces.push(n / totalDuration(p.activity.speech));
      cells.push(`${n} (${((100 * n) / truth).toFixed(0)} %)`);
      if (name.includes('real')) targets.push([`${name} ${tempo}x within 5 % of truth`, Math.abs(n - truth) / truth <= 0.05]);
    }
    const ratio = (paces[2] as number) / (paces[0] as number);
    if (name.includes('real')) targets.push([`${name} pace follows tempo within 5 %`, Math.abs(ratio / 1.5625 - 1) <= 0.05]);
    console.log(`| ${name} | ${truth} | ${cells.join(' | ')} | ${praatSyllables(file)} | ${ratio.toFixed(2)} |`);
  }

  console.log('\nUpspeak (% of statement ends rising; statement end = a pause of 0.5 s or more)');
  console.log('| talk | 0.8x | 1x | 1.25x |');
  console.log('|---|---|---|---|');
  const talks: [string, string, boolean][] = [['jfk (real)', jfk(), false]];
  for (const v of ['slt', 'rms', 'awb', 'kal16'])
    talks.push([
      `flite ${v} statements`,
      await talk(
        `st-flite-${v}`,
        STATEMENTS.map((s, i) => flite(v, s, `st-${v}-${i}`)),
      ),
      false,
    ]);
  for (const v of ['en-us', 'en-gb'])
    talks.push([
      `espeak ${v} statements`,
      await talk(
        `st-espeak-${v}`,
        STATEMENTS.map((s, i) => espeak(v, s, `st-${v}-${i}`)),
      ),
      false,
    ]);
  talks.push([
    'espeak en-us questions (5 of 6)',
    await talk(
      'questions-en-us',
      QUESTIONS.map((s, i) => espeak('en-us', s, `q-en-us-${i}`)),
    ),
    true,
  ]);
  for (const [name, file, questions] of talks) {
    const cells: string[] = [];
    for (const tempo of TEMPOS) {
      const f = tempo === 1 ? file : toRate(file, file.replace(/\.wav$/, `-t${tempo}.wav`), tempo);
      const u = await upspeakOf(f);
      cells.push(`${u.upspeak} % of ${u.ends}`);
      targets.push([`${name} ${tempo}x ${questions ? 'above 15 %' : 'at most 10 %'}`, questions ? u.upspeak > 15 : u.upspeak <= 10]);
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
}

await main();
