import { describe, expect, it } from 'vitest';
import { isTerminalRise, type TFinalMovement } from './final-rise.js';

/** A measured end: level, no fall, a phrase with a normal range; `over` changes the fields under test. */
const end = (over: Partial<TFinalMovement>): TFinalMovement => ({
  rise: 0.5,
  end: 10,
  fall: 0.1,
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
