import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Test media made at test time with espeak-ng, flite and ffmpeg (nothing large is committed).
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

/**
 * The same talk in flite's voice: the recogniser hears it far better than espeak-ng's (whose
 * transcript is mostly wrong), so tests that count words heard by the analysis use this one.
 */
export function naturalSpeechWav(): string {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, 'speech-flite.wav');
  if (!existsSync(file)) execFileSync('flite', ['-voice', 'slt', '-t', SPEECH, '-o', file]);
  return file;
}

/** The same speech as an MP4 video (a colour card with the audio). */
export function speechMp4(): string {
  const file = path.join(DIR, 'speech.mp4');
  if (!existsSync(file)) {
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=navy:s=320x240:r=15',
      '-i',
      speechWav(),
      '-shortest',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
  }
  return file;
}

/** The same speech as AAC in an M4A (what a finished recording's audio.m4a looks like). */
export function speechM4a(): string {
  const file = path.join(DIR, 'speech.m4a');
  if (!existsSync(file)) execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', speechWav(), '-c:a', 'aac', '-f', 'ipod', file]);
  return file;
}

/**
 * Text files that make ffmpeg read further inputs, as a playlist upload attack sends them: the
 * playlist and concat forms point at `target` (relative to where the file lies, or absolute);
 * the SDP description points at a network stream.
 */
export function mediaReferencingFiles(target: string): Record<string, string> {
  return {
    'HLS playlist': `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${target}\n#EXT-X-ENDLIST\n`,
    'ffconcat script': `ffconcat version 1.0\nfile '${target}'\n`,
    'concat file list': `file '${target}'\n`,
    'SDP description': 'v=0\no=- 0 0 IN IP4 127.0.0.1\ns=talk\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 5004 RTP/AVP 0\na=rtpmap:0 PCMU/8000\n',
  };
}

/**
 * The talk as WebM/Opus, as Chromium's MediaRecorder records it (live captures): the recogniser's
 * voice (flite), repeated `times` with a second of silence between (a longer talk with pauses).
 */
export function speechWebm(times = 1): string {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `speech-x${times}.webm`);
  if (!existsSync(file)) {
    const inputs = Array.from({ length: times }, () => ['-i', naturalSpeechWav()]).flat();
    const pads = Array.from({ length: times }, (_, i) => `[${i}:a]apad=pad_dur=1[a${i}]`).join(';');
    const joined = Array.from({ length: times }, (_, i) => `[a${i}]`).join('');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      `${pads};${joined}concat=n=${times}:v=0:a=1[out]`,
      '-map',
      '[out]',
      '-ar',
      '48000',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-f',
      'webm',
      file,
    ]);
  }
  return file;
}
