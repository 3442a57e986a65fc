// Praat's PSOLA resynthesis with the whole pitch contour moved by a number of semitones (timing
// and formants kept): the same voice in another register, for the diarization bench.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const SHIFT_SCRIPT = `form Shift
  sentence input
  sentence output
  real semitones
endform
s = Read from file: input$
m = To Manipulation: 0.01, 75, 600
tier = Extract pitch tier
Formula: "self * 2 ^ (semitones / 12)"
selectObject: m, tier
Replace pitch tier
selectObject: m
r = Get resynthesis (overlap-add)
Save as WAV file: output$
`;

/** `file` with its pitch moved by `semitones` (0: resynthesised unchanged, the control for PSOLA itself), under `dir`/shifted. */
export function withPitchShift(file: string, dir: string, semitones: number): string {
  const out = join(dir, 'shifted', `${basename(dirname(file))}-${basename(file, '.wav')}-p${semitones}.wav`);
  if (existsSync(out)) return out;
  mkdirSync(join(dir, 'shifted'), { recursive: true });
  const script = join(dir, 'pitch-shift.praat');
  if (!existsSync(script)) writeFileSync(script, SHIFT_SCRIPT);
  execFileSync('praat', ['--run', script, file, out, String(semitones)]);
  return out;
}
