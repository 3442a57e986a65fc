// Generated speech the accuracy benches measure (flite's and espeak-ng's voices), made once into
// the temp folder, where real-speech.ts fetches its recordings too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_DIR = join(tmpdir(), 'rostrum-bench', 'scores');
export const RATE = 16_000;

/** The file as 16 kHz mono 16-bit, optionally at another tempo (sox's WSOLA, pitch kept). */
export function toRate(input: string, output: string, tempo = 1): string {
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

export function flite(voice: string, text: string, name: string): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  const raw = join(BENCH_DIR, `${name}.raw.wav`);
  if (!existsSync(raw)) execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  return toRate(raw, join(BENCH_DIR, `${name}.wav`));
}

export function espeak(voice: string, text: string, name: string, settings: { rate?: number; pitch?: number } = {}): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  const raw = join(BENCH_DIR, `${name}.raw.wav`);
  const pitch = settings.pitch === undefined ? [] : ['-p', String(settings.pitch)];
  if (!existsSync(raw)) execFileSync('espeak-ng', ['-v', voice, '-s', String(settings.rate ?? 160), ...pitch, '-w', raw, text]);
  return toRate(raw, join(BENCH_DIR, `${name}.wav`));
}
