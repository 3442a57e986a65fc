// Real (recorded, not synthesised) English speech for the accuracy benches, each fetched once from
// a registry package into the bench's temp folder and never committed:
// - JFK's inaugural excerpt (public domain), shipped in the nodejs-whisper npm package (male);
// - the Asterisk prompts read by Allison Smith (CC-BY-SA 3.0), Debian asterisk-core-sounds-en-g722
//   (wideband G.722, 16 kHz; the texts are the package's own transcript, core-sounds-en.txt, in
//   asterisk-core-sounds-en) (female): two quoted below, and any of the others with its text
//   (`asteriskTranscripts`, `asteriskPromptWav`);
// - the eight ALSA speaker-test channel names (GPL-2+, "The ALSA developers"), Debian alsa-utils
//   /usr/share/sounds/alsa, read one after another with 0.7 s between them (the file names are the
//   words).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const JFK_PACKAGE = 'nodejs-whisper@0.3.1';
const JFK_PATH = 'package/cpp/whisper.cpp/bindings/go/samples/jfk.wav';
export const JFK_TEXT = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

const ASTERISK_PACKAGE = 'asterisk-core-sounds-en-g722';
const ASTERISK_DIR = 'usr/share/asterisk/sounds/en_US_f_Allison';
/** From core-sounds-en.txt (asterisk-core-sounds-en 1.6.1), word for word. */
export const ASTERISK_PROMPTS = {
  'demo-echotest':
    'You are about to enter an echo test. In this mode everything you say will be repeated back to you just as soon as it is received. ' +
    'The purpose of this test is to give you an audible sense of the latency between you and the machine that is running the echo test application. ' +
    'You may end the test by hanging up or by pressing the pound key.',
  'demo-congrats':
    'Congratulations. You have successfully installed and executed the Asterisk open source PBX. ' +
    'You have also installed a set of sample sounds and configuration files that should help you to get started. ' +
    'Like a normal PBX you will navigate this demonstration by dialing digits. ' +
    'If you are using a console channel driver instead of a real phone you can use the dial, answer, and hang up commands to simulate the actions of a standard telephone.',
} as const;

const ALSA_PACKAGE = 'alsa-utils';
const ALSA_DIR = 'usr/share/sounds/alsa';
export const ALSA_CHANNELS = [
  'Front_Left',
  'Front_Right',
  'Front_Center',
  'Rear_Left',
  'Rear_Right',
  'Rear_Center',
  'Side_Left',
  'Side_Right',
];

/** JFK's excerpt, 16 kHz mono (`toRate` converts). */
export function jfk(dir: string, toRate: (input: string, output: string) => string): string {
  const wav = join(dir, 'jfk.wav');
  if (existsSync(wav)) return wav;
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', JFK_PACKAGE, '--silent', '--pack-destination', dir], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = join(dir, `${JFK_PACKAGE.replace('@', '-')}.tgz`);
  execFileSync('tar', ['-xzf', tgz, '-C', dir, JFK_PATH]);
  return toRate(join(dir, JFK_PATH), wav);
}

/** A Debian package's files under `dir/<package>/` (`apt-get download`, after `apt-get update` if it must). */
export function debianPackage(dir: string, name: string): string {
  const root = join(dir, name);
  if (existsSync(root)) return root;
  const downloads = join(dir, 'debs');
  mkdirSync(downloads, { recursive: true });
  const download = () => execFileSync('apt-get', ['download', name], { cwd: downloads, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    download();
  } catch {
    // A machine whose package lists were never fetched (or were cleaned) knows no versions yet.
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? ['update', '-qq'] : ['apt-get', 'update', '-qq']);
    download();
  }
  const deb = readdirSync(downloads).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${name} left no .deb`);
  execFileSync('dpkg-deb', ['-x', join(downloads, deb), root]);
  return root;
}

/** One Asterisk prompt as 16 kHz mono WAV (G.722 is headerless, so ffmpeg is told the format). */
export function asteriskPrompt(dir: string, prompt: keyof typeof ASTERISK_PROMPTS): string {
  return asteriskPromptWav(dir, prompt);
}

/** Any Asterisk prompt (a name of `asteriskTranscripts`, "vm-goodbye") as 16 kHz mono WAV. */
export function asteriskPromptWav(dir: string, prompt: string): string {
  const wav = join(dir, `asterisk-${prompt.replaceAll('/', '_')}.wav`);
  if (existsSync(wav)) return wav;
  const g722 = join(debianPackage(dir, ASTERISK_PACKAGE), ASTERISK_DIR, `${prompt}.g722`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'g722', '-i', g722, '-ar', '16000', '-ac', '1', wav]);
  return wav;
}

const ASTERISK_TEXT_PACKAGE = 'asterisk-core-sounds-en';
const ASTERISK_TEXT_FILE = 'usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

/**
 * The prompts of core-sounds-en.txt ("name: text" lines) that are speech, name -> text: those in the
 * sounds folder itself (not digits/, letters/ and the other single-word folders), without the ones
 * described rather than transcribed ("[this is a simple beep tone]").
 */
export function parseAsteriskTranscripts(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([a-z0-9][\w-]*):\s*(.+?)\s*$/i.exec(line);
    if (!m || /[[\]<>]/.test(m[2] as string)) continue;
    // A note in brackets says what else the file holds ("(simple tone sound plays)"); it is not spoken.
    const text = (m[2] as string).replace(/\s*\([^)]*\)/g, '').trim();
    if (text) out.set(m[1] as string, text);
  }
  return out;
}

/** Every spoken top-level Asterisk prompt that is in the sounds package, with its text. */
export function asteriskTranscripts(dir: string): Map<string, string> {
  const docs = debianPackage(dir, ASTERISK_TEXT_PACKAGE);
  const text = execFileSync('gzip', ['-dc', join(docs, ASTERISK_TEXT_FILE)], { encoding: 'utf8' });
  const sounds = join(debianPackage(dir, ASTERISK_PACKAGE), ASTERISK_DIR);
  const present = new Set(
    readdirSync(sounds)
      .filter((f) => f.endsWith('.g722'))
      .map((f) => f.slice(0, -'.g722'.length)),
  );
  return new Map([...parseAsteriskTranscripts(text)].filter(([name]) => present.has(name)));
}

/** The ALSA channel names, each as 16 kHz mono WAV, in ALSA_CHANNELS order. */
export function alsaChannels(dir: string, toRate: (input: string, output: string) => string): string[] {
  const names = ALSA_CHANNELS.map((c) => join(dir, `alsa-${c}.wav`));
  if (names.every((f) => existsSync(f))) return names;
  const root = debianPackage(dir, ALSA_PACKAGE);
  return ALSA_CHANNELS.map((c, i) => toRate(join(root, ALSA_DIR, `${c}.wav`), names[i] as string));
}

/** "Front_Center" -> "front center". */
export function alsaText(): string {
  return ALSA_CHANNELS.map((c) => c.replace('_', ' ').toLowerCase()).join('. ');
}
