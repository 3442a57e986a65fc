import { execFileSync } from 'node:child_process';
import { constants, mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '../analysis-error.js';
import { decodePcm } from './decode-pcm.js';
import { isAllowedFormat } from './media-formats.js';
import { probe } from './probe.js';

// Files that are not media but make ffmpeg read other files (a playlist, a concat script, an
// SDP description) must be refused, and ffprobe must not open what they point at.

const dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-probe-'));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
/** The "other recording": real audio the refused files point at. */
const secret = path.join(dir, 'secret.m4a');
const secretWav = path.join(dir, 'secret.wav');

beforeAll(() => {
  ffmpeg('-f', 'lavfi', '-i', 'sine=f=220:d=6', '-ar', '16000', secretWav);
  ffmpeg('-i', secretWav, '-c:a', 'aac', secret);
});

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};
const hls = (target: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:6.0,\n${target}\n#EXT-X-ENDLIST\n`;

describe('probe: real media', () => {
  // What phones, browsers and recorders produce: iPhone m4a, MediaRecorder webm, and the rest.
  const cases: [string, string[], string][] = [
    ['wav', [], 'wav'],
    ['mp3', ['-c:a', 'libmp3lame'], 'mp3'],
    ['m4a', ['-c:a', 'aac', '-f', 'ipod'], 'mov,mp4,m4a,3gp,3g2,mj2'],
    ['webm', ['-c:a', 'libopus'], 'matroska,webm'],
    ['ogg', ['-c:a', 'libvorbis'], 'ogg'],
    ['flac', [], 'flac'],
  ];
  for (const [ext, args, format] of cases) {
    it(`accepts ${ext}`, async () => {
      const file = path.join(dir, `talk.${ext}`);
      ffmpeg('-i', secretWav, ...args, file);
      const facts = await probe(file);
      expect(facts.format).toBe(format);
      expect(facts.hasAudio).toBe(true);
      expect(facts.duration).toBeGreaterThan(5);
      // Decoding goes through the same gate.
      expect((await decodePcm(file)).channels[0]!.length).toBeGreaterThan(16000 * 5);
    });
  }

  it('accepts an MP4 video', async () => {
    const file = path.join(dir, 'talk.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=160x120:r=10',
      '-i',
      secretWav,
      '-shortest',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      file,
    );
    const facts = await probe(file);
    expect(facts).toMatchObject({ hasAudio: true, isVideo: true });
  });
});

describe('probe: playlists and file lists are refused', () => {
  const refused: [string, () => string][] = [
    ['an HLS playlist saved as .mp3', () => write('hls.mp3', hls(secret))],
    ['an HLS playlist with a relative entry', () => write('hls-relative.mp3', hls('secret.m4a'))],
    ['an ffconcat script', () => write('concat1.mp3', `ffconcat version 1.0\nfile 'secret.m4a'\n`)],
    ['a concat file list', () => write('concat2.wav', `file 'secret.m4a'\nfile 'secret.wav'\n`)],
    [
      'an SDP description',
      () => write('stream.mp3', 'v=0\no=- 0 0 IN IP4 127.0.0.1\ns=talk\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 5004 RTP/AVP 0\n'),
    ],
  ];
  for (const [name, make] of refused) {
    it(`refuses ${name}`, async () => {
      const err = await probe(make()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AnalysisError);
      expect((err as AnalysisError).code).toBe('unprocessable');
      await expect(decodePcm(make())).rejects.toBeInstanceOf(AnalysisError);
    });
  }

  it('never opens the file a playlist or concat script points at', async () => {
    // A FIFO shows whether anyone opened it: our writer's open() completes only when a reader does.
    const fifo = path.join(dir, 'watched.m4a');
    execFileSync('mkfifo', [fifo]);
    const files = [write('watch-hls.mp3', hls(fifo)), write('watch-concat.mp3', `ffconcat version 1.0\nfile 'watched.m4a'\n`)];
    let opened = false;
    const writer = open(fifo, 'w').then((h) => {
      opened = true;
      return h.close();
    });
    // The timeout ends a probe that did open the FIFO (it would wait for data forever).
    for (const file of files) await expect(probe(file, AbortSignal.timeout(5000))).rejects.toBeInstanceOf(AnalysisError);
    await new Promise((r) => setTimeout(r, 200));
    expect(opened).toBe(false);
    // Release the pending writer.
    const reader = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    await writer;
    await reader.close();
  });
});

describe('isAllowedFormat', () => {
  it('matches any name of a format list against the allowed demuxers', () => {
    for (const f of ['wav', 'mp3', 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg', 'flac', 'aac', 'amr', 'asf', 'mpegts'])
      expect(isAllowedFormat(f), f).toBe(true);
    for (const f of [
      'hls',
      'hls,applehttp',
      'concat',
      'ffconcat',
      'image2',
      'lavfi',
      'sdp',
      'rtp',
      'rtsp',
      'dash',
      'webm_dash_manifest',
      'tty',
      'mpegtsraw',
      'unknown',
      '',
    ]) {
      expect(isAllowedFormat(f), f).toBe(false);
    }
  });
});
