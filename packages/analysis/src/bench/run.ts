// `npm run bench -w @rostrum/analysis`: per-stage timings and peak memory for 1, 5 and 15 minutes
// of generated speech, with pass/fail against the targets. Each case runs in its own process so
// its peak memory is its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeWithTimings } from '../analyze.js';

const TEXT =
  'Good morning everyone, and thank you for coming. Today I want to talk about how small habits shape our work. ' +
  'When we practise a little every day, we improve faster than we expect. Ask yourself: what would you change first? ' +
  'Some people start with their mornings. Others start with how they listen to colleagues. ' +
  'Whatever you choose, write it down, share it with a friend, and check your progress every week. ' +
  'Progress is rarely a straight line, but it adds up. Thank you.';

interface TCaseResult {
  minutes: number;
  decode: number;
  prosody: number;
  transcription: number;
  total: number;
  maxRssMb: number;
}

function makeRecording(minutes: number): string {
  const dir = join(tmpdir(), 'rostrum-bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `speech-${minutes}min.wav`);
  if (existsSync(file)) return file;
  const unit = join(dir, 'unit.wav');
  if (!existsSync(unit)) {
    const voices = ['en-us', 'en-us+f3', 'en-gb'];
    const parts = voices.map((v, i) => {
      const p = join(dir, `unit-${i}.wav`);
      execFileSync('espeak-ng', ['-v', v, '-s', String(150 + 10 * i), '-w', p, TEXT]);
      return p;
    });
    execFileSync('sox', ['-D', ...parts, '-r', '16000', '-c', '1', unit]);
  }
  const unitSeconds = Number(execFileSync('soxi', ['-D', unit], { encoding: 'utf8' }));
  const repeats = Math.max(0, Math.ceil((minutes * 60) / unitSeconds) - 1);
  execFileSync('sox', [unit, file, 'repeat', String(repeats), 'trim', '0', String(minutes * 60)]);
  return file;
}

async function runCase(file: string, minutes: number): Promise<void> {
  const { timings } = await analyzeWithTimings(file, { transcriber: 'pocketsphinx' });
  const result: TCaseResult = {
    minutes,
    decode: timings.decode / 1000,
    prosody: timings.prosody / 1000,
    transcription: timings.transcription / 1000,
    total: timings.total / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main(): Promise<void> {
  const caseIndex = process.argv.indexOf('--case');
  if (caseIndex > 0) return runCase(process.argv[caseIndex + 1] as string, Number(process.argv[caseIndex + 2]));
  const rows: TCaseResult[] = [];
  for (const minutes of [1, 5, 15]) {
    const file = makeRecording(minutes);
    process.stderr.write(`analysing ${minutes} min...\n`);
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--case', file, String(minutes)], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(child.stderr);
    rows.push(JSON.parse(child.stdout.trim().split('\n').pop() as string) as TCaseResult);
  }
  const f = (x: number): string => x.toFixed(2).padStart(9);
  console.log('| audio  |  decode s | prosody s |   asr s   |  total s  |    RTF    | peak MB (main process) |');
  console.log('|--------|-----------|-----------|-----------|-----------|-----------|------------------------|');
  for (const r of rows) {
    console.log(
      `| ${String(r.minutes).padStart(2)} min | ${f(r.decode)} | ${f(r.prosody)} | ${f(r.transcription)} | ${f(r.total)} | ${f(r.total / (r.minutes * 60))} | ${r.maxRssMb.toFixed(0).padStart(22)} |`,
    );
  }
  const at = (m: number): TCaseResult => rows.find((r) => r.minutes === m) as TCaseResult;
  const targets: [string, boolean, string][] = [
    ['prosody of 15 min under 5 s', at(15).prosody < 5, `${at(15).prosody.toFixed(2)} s`],
    ['whole analysis of 5 min (with transcription) under 60 s', at(5).total < 60, `${at(5).total.toFixed(1)} s`],
    ['peak memory for 15 min under 400 MB', at(15).maxRssMb < 400, `${at(15).maxRssMb.toFixed(0)} MB`],
  ];
  console.log('');
  for (const [name, ok, value] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
}

await main();
