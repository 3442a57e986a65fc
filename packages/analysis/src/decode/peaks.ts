import { decodePcm } from './decode-pcm.js';

export interface TPeaks {
  peaksPerSecond: number;
  /** Pairs of [min, max] per bucket, flattened: min0, max0, min1, max1, ... in [-1, 1]. */
  data: number[];
  duration: number;
  /** A multichannel file's peaks, one min/max list per channel (the waveform splits them, 001 section 9). */
  channels?: number[][];
}

/** The most channels drawn apart; a file with more shows its first ones. */
export const MAX_SPLIT_CHANNELS = 8;

/** One peaks list per channel of a file with several (one decode at the peaks' low rate, channels kept apart). */
export async function computeChannelPeaks(file: string, channels: number, peaksPerSecond = 50): Promise<number[][]> {
  const count = Math.min(MAX_SPLIT_CHANNELS, channels);
  const pcm = await decodePcm(file, { sampleRate: 8000, splitChannels: count });
  const lists: number[][] = [];
  for (const samples of pcm.channels) lists.push((await computePeaks({ samples, sampleRate: pcm.sampleRate }, peaksPerSecond)).data);
  return lists;
}

/** Waveform peaks for playback, from a file or already decoded samples. */
export async function computePeaks(input: string | { samples: Float32Array; sampleRate: number }, peaksPerSecond = 50): Promise<TPeaks> {
  const pcm =
    typeof input === 'string'
      ? await decodePcm(input, { sampleRate: 8000 }).then((p) => ({
          samples: p.channels[0] ?? new Float32Array(0),
          sampleRate: p.sampleRate,
        }))
      : input;
  const { samples, sampleRate } = pcm;
  const bucket = Math.max(1, Math.round(sampleRate / peaksPerSecond));
  const count = Math.ceil(samples.length / bucket);
  const data: number[] = new Array<number>(count * 2);
  for (let b = 0; b < count; b++) {
    let min = 0;
    let max = 0;
    const end = Math.min(samples.length, (b + 1) * bucket);
    for (let i = b * bucket; i < end; i++) {
      const v = samples[i] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    data[2 * b] = Math.round(min * 1e4) / 1e4;
    data[2 * b + 1] = Math.round(max * 1e4) / 1e4;
  }
  return { peaksPerSecond: sampleRate / bucket, data, duration: samples.length / sampleRate };
}
