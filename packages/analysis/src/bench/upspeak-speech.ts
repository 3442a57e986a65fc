// Speech for the upspeak and questions bench (upspeak.accuracy.ts), fetched or made at bench time
// into the temp folder and never committed:
// - many Asterisk prompts read by Allison Smith (female, CC-BY-SA 3.0; Debian
//   asterisk-core-sounds-en-g722, texts from asterisk-core-sounds-en's core-sounds-en.txt);
// - many Italian Asterisk prompts read by Carlo (male, CC-BY-SA 3.0; asterisk-core-sounds-it-g722,
//   through real-voices.ts);
// - the same statements with a final rise imposed by Praat (Manipulation, PSOLA overlap-add
//   resynthesis: pitch changes, timing does not), at other tempos (sox) and with light noise.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { encodeWav } from '../asr/wav-file.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { withWhiteNoise } from './noise.js';
import { debianPackage } from './real-speech.js';
import { carloPrompts } from './real-voices.js';
import { RATE } from './speech-sources.js';
import { halfOf } from './halves.js';

export interface TPrompt {
  name: string;
  text: string;
  file: string;
  /** The TUNE half (thresholds are chosen on it) or the REPORT-only half. */
  half: 'tune' | 'report';
}

const SOUNDS = 'asterisk-core-sounds-en-g722';
const TEXTS = 'asterisk-core-sounds-en';
const SOUND_DIR = 'usr/share/asterisk/sounds/en_US_f_Allison';
const TEXT_FILE = 'usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

/** core-sounds-en.txt: "name: text" lines (";" comments, "[tones]" descriptions). */
function promptTexts(dir: string): Map<string, string> {
  const raw = gunzipSync(readFileSync(join(debianPackage(dir, TEXTS), TEXT_FILE))).toString('utf8');
  const out = new Map<string, string>();
  for (const line of raw.split('\n')) {
    const m = /^([a-z0-9-]+):\s+(.+)$/i.exec(line.trim());
    if (m) out.set(m[1] as string, (m[2] as string).trim());
  }
  return out;
}

/**
 * Allison's prompts that are whole sentences of three words or more: `statements` end on "." (no
 * "?" anywhere, no trailing "..."), `questions` end on "?". At most `max` statements, the same
 * ones every run (lowest hashes first).
 */
export function allisonPrompts(dir: string, max: number): { statements: TPrompt[]; questions: TPrompt[] } {
  const texts = promptTexts(dir);
  const root = join(debianPackage(dir, SOUNDS), SOUND_DIR);
  const statements: TPrompt[] = [];
  const questions: TPrompt[] = [];
  for (const [name, text] of texts) {
    const g722 = join(root, `${name}.g722`);
    if (!existsSync(g722) || /[[\]()"#]|\.\.\./.test(text) || text.split(/\s+/).length < 3) continue;
    const isQuestion = text.endsWith('?');
    if (!isQuestion && (!text.endsWith('.') || text.includes('?'))) continue;
    const wav = join(dir, 'allison', `${name}.wav`);
    const prompt = { name, text, file: wav, half: halfOf(name) } as const;
    (isQuestion ? questions : statements).push(prompt);
  }
  const hash = (s: string): string => createHash('sha1').update(s).digest('hex');
  const chosen = statements.sort((a, b) => hash(a.name).localeCompare(hash(b.name))).slice(0, max);
  for (const p of [...chosen, ...questions]) {
    if (existsSync(p.file)) continue;
    mkdirSync(join(dir, 'allison'), { recursive: true });
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'g722',
      '-i',
      join(root, `${p.name}.g722`),
      '-ar',
      String(RATE),
      '-ac',
      '1',
      p.file,
    ]);
  }
  return { statements: chosen.sort((a, b) => a.name.localeCompare(b.name)), questions };
}

/**
 * Whether an Italian prompt text is one declarative sentence end to score: it ends on a single "."
 * (Italian statements end in final lowering, as English ones do), not on "?" (a question, or a
 * letter the texts lost), not on an ellipsis (an unfinished list item, "Per lasciare la
 * conferenza..."), and holds no sound description or bracket.
 */
export function isCarloStatement(text: string): boolean {
  return /[^.]\.$/.test(text) && !/[[\]()"#…]|\.\.|\?$/.test(text) && !/\s[a-z0-9-]+:\s/i.test(text);
}

/**
 * Carlo's statement prompts (male, Italian; carloPrompts: four words or more), split TUNE / REPORT
 * by a hash of the name like Allison's; at most `max`, the same ones every run (lowest hashes first).
 */
export function carloStatements(dir: string, max: number): TPrompt[] {
  const hash = (s: string): string => createHash('sha1').update(s).digest('hex');
  return carloPrompts(dir)
    .filter((p) => isCarloStatement(p.text))
    .map((p) => ({ name: p.name, text: p.text, file: p.wav, half: halfOf(p.name) }))
    .sort((a, b) => hash(a.name).localeCompare(hash(b.name)))
    .slice(0, max)
    .sort((a, b) => a.name.localeCompare(b.name));
}

const RISE_SCRIPT = `form Rise
  sentence input
  sentence output
  real semitones
  real duration
  real replace
  sentence ends
endform
s = Read from file: input$
if ends$ = ""
  p = To Pitch: 0.01, 75, 600
  n = Get number of frames
  last = 0
  for i to n
    f = Get value in frame: i, "Hertz"
    if f <> undefined
      last = Get time from frame number: i
    endif
  endfor
  removeObject: p
  ends$ = fixed$(last, 3)
endif
selectObject: s
m = To Manipulation: 0.01, 75, 600
tier = Extract pitch tier
rest$ = ends$
while rest$ <> ""
  sp = index(rest$, " ")
  if sp = 0
    tend = number(rest$)
    rest$ = ""
  else
    tend = number(left$(rest$, sp - 1))
    rest$ = right$(rest$, length(rest$) - sp)
  endif
  a = tend - duration
  if replace
    fa = Get value at time: a
    Formula: "if x > a and x <= tend + 0.05 then fa * 2 ^ (min(1, (x - a) / duration) * semitones / 12) else self fi"
  else
    Formula: "if x > a and x <= tend + 0.05 then self * 2 ^ (min(1, (x - a) / duration) * semitones / 12) else self fi"
  endif
endwhile
selectObject: m, tier
Replace pitch tier
selectObject: m
r = Get resynthesis (overlap-add)
Save as WAV file: output$
`;

/**
 * How an imposed rise meets the voice's own contour. `scaled`: the contour is multiplied by the
 * ramp, so a final fall of 7 semitones under a +4.5 ramp still falls 2.5 (a fall made smaller).
 * `replaced`: the last `seconds` follow the ramp from the pitch where it starts, so the end rises
 * by `semitones` whatever the voice did there (a final rise of that size, as uptalk is described).
 */
export type TRiseShape = 'scaled' | 'replaced';

/**
 * `file` resynthesised by Praat with its pitch raised by a ramp from 0 to `semitones` over the
 * `seconds` before each time in `ends` (default: the last voiced frame of the file), in the given
 * shape; 0 semitones (scaled) is the same resynthesis with no change, the control for its own artefacts.
 */
export function withFinalRise(
  file: string,
  dir: string,
  semitones: number,
  seconds: number,
  ends: readonly number[] = [],
  shape: TRiseShape = 'scaled',
): string {
  // Allison's and Carlo's prompts share names ("vm-repeat"): the voice's folder is part of the name.
  const [base, folder] = file
    .replace(/\.wav$/, '')
    .split('/')
    .reverse();
  const out = join(dir, 'rises', `${folder}-${base}-r${semitones}-${seconds}${shape === 'replaced' ? '-replaced' : ''}.wav`);
  if (existsSync(out)) return out;
  mkdirSync(join(dir, 'rises'), { recursive: true });
  const script = join(dir, 'final-rise-v2.praat');
  if (!existsSync(script)) writeFileSync(script, RISE_SCRIPT);
  const replace = shape === 'replaced' ? '1' : '0';
  execFileSync('praat', ['--run', script, file, out, String(semitones), String(seconds), replace, ends.map((t) => t.toFixed(3)).join(' ')]);
  return out;
}

/** `file` with white noise `snr` dB under its RMS. */
export async function withNoise(file: string, snr: number): Promise<string> {
  const out = file.replace(/\.wav$/, `-n${snr}.wav`);
  if (existsSync(out)) return out;
  const x = (await decodePcm(file)).channels[0] as Float32Array;
  writeFileSync(out, encodeWav(withWhiteNoise(x, snr), RATE));
  return out;
}
