import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Test media made at test time with espeak-ng and ffmpeg (nothing large is committed).
const DIR = path.join(os.tmpdir(), 'rostrum-server-fixtures');

const SPEECH =
  'Good morning everyone. Today I want to talk about why speaking clearly matters. ' +
  'When we rush, people stop listening. So slow down, pause, and let your ideas land. ' +
  'Thank you for listening.';

/** About ten seconds of speech as a 16 kHz WAV. */
export function speechWav(): string {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, 'speech.wav');
  if (!existsSync(file)) execFileSync('espeak-ng', ['-s', '150', '-w', file, SPEECH]);
  return file;
}

/** The same speech as an MP4 video (a colour card with the audio). */
export function speechMp4(): string {
  const file = path.join(DIR, 'speech.mp4');
  if (!existsSync(file)) {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=15', '-i', speechWav(), '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file]);
  }
  return file;
}
