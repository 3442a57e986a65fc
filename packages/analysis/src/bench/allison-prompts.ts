// Many Asterisk prompts read by Allison Smith (CC-BY-SA 3.0, female, real recorded speech) with
// their texts: the audio from Debian asterisk-core-sounds-en-g722 (G.722, 16 kHz), the texts from
// core-sounds-en.txt in asterisk-core-sounds-en. Fetched at bench time with `apt-get download`
// into the bench's temp folder, never committed. Prompts whose text is a sound ("[beep]"), holds
// digits or has fewer than MIN_WORDS words are left out; the rest are split into a tune and a
// report-only half by a hash of the prompt's name.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { debianPackage } from './real-speech.js';
import { halfOf } from './halves.js';

const AUDIO_PACKAGE = 'asterisk-core-sounds-en-g722';
const TEXT_PACKAGE = 'asterisk-core-sounds-en';
const AUDIO_DIR = 'usr/share/asterisk/sounds/en_US_f_Allison';
const TEXT_FILE = 'usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';
const MIN_WORDS = 4;

export interface TPrompt {
  name: string;
  text: string;
  half: 'tune' | 'report';
}

/** Up to `limit` prompts (ordered by hash, so any limit keeps both halves), with their texts. */
export function allisonPrompts(dir: string, limit = Number.POSITIVE_INFINITY): TPrompt[] {
  const audio = join(debianPackage(dir, AUDIO_PACKAGE), AUDIO_DIR);
  const text = gunzipSync(readFileSync(join(debianPackage(dir, TEXT_PACKAGE), TEXT_FILE))).toString('utf8');
  const out: TPrompt[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-z0-9-]+): (.+)$/.exec(line.trim());
    if (!m) continue;
    const [, name, said] = m as unknown as [string, string, string];
    if (/[[\d]/.test(said) || said.split(/\s+/).length < MIN_WORDS) continue;
    if (!existsSync(join(audio, `${name}.g722`))) continue;
    out.push({ name, text: said, half: halfOf(name) });
  }
  const key = (p: TPrompt) => createHash('sha1').update(p.name).digest('hex');
  return out.sort((p, q) => key(p).localeCompare(key(q))).slice(0, limit);
}

/** One prompt as 16 kHz mono WAV. */
export function allisonWav(dir: string, name: string): string {
  const wav = join(dir, `allison-${name}.wav`);
  if (existsSync(wav)) return wav;
  const g722 = join(debianPackage(dir, AUDIO_PACKAGE), AUDIO_DIR, `${name}.g722`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'g722', '-i', g722, '-ar', '16000', '-ac', '1', wav]);
  return wav;
}
