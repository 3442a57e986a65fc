import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startErrorCollector } from './error-collector';

// Media for the intake specs, generated at test time (nothing binary is committed): speech from
// espeak-ng, resampled with sox. The fake microphone plays speech.wav in a loop.

const here = path.dirname(fileURLToPath(import.meta.url));
export const MEDIA_DIR = path.join(here, '.tmp', 'media');

const SENTENCES = [
  'Good morning everyone, and thank you for coming today.',
  'I want to talk about how we can make our weekly meetings shorter and more useful.',
  'First, we will share an agenda the day before, so everybody arrives prepared.',
  'Second, we will end every meeting with clear decisions and owners.',
];

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const raw = path.join(MEDIA_DIR, 'raw.wav');
  const speech = path.join(MEDIA_DIR, 'speech.wav');
  const large = path.join(MEDIA_DIR, 'speech-large.wav');
  if (!fs.existsSync(speech)) {
    execFileSync('espeak-ng', ['-s', '150', '-w', raw, SENTENCES.join(' ')]);
    // About 12 s of speech, mono 16 kHz (the fake microphone and the URL spec).
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', speech, 'trim', '0', '12']);
  }
  if (!fs.existsSync(large)) {
    // About 3 MB: the same speech as 44.1 kHz stereo, repeated (the resumable upload spec).
    execFileSync('sox', [raw, '-r', '44100', '-c', '2', '-b', '16', large, 'repeat', '1', 'trim', '0', '18']);
  }
  const short = path.join(MEDIA_DIR, 'speech-3s.wav');
  if (!fs.existsSync(short)) execFileSync('sox', [speech, short, 'trim', '0', '3']);
  // Eight seconds of digital silence: long enough to upload, then failed by the analysis.
  const silent = path.join(MEDIA_DIR, 'silence-8s.wav');
  if (!fs.existsSync(silent)) execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', silent, 'trim', '0', '8']);
  // The speech as an MP4 video (a colour card with the audio): the conversational upload spec.
  const video = path.join(MEDIA_DIR, 'speech.mp4');
  if (!fs.existsSync(video)) {
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=10', '-i', speech, '-shortest'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video],
    ]);
  }
  fs.rmSync(raw, { force: true });
  fs.writeFileSync(path.join(MEDIA_DIR, 'not-audio.mp3'), 'This is a plain text file pretending to be an mp3.\n'.repeat(200));
  // Error reports of the server and the browser during the run (see error-collector.ts).
  return startErrorCollector();
}
