// Real voices for the diarization bench, fetched at bench time into the temp folder (never committed):
// - Allison Smith's Asterisk prompts (CC-BY-SA 3.0): every top-level prompt of Debian
//   asterisk-core-sounds-en-g722 whose transcript (core-sounds-en.txt in asterisk-core-sounds-en)
//   has four words or more, a few hundred recordings of one female voice;
// - Carlo's Italian Asterisk prompts (CC-BY-SA 3.0, asterisk-core-sounds-it-g722, texts in
//   asterisk-core-sounds-it), the same for one male voice;
// - JFK's inaugural excerpt (public domain, npm nodejs-whisper), cut at its pauses into phrases;
// - the ALSA speaker-test channel names (Debian alsa-utils), another recorded voice.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { debianPackage } from './real-speech.js';

const ASTERISK_SOUNDS = 'asterisk-core-sounds-en-g722';
const ASTERISK_TEXTS = 'asterisk-core-sounds-en';
const SOUNDS_DIR = 'usr/share/asterisk/sounds/en_US_f_Allison';
const TEXTS_FILE = 'usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

export interface TPrompt {
  name: string;
  text: string;
  /** 16 kHz mono WAV. */
  wav: string;
}

/** One recorded Asterisk voice: its g722 sounds package, its texts package and where each keeps its files. */
interface TAsteriskVoice {
  key: string;
  sounds: string;
  texts: string;
  soundsDir: string;
  textsFile: string;
}

const ALLISON: TAsteriskVoice = {
  key: 'allison',
  sounds: ASTERISK_SOUNDS,
  texts: ASTERISK_TEXTS,
  soundsDir: SOUNDS_DIR,
  textsFile: TEXTS_FILE,
};

/** Carlo, the male voice of the Italian core sounds (Debian asterisk-core-sounds-it*, CC-BY-SA 3.0). */
const CARLO: TAsteriskVoice = {
  key: 'carlo',
  sounds: 'asterisk-core-sounds-it-g722',
  texts: 'asterisk-core-sounds-it',
  soundsDir: 'usr/share/asterisk/sounds/it_IT_m_Carlo',
  textsFile: 'usr/share/doc/asterisk-core-sounds-it/core-sounds-it.txt.gz',
};

/** A voice's prompts with four words or more, sorted by name, each as 16 kHz mono WAV. */
function asteriskVoicePrompts(dir: string, voice: TAsteriskVoice): TPrompt[] {
  const texts = gunzipSync(readFileSync(join(debianPackage(dir, voice.texts), voice.textsFile))).toString('utf8');
  const sounds = join(debianPackage(dir, voice.sounds), voice.soundsDir);
  const out: TPrompt[] = [];
  const wavDir = join(dir, voice.key);
  mkdirSync(wavDir, { recursive: true });
  for (const line of texts.split('\n')) {
    const m = /^([a-z0-9-]+): (.+)$/i.exec(line.trim());
    // "[...]" marks a sound that is not speech; "?" in the Italian texts stands for a lost accented letter.
    if (!m || m[2]?.includes('[')) continue;
    const [, name, text] = m as unknown as [string, string, string];
    if (text.split(/\s+/).length < 4) continue;
    const g722 = join(sounds, `${name}.g722`);
    if (!existsSync(g722)) continue;
    const wav = join(wavDir, `${name}.wav`);
    if (!existsSync(wav)) execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'g722', '-i', g722, '-ar', '16000', '-ac', '1', wav]);
    out.push({ name, text, wav });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Allison's prompts (female, US English) with four words or more, each as 16 kHz mono WAV. */
export function allisonPrompts(dir: string): TPrompt[] {
  return asteriskVoicePrompts(dir, ALLISON);
}

/**
 * Carlo's prompts (male, Italian) with four words or more, each as 16 kHz mono WAV: a second real
 * professional voice, lower and of another language, for the methods that read the voice and not
 * the words (intonation, speaker count).
 */
export function carloPrompts(dir: string): TPrompt[] {
  return asteriskVoicePrompts(dir, CARLO);
}

/**
 * JFK's excerpt cut at its pauses (sox `silence`, 0.2 s under 1 %) into phrases, 16 kHz mono.
 * The excerpt says "And so my fellow Americans / ask not what your country can do for you / ask what
 * you can do for your country".
 */
export function jfkPhrases(dir: string, jfkWav: string): string[] {
  const out = join(dir, 'jfk-phrases');
  if (!existsSync(out)) {
    mkdirSync(out, { recursive: true });
    execFileSync('sox', [jfkWav, join(out, 'p.wav'), 'silence', '1', '0.05', '1%', '1', '0.2', '1%', ':', 'newfile', ':', 'restart']);
  }
  return readdirSync(out)
    .filter((f) => f.endsWith('.wav'))
    .sort()
    .map((f) => join(out, f))
    .filter((f) => Number(execFileSync('soxi', ['-D', f]).toString()) >= 0.5);
}
