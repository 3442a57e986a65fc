// `npm run bench -w @rostrum/analysis` (third part): clarity of clean speech and of the same
// speech degraded with sox, step by step: background noise, low-pass filtering (muffled), mumbling
// (soft consonants and flattened syllables) and tempo (over-fast). Each degradation should lower
// clarity at every step and clearly by its strongest one. The whole analysis runs (transcript
// included), as for a user's recording.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../analyze.js';
import { encodeWav } from '../asr/wav-file.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { asteriskPrompt, jfk } from './real-speech.js';
import { BENCH_DIR, espeak, flite, RATE, toRate } from './speech-sources.js';
import { withWhiteNoise } from './noise.js';

const TEXT =
  'Good morning everyone, and thank you for coming. Today I want to talk about how small habits shape our work. ' +
  'When we practise a little every day, we improve faster than we expect. Some people start with their mornings. ' +
  'Others start with how they listen to colleagues.';

interface TDegradation {
  name: string;
  /** Mild to strong. */
  steps: { label: string; make: (input: string, output: string) => Promise<void> | void }[];
}

const sox =
  (...effects: string[]) =>
  (input: string, output: string) => {
    execFileSync('sox', ['-D', input, '-r', String(RATE), '-c', '1', '-b', '16', output, ...effects]);
  };

/** White noise at an SNR over the speech's RMS (pauses included), from a fixed seed. */
const withNoise = (snr: number) => async (input: string, output: string) => {
  writeFileSync(output, encodeWav(withWhiteNoise((await decodePcm(input)).channels[0] as Float32Array, snr), RATE));
};

const DEGRADATIONS: TDegradation[] = [
  { name: 'noise (white, SNR)', steps: [25, 15, 5].map((snr) => ({ label: `${snr} dB`, make: withNoise(snr) })) },
  { name: 'low-pass', steps: [4000, 2000, 1000].map((hz) => ({ label: `${hz / 1000} kHz`, make: sox('sinc', `-${hz}`) })) },
  {
    // A mumbler's consonants are soft and their syllables run together: the top of the spectrum
    // rolls off and a fast compressor flattens the rise and fall between syllables.
    name: 'mumbled',
    steps: [
      { label: 'mild', make: sox('lowpass', '3000', 'compand', '0.01,0.1', '-60,-40,-30,-25,0,-10', '-3') },
      { label: 'medium', make: sox('lowpass', '2000', 'lowpass', '2000', 'compand', '0.005,0.05', '-60,-40,-30,-22,0,-12', '-3') },
      { label: 'strong', make: sox('lowpass', '1200', 'lowpass', '1200', 'compand', '0.002,0.03', '-60,-35,-30,-20,0,-15', '-3') },
    ],
  },
  { name: 'over-fast (tempo)', steps: [1.5, 1.8, 2.2].map((t) => ({ label: `${t}x`, make: sox('tempo', '-s', String(t)) })) },
];

/** The strongest step must be at least this much below the clean original. */
const CLEARLY_LOWER = 1.5;

const scored = new Map<string, number>();
async function clarityOf(file: string): Promise<number> {
  const known = scored.get(file);
  if (known !== undefined) return known;
  const results = await analyze(file);
  const clarity = results.scores.clarity;
  if (clarity == null) throw new Error(`no clarity for ${file}`);
  scored.set(file, clarity);
  // Each part (0-1), to see which one moved: on stderr, beside the tables.
  const parts = Object.entries(results.data.features).filter(([k]) => k.startsWith('clarity.'));
  process.stderr.write(`${file.split('/').pop()}: ${clarity} ${parts.map(([k, v]) => `${k.slice(8)} ${v}`).join(', ')}\n`);
  return clarity;
}

async function main(): Promise<void> {
  const sources: [string, string][] = [
    ['jfk (real)', jfk(BENCH_DIR, toRate)],
    ['asterisk echotest (real)', asteriskPrompt(BENCH_DIR, 'demo-echotest')],
    ['flite slt', flite('slt', TEXT, 'clarity-slt')],
    ['flite awb', flite('awb', TEXT, 'clarity-awb')],
    ['espeak en-us', espeak('en-us', TEXT, 'clarity-espeak')],
  ];
  const targets: [string, boolean][] = [];
  for (const d of DEGRADATIONS) {
    console.log(`\nClarity (0-10) under ${d.name}`);
    console.log(`| file | clean | ${d.steps.map((s) => s.label).join(' | ')} |`);
    console.log(`|---|---|${d.steps.map(() => '---|').join('')}`);
    for (const [name, file] of sources) {
      const clean = await clarityOf(file);
      const scores: number[] = [];
      for (const [k, step] of d.steps.entries()) {
        const out = join(
          BENCH_DIR,
          `${file
            .split('/')
            .pop()
            ?.replace(/\.wav$/, '')}-${d.name.split(' ')[0]}-${k}.wav`,
        );
        if (!existsSync(out)) await step.make(file, out);
        scores.push(await clarityOf(out));
      }
      console.log(`| ${name} | ${clean.toFixed(1)} | ${scores.map((s) => s.toFixed(1)).join(' | ')} |`);
      const steps = [clean, ...scores];
      targets.push([
        `${name}, ${d.name}: never higher than the step before`,
        steps.every((s, i) => i === 0 || s <= (steps[i - 1] as number)),
      ]);
      targets.push([
        `${name}, ${d.name}: strongest at least ${CLEARLY_LOWER} below clean`,
        clean - (scores[scores.length - 1] as number) >= CLEARLY_LOWER,
      ]);
    }
  }
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
}

await main();
