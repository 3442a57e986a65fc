// The browser tests' word-spotting talk (e2e/tests/results-wordspotting.spec.ts, made by
// clearSpeechWav in e2e/tests/results-helpers.ts), made here the same way (sox's dither differs in
// the last bit from run to run) with the times of its phrases, so the recogniser bench measures what
// that test sees instead of it being noticed there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, RATE } from './speech-sources.js';
import { readPcm16, type TOccurrence } from './spotting-score.js';
import { sounding } from './word-spotting.accuracy.js';

/** The test's sentences; [brackets] mark the phrases of its two lists. */
export const E2E_TALK = [
  '[So], let us begin.',
  '[You know], the plan is [basically] simple.',
  '[So] we start on Monday.',
  '[You know], [basically] everything is ready.',
];

/** The lists the test analyses the talk with: the organisation's, then the group's (re-analysis). */
export const E2E_LISTS: readonly (readonly string[])[] = [
  ['so', 'you know'],
  ['so', 'basically'],
];

const plain = (line: string): string => line.replace(/[[\]]/g, '');

/** espeak-ng as clearSpeechWav calls it, at 16 kHz mono 16-bit. */
function say(text: string, out: string): void {
  const raw = `${out}.raw.wav`;
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '125', '-g', '4', '-w', raw, text]);
  execFileSync('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', out, 'pad', '0', '0.4']);
  rmSync(raw, { force: true });
}

/** Seconds from the first to the last sounding frame of `text` spoken alone (0 for no text). */
function soundingSeconds(text: string, dir: string): number {
  if (!text.trim()) return 0;
  const file = join(dir, 'e2e-talk-prefix.wav');
  say(text, file);
  const s = sounding(readPcm16(file));
  rmSync(file, { force: true });
  return (s.to - s.from) / RATE;
}

/**
 * The talk as the test makes it (each sentence padded with 0.4 s, the whole with 0.3 s before and
 * 0.5 s after) and every phrase's time: a phrase starts where its sentence's text before it, spoken
 * alone, stops sounding, and ends where the text through it does.
 */
export function e2eTalk(dir = BENCH_DIR): { file: string; truth: TOccurrence[] } {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'e2e-wordspotting-talk.wav');
  const parts = E2E_TALK.map((line, i) => {
    const part = join(dir, `e2e-talk-part-${i}.wav`);
    say(plain(line), part);
    return part;
  });
  if (!existsSync(out)) execFileSync('sox', [...parts, out, 'pad', '0.3', '0.5']);
  const truth: TOccurrence[] = [];
  let at = 0.3;
  for (const [i, line] of E2E_TALK.entries()) {
    const samples = readPcm16(parts[i] as string);
    const start = at + sounding(samples).from / RATE;
    for (const m of line.matchAll(/\[([^\]]+)\]/g)) {
      const before = plain(line.slice(0, m.index));
      truth.push({
        phrase: (m[1] as string).toLowerCase(),
        from: start + soundingSeconds(before, dir),
        to: start + soundingSeconds(before + (m[1] as string), dir),
      });
    }
    at += samples.length / RATE;
  }
  for (const p of parts) rmSync(p, { force: true });
  return { file: out, truth };
}
