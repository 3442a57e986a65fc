import { spawn } from 'node:child_process';
import { AnalysisError } from '../analysis-error.js';
import { MEDIA_INPUT_ARGS } from './media-formats.js';

export const SAMPLE_RATE = 16_000;

export interface TPcm {
  sampleRate: number;
  /** One Float32Array per channel, samples in [-1, 1]. Mono unless split was asked. */
  channels: Float32Array[];
}

export interface TDecodeOptions {
  sampleRate?: number;
  /** Keep each input channel apart (one speaker per channel); default mixes to mono. */
  splitChannels?: number;
  /** Duration hint from probe(), so the buffer is allocated once. */
  durationHint?: number;
  signal?: AbortSignal;
}

/**
 * Decodes any ffmpeg-readable file to float PCM, streaming from ffmpeg's stdout into one
 * preallocated buffer per channel, so a 15-minute file is held once (about 58 MB mono).
 */
export function decodePcm(file: string, options: TDecodeOptions = {}): Promise<TPcm> {
  const sampleRate = options.sampleRate ?? SAMPLE_RATE;
  const channelCount = Math.max(1, options.splitChannels ?? 1);
  // Only real media containers: a playlist's entries are never opened (media-formats.ts).
  const args = ['-v', 'error', '-nostdin', ...MEDIA_INPUT_ARGS, '-i', file, '-vn', '-sn', '-dn', '-ac', String(channelCount)];
  args.push('-ar', String(sampleRate), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1');
  let capacity = Math.ceil(((options.durationHint ?? 60) + 1) * sampleRate);
  let buffers = Array.from({ length: channelCount }, () => new Float32Array(capacity));
  let frames = 0;
  let carry: Buffer | null = null;
  const frameBytes = 2 * channelCount;

  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr: Buffer[] = [];
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.on('data', (b: Buffer) => {
      if (stderr.length < 64) stderr.push(b);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = Math.floor(data.length / frameBytes);
      if (frames + whole > capacity) {
        capacity = Math.max(capacity * 2, frames + whole);
        buffers = buffers.map((old) => {
          const grown = new Float32Array(capacity);
          grown.set(old.subarray(0, frames));
          return grown;
        });
      }
      for (let c = 0; c < channelCount; c++) {
        const out = buffers[c] as Float32Array;
        for (let i = 0, o = c * 2; i < whole; i++, o += frameBytes) out[frames + i] = data.readInt16LE(o) / 32768;
      }
      frames += whole;
      const rest = data.length - whole * frameBytes;
      carry = rest > 0 ? Buffer.from(data.subarray(data.length - rest)) : null;
    });
    child.on('error', (e) => reject(new AnalysisError('unprocessable', 'ffmpeg could not start', { cause: e })));
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) return reject(new AnalysisError('cancelled'));
      if (code !== 0) {
        const text = Buffer.concat(stderr).toString('utf8').trim().slice(0, 300);
        return reject(new AnalysisError('unprocessable', `ffmpeg exited ${String(code)}: ${text}`));
      }
      // slice() copies only when the estimate was too generous, freeing the spare tail.
      const channels = buffers.map((b) => (b.length - frames > sampleRate * 5 ? b.slice(0, frames) : b.subarray(0, frames)));
      resolve({ sampleRate, channels });
    });
  });
}
