import { describe, expect, it } from 'vitest';
import { LANES_VERSION, ZLanesSchema, type TLanes } from './lanes.js';

const lanes = (over: Partial<Record<keyof TLanes, unknown>> = {}) => ({
  version: LANES_VERSION,
  duration: 1,
  step: 0.05,
  pitch: [null, 12, -30],
  pitchRange: { low: -3, high: 4 },
  loudness: [-40, -12, 2],
  rateStep: 0.5,
  rate: [null, 45],
  rateIdeal: { min: 3.5, max: 5 },
  pauses: [[0.2, 0.8]],
  marks: [{ kind: 'filler', from: 0.1, to: 0.3, label: 'um' }],
  ...over,
});

describe('ZLanesSchema series', () => {
  it('accepts whole numbers, with nulls where the lane allows them', () => {
    expect(ZLanesSchema.safeParse(lanes()).success).toBe(true);
    expect(ZLanesSchema.safeParse(lanes({ pitch: [], loudness: [], rate: [] })).success).toBe(true);
  });

  it.each([
    ['a null loudness', { loudness: [-3, null] }],
    ['a fraction in pitch', { pitch: [1.5] }],
    ['a string in rate', { rate: ['45'] }],
    ['a series that is not a list', { pitch: { 0: 1 } }],
    ['an infinite value', { loudness: [Number.POSITIVE_INFINITY] }],
  ])('refuses %s', (_what, over) => {
    expect(ZLanesSchema.safeParse(lanes(over)).success).toBe(false);
  });
});
