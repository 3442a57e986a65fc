import { describe, expect, it } from 'vitest';
import { finalMovement, isTerminalRise, reliableEnding, type TFinalMovement } from './final-rise.js';

/** A measured end: level, no fall, a phrase with a normal range; `over` changes the fields under test. */
const end = (over: Partial<TFinalMovement>): TFinalMovement => ({
  rise: 0.5,
  end: 10,
  fall: 0.1,
  dropAfter: 0,
  riseSeconds: 0.2,
  tailDelta: 0,
  position: -0.5,
  overBaseline: -2,
  aboveBaseline: -0.3,
  aboveLow: 0,
  phraseRange: 3,
  at: 1,
  ...over,
});

describe('isTerminalRise', () => {
  it('counts an end at the speaker’s low even when the phrase had a deep final lowering', () => {
    // The end sits half the speaker's range under the extrapolated baseline (the phrase ended in a
    // steep fall the rise only partly undid) but at the speaker's own low register.
    expect(isTerminalRise(end({ aboveBaseline: -0.5, aboveLow: -0.05 }))).toBe(true);
  });

  it('does not count an end well into the speaker’s bottom register', () => {
    expect(isTerminalRise(end({ aboveBaseline: 0, aboveLow: -0.18 }))).toBe(false);
  });

  it('does not count a rise-fall or a flat monotone end', () => {
    expect(isTerminalRise(end({ fall: 2.5 }))).toBe(false);
    expect(isTerminalRise(end({ phraseRange: 1, rise: 1 }))).toBe(false);
    expect(isTerminalRise(null)).toBe(false);
  });
});

describe('reliableEnding', () => {
  const stretch = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => from + k);

  it('breaks voicing at an octave slip or a gap and keeps the last stretch of 80 ms or more', () => {
    const st: Record<number, number> = {};
    const a = stretch(0, 9);
    const b = stretch(10, 19);
    const blip = stretch(26, 28);
    for (const i of a) st[i] = 5;
    for (const i of b) st[i] = 17;
    for (const i of blip) st[i] = 17;
    const pitchOf = (i: number): number => st[i] ?? 0;
    expect(reliableEnding([...a, ...b], pitchOf)).toEqual(b);
    // A three-frame bit after a 60 ms gap is no stretch of its own: the one before is measured.
    expect(reliableEnding([...a, ...b, ...blip], pitchOf)).toEqual(b);
    expect(reliableEnding(stretch(0, 5), pitchOf)).toEqual([]);
  });
});

describe('isTerminalRise, voicing left after the tail', () => {
  it('does not count a high end when the voicing after it went on down', () => {
    // The stressed syllable is measured high, the final syllable's few voiced frames lie far under it.
    expect(isTerminalRise(end({ aboveLow: 0.6, dropAfter: 8 }))).toBe(false);
    expect(isTerminalRise(end({ aboveLow: 0.6, dropAfter: 0.5 }))).toBe(true);
  });
});

describe('finalMovement, a final syllable too short to measure', () => {
  /** 100 Hz-relative semitones to Hz. */
  const hz = (st: number): number => 100 * 2 ** (st / 12);
  const contour = (st: (i: number) => number, n: number) => ({
    start: 0,
    step: 0.01,
    values: Float32Array.from({ length: n }, (_, i) => (st(i) > -99 ? hz(st(i)) : 0)),
  });

  it('measures how far the few frames after the tail lie under its end', () => {
    // 0.8 s level at 10 st, the stressed syllable; a 100 ms closure; a 30 ms final vowel at -4 st.
    const pitch = contour((i) => (i < 80 ? 10 : i < 90 ? -100 : i < 93 ? -4 : -100), 100);
    const m = finalMovement(pitch, null, [{ from: 0, to: 0.95 }], { low: 3, high: 12 });
    expect(m?.end).toBeCloseTo(10, 1);
    expect(m?.dropAfter).toBeCloseTo(14, 0);
    expect(isTerminalRise(m)).toBe(false);
  });

  it('finds nothing left over when the voicing ends with the tail', () => {
    const pitch = contour((i) => (i < 80 ? 10 : -100), 100);
    expect(finalMovement(pitch, null, [{ from: 0, to: 0.95 }], { low: 3, high: 12 })?.dropAfter).toBe(0);
  });
});
