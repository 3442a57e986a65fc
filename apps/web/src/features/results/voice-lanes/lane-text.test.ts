import type { TLanes } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { describeMark, laneReading, lanesSummary } from './lane-text';

const lanes: TLanes = {
  version: 1,
  duration: 4,
  step: 1,
  pitch: [null, 24, -31, 0],
  pitchRange: { low: -2.5, high: 3.1 },
  loudness: [-40, -3, 0, -12],
  rateStep: 1,
  rate: [null, 60, 42, 25],
  rateIdeal: { min: 3.5, max: 5.2 },
  pauses: [[0, 0.8]],
  marks: [
    { kind: 'filler', from: 1.2, to: 1.5, label: 'uh/um' },
    { kind: 'upspeak', from: 3.9, to: 3.9, label: '+4.2 st' },
  ],
};

describe('lane text', () => {
  it('reads each lane at a moment', () => {
    expect(laneReading(lanes, 'pitch', 0.5)).toBe('00:00 · No voiced pitch');
    expect(laneReading(lanes, 'pitch', 1.5)).toBe('00:01 · Pitch +2.4 semitones from your middle');
    expect(laneReading(lanes, 'pitch', 2.5)).toBe('00:02 · Pitch −3.1 semitones from your middle');
    expect(laneReading(lanes, 'loudness', 1.5)).toBe('00:01 · Loudness 3 dB below your loud level');
    expect(laneReading(lanes, 'rate', 1.5)).toBe('00:01 · 6.0 syllables per second (fast)');
    expect(laneReading(lanes, 'rate', 2.5)).toBe('00:02 · 4.2 syllables per second (in the ideal range)');
    expect(laneReading(lanes, 'rate', 3.5)).toBe('00:03 · 2.5 syllables per second (slow)');
    expect(laneReading(lanes, 'pauses', 0.4)).toBe('00:00 · Pause of 0.8 s');
    expect(laneReading(lanes, 'pitch', 9)).toBeNull();
  });

  it('names marks and sums the lanes up for screen readers', () => {
    expect(describeMark(lanes.marks[0]!)).toBe('00:01 · Filler (uh/um)');
    expect(describeMark(lanes.marks[1]!)).toBe('00:03 · Upspeak: the phrase ends rising +4.2 st');
    expect(lanesSummary(lanes)).toBe(
      'Pitch: your usual range is -2.5 to +3.1 semitones around your middle. Speaking rate: fast 33% of the time, slow 33%. 1 pause, 1 filler, 0 spotted words, 1 rising phrase end.',
    );
  });
});
