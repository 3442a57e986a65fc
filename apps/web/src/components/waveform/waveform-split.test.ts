import { describe, expect, it } from 'vitest';
import { waveformSplit } from './waveform-split';

// Min/max pairs at 2 buckets a second: 4 s of a loud, steady signal.
const mono = [-0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5];
const peaks = { peaksPerSecond: 2, data: mono, duration: 4 };
const url = '/api/v1/media/rec/audio?sig=abc';

describe('waveformSplit (001 section 9: more than two speakers, multichannel)', () => {
  it('is one waveform for one or two speakers on a one-channel file', () => {
    expect(waveformSplit({ playbackUrl: url, numSpeakers: 1, peaks })).toBeNull();
    expect(waveformSplit({ playbackUrl: url, numSpeakers: 2, peaks, speakers: [] })).toBeNull();
  });

  it("splits a file's channels when its peaks have more than two; a stereo file stays one waveform", () => {
    const left = mono.map((v) => v / 2);
    const quiet = mono.map((v) => v / 4);
    expect(waveformSplit({ playbackUrl: url, numSpeakers: 1, peaks: { ...peaks, channels: [left, mono, quiet] } })).toEqual({
      kind: 'channels',
      channels: [left, mono, quiet],
    });
    expect(waveformSplit({ playbackUrl: url, numSpeakers: 1, peaks: { ...peaks, channels: [left, mono] } })).toBeNull();
  });

  it("splits on an address holding 'multichannel' too; with one channel stored, that one fills the lane", () => {
    expect(waveformSplit({ playbackUrl: '/media/talk-multichannel.m4a', numSpeakers: 1, peaks })).toEqual({
      kind: 'channels',
      channels: [mono],
    });
  });

  it('draws one lane per speaker of a mono recording with more than two speakers: the waveform where each talks', () => {
    const speakers = [
      { speaker: 1, turns: [{ from: 0, to: 1 }] },
      { speaker: 2, turns: [{ from: 1, to: 2.5 }] },
      { speaker: 3, turns: [{ from: 3, to: 4 }] },
    ];
    const lanes = waveformSplit({ playbackUrl: url, numSpeakers: 3, peaks, speakers });
    expect(lanes?.kind).toBe('speakers');
    // Buckets of 0.5 s: speaker 1 talks in buckets 0-1, speaker 2 in 2-4, speaker 3 in 6-7.
    const on = (lane: number[]) => lane.filter((_, i) => i % 2 === 1).map((v) => (v > 0 ? 1 : 0));
    expect(lanes!.channels.map(on)).toEqual([
      [1, 1, 0, 0, 0, 0, 0, 0],
      [0, 0, 1, 1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 1, 1],
    ]);
  });
});
