// `npm run bench -w @rostrum/analysis` (second part): syllable counts against dictionary truth at
// 0.8x, 1x and 1.25x tempo, the syllable rate and pace ratios across tempos, upspeak on read statements and on a
// question-heavy talk, and pitch agreement with Praat. Real speech (see real-speech.ts): JFK's
// inaugural excerpt (npm nodejs-whisper), two Asterisk prompts (Debian asterisk-core-sounds-en-g722)
// and the ALSA channel names (Debian alsa-utils), fetched once into the temp folder; generated
// speech: flite's four voices and espeak-ng. Praat's own numbers are printed beside ours.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePcm } from '../decode/decode-pcm.js';
import { encodeWav } from '../asr/wav-file.js';
import { DICTIONARY_FILE } from '../asr/keyword-spotting.js';
import { analyzeProsody } from '../signal/prosody.js';
import { measureUpspeak } from '../metrics/upspeak.metric.js';
import { trackFor } from '../metrics/speech-track.js';
import { totalDuration } from '../signal/voice-activity.js';
import { pitchAgreement, praatPitch } from './praat-pitch.js';
import { BENCH_DIR as DIR, espeak, flite, RATE, toRate } from './speech-sources.js';
import { ALSA_CHANNELS, ASTERISK_PROMPTS, alsaChannels, alsaText, asteriskPrompt, JFK_TEXT, jfk } from './real-speech.js';

const TEMPOS = [0.8, 1, 1.25] as const;
const STATEMENTS = [
  'Good morning everyone, and thank you for coming.',
  'Today I want to talk about how small habits shape our work.',
  'When we practise a little every day, we improve faster than we expect.',
  'Some people start with their mornings.',
  'Others start with how they listen to colleagues.',
  'Whatever you choose, write it down, share it with a friend, and check your progress every week.',
];
/** Clause before the comma (a continuation rise), then the main clause 0.3 s later. */
const COMMA_SENTENCES = [
  'When we practise a little every day,',
  'we improve faster than we expect.',
  'If you want to change one habit,',
  'start with the smallest one.',
  'Before the meeting starts,',
  'write down one question.',
  'And when the meeting ends,',
  'write down one answer.',
];
const QUESTIONS = [
  'Are you ready to begin?',
  'Do you practise every day?',
  'This is the plan for the week.',
  'Is this the right room?',
  'Can you hear me at the back?',
  'Have you tried it before?',
];

/** Words of the real recordings that the CMU dictionary lacks, with their spoken syllables. */
const SYLLABLE_OVERRIDES: ReadonlyMap<string, number> = new Map([
  // "PBX" in the Asterisk prompts is spelled out: "pee bee ex".
  ['pbx', 3],
]);

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
    const c = SYLLABLE_OVERRIDES.get(w) ?? dictionary.get(w);
    if (c === undefined) throw new Error(`"${w}" is not in the dictionary`);
    n += c;
  }
  return n;
}

/**
 * Sentences read one by one with 0.7 s between them, as a speaker reading aloud pauses; a piece
 * listed in `shortBefore` follows the previous one after 0.3 s (a comma break inside a sentence).
 */
async function talk(name: string, files: string[], shortBefore: ReadonlySet<number> = new Set()): Promise<string> {
  const out = join(DIR, `${name}.wav`);
  if (existsSync(out)) return out;
  const parts = await Promise.all(files.map(async (f) => (await decodePcm(f)).channels[0] as Float32Array));
  const gapBefore = (i: number): number => Math.round((shortBefore.has(i) ? 0.3 : 0.7) * RATE);
  const trimmed = parts.map(trimSilence);
  const total = trimmed.reduce((s, p, i) => s + p.length + gapBefore(i), Math.round(0.7 * RATE));
  const x = new Float32Array(total);
  let at = 0;
  for (const [i, p] of trimmed.entries()) {
    at += gapBefore(i);
    x.set(p, at);
    at += p.length;
  }
  writeFileSync(out, encodeWav(x, RATE));
  return out;
}

/**
 * De Jong & Wempe's (2009) procedure as published, in Praat, for reference: intensity with a fixed
 * 64 ms window (minimum pitch 50 Hz), peaks above 99th percentile - 25 dB, a peak valid when the
 * dip to the next peak is more than 2 dB, voiced (pitch 30-450 Hz, voicing threshold 0.25) and
 * inside a sounding interval (silences of 0.3 s or more).
 */
function praatSyllables(file: string): number {
  const script = join(DIR, 'nuclei-v2.praat');
  if (!existsSync(script))
    writeFileSync(
      script,
      [
        'form Nuclei',
        '  sentence file',
        'endform',
        'silencedb = -25',
        'mindip = 2',
        'minpause = 0.3',
        's = Read from file: file$',
        'intid = To Intensity: 50, 0, "yes"',
        'min = Get minimum: 0, 0, "Parabolic"',
        'max = Get maximum: 0, 0, "Parabolic"',
        'max99 = Get quantile: 0, 0, 0.99',
        'threshold = max99 + silencedb',
        'threshold2 = max - max99',
        'threshold3 = silencedb - threshold2',
        'if threshold < min',
        '  threshold = min',
        'endif',
        'tg = To TextGrid (silences): threshold3, minpause, 0.1, "silent", "sounding"',
        'selectObject: intid',
        'm = Down to Matrix',
        'snd = To Sound (slice): 1',
        'pp = To PointProcess (extrema): 1, "yes", "no", "Sinc70"',
        'n = Get number of points',
        'peakcount = 0',
        'for k to n',
        '  selectObject: pp',
        '  t = Get time from index: k',
        '  selectObject: snd',
        '  v = Get value at time: 0, t, "Sinc70"',
        '  if v > threshold',
        '    peakcount = peakcount + 1',
        '    tp[peakcount] = t',
        '    ip[peakcount] = v',
        '  endif',
        'endfor',
        'valid = 0',
        'selectObject: intid',
        'for p to peakcount - 1',
        '  dip = Get minimum: tp[p], tp[p + 1], "None"',
        '  if abs(ip[p] - dip) > mindip',
        '    valid = valid + 1',
        '    tv[valid] = tp[p]',
        '  endif',
        'endfor',
        'selectObject: s',
        'pitch = To Pitch (ac): 0.02, 30, 4, "no", 0.03, 0.25, 0.01, 0.35, 0.25, 450',
        'count = 0',
        'for i to valid',
        '  selectObject: tg',
        '  whichinterval = Get interval at time: 1, tv[i]',
        '  label$ = Get label of interval: 1, whichinterval',
        '  selectObject: pitch',
        '  f = Get value at time: tv[i], "Hertz", "Linear"',
        '  if f <> undefined and label$ = "sounding"',
        '    count = count + 1',
        '  endif',
        'endfor',
        'writeInfoLine: count',
        '',
      ].join('\n'),
    );
  return Number(execFileSync('praat', ['--run', script, file], { encoding: 'utf8' }).trim());
}

/** The piece without the synthesiser's leading and trailing silence (-40 dBFS over 10 ms). */
function trimSilence(x: Float32Array): Float32Array {
  const hop = RATE / 100;
  const loud = (f: number): boolean => {
    let e = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) e += (x[i] ?? 0) ** 2;
    return 10 * Math.log10(e / hop + 1e-12) > -40;
  };
  const frames = Math.floor(x.length / hop);
  let first = 0;
  while (first < frames && !loud(first)) first++;
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  return x.subarray(first * hop, (last + 1) * hop);
}

async function prosodyOf(file: string): Promise<ReturnType<typeof analyzeProsody>> {
  return analyzeProsody((await decodePcm(file)).channels[0] as Float32Array, RATE);
}

async function upspeakOf(file: string): Promise<{ upspeak: number; ends: number }> {
  const p = await prosodyOf(file);
  const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
  return { upspeak: u.upspeak, ends: u.phraseEnds.length };
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const fullText = STATEMENTS.join(' ');
  const jfkFile = jfk(DIR, toRate);
  const echotest = asteriskPrompt(DIR, 'demo-echotest');
  const congrats = asteriskPrompt(DIR, 'demo-congrats');
  // The ALSA names are 1.5 s each: read one after another as a short talk of eight phrases.
  const alsa = await talk('alsa-channels', alsaChannels(DIR, toRate));
  // Connected read speech carries the 5 % targets; the ALSA names are isolated two-word labels
  // read slowly with a rise on each word (reported, see docs/analysis/prosody-and-pitch.md).
  const sources: [string, string, string, 'target' | 'reported'][] = [
    ['jfk (real)', jfkFile, JFK_TEXT, 'target'],
    ['asterisk echotest (real)', echotest, ASTERISK_PROMPTS['demo-echotest'], 'target'],
    ['asterisk congrats (real)', congrats, ASTERISK_PROMPTS['demo-congrats'], 'target'],
    [`alsa ${ALSA_CHANNELS.length} channel names (real, isolated words)`, alsa, alsaText(), 'reported'],
  ];
  for (const v of ['slt', 'rms', 'awb', 'kal16']) sources.push([`flite ${v}`, flite(v, fullText, `flite-${v}`), fullText, 'reported']);
  sources.push(['espeak en-us', espeak('en-us', fullText, 'espeak-en-us'), fullText, 'reported']);

  const tempoRatio = TEMPOS[2] / TEMPOS[0];
  console.log('Syllables (ours / dictionary truth, % of truth) and pace ratio across tempos');
  console.log(
    `| file | truth | 0.8x | 1x | 1.25x | syllable rate 1.25x / 0.8x (ideal ${tempoRatio.toFixed(2)}) | pace with our pauses 1.25x / 0.8x | Praat reference 0.8x / 1x / 1.25x | its syllable rate ratio |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const targets: [string, boolean][] = [];
  for (const [name, file, text, role] of sources) {
    const truth = dictionarySyllables(text);
    const cells: string[] = [];
    const counts: number[] = [];
    const paces: number[] = [];
    const reference: number[] = [];
    for (const tempo of TEMPOS) {
      const f = tempo === 1 ? file : toRate(file, file.replace(/\.wav$/, `-t${tempo}.wav`), tempo);
      const p = await prosodyOf(f);
      const n = p.nuclei.length;
      counts.push(n);
      paces.push(n / totalDuration(p.activity.speech));
      reference.push(praatSyllables(f));
      cells.push(`${n} (${((100 * n) / truth).toFixed(0)} %)`);
      if (role === 'target') targets.push([`${name} ${tempo}x within 5 % of truth`, Math.abs(n - truth) / truth <= 0.05]);
    }
    // The syllable rate over the same stretch of speech, which plays 1.5625 times faster: the
    // count ratio times the tempo ratio (the measure). The pace the product reports divides
    // by speaking time from voice activity, whose 250 ms pause rule is absolute, so gaps of 200-310 ms
    // at 0.8x are pauses there and speech at 1.25x; that column is reported beside it.
    const rateRatio = ((counts[2] as number) / (counts[0] as number)) * tempoRatio;
    if (role === 'target') targets.push([`${name} syllable rate follows tempo within 5 %`, Math.abs(rateRatio / tempoRatio - 1) <= 0.05]);
    const paceRatio = (paces[2] as number) / (paces[0] as number);
    const referenceRatio = ((reference[2] as number) / (reference[0] as number)) * tempoRatio;
    console.log(
      `| ${name} | ${truth} | ${cells.join(' | ')} | ${rateRatio.toFixed(2)} | ${paceRatio.toFixed(2)} | ${reference.join(' / ')} | ${referenceRatio.toFixed(2)} |`,
    );
  }

  console.log('\nUpspeak (% of statement ends rising; statement end = a pause of 0.5 s or more)');
  console.log('| talk | 0.8x | 1x | 1.25x |');
  console.log('|---|---|---|---|');
  // The ALSA channel names are labels, not statements (a list may rise on every item): no upspeak.
  const talks: [string, string, boolean][] = [
    ['jfk (real)', jfkFile, false],
    ['asterisk echotest (real)', echotest, false],
    ['asterisk congrats (real)', congrats, false],
  ];
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
  for (const v of ['en-us', 'en-gb'])
    talks.push([
      `espeak ${v} comma clauses + statements`,
      await talk(
        `commas-espeak-${v}`,
        COMMA_SENTENCES.map((s, i) => espeak(v, s, `comma-${v}-${i}`)),
        new Set([1, 3, 5, 7]),
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

  console.log('\nPitch against Praat (To Pitch (ac), standard settings; frames matched by time, 1x)');
  console.log(
    '| file | frames | voiced in both | within 1 semitone | octave up / down | voicing agreement | voiced only ours / only Praat |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const pitchFiles = new Map<string, string>();
  for (const [name, file] of [...sources, ...talks]) if (![...pitchFiles.values()].includes(file)) pitchFiles.set(name, file);
  for (const [name, file] of pitchFiles) {
    const a = pitchAgreement((await prosodyOf(file)).pitch, praatPitch(file, DIR));
    console.log(
      `| ${name} | ${a.frames} | ${a.bothVoiced} | ${a.withinSemitone.toFixed(1)} % | ${a.octaveUp} / ${a.octaveDown} | ${a.voicingAgreement.toFixed(1)} % | ${a.onlyOurs} / ${a.onlyPraat} |`,
    );
    targets.push([`${name} pitch within 1 semitone of Praat on >= 90 % of frames voiced in both`, a.withinSemitone >= 90]);
  }
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
}

await main();
