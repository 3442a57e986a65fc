import { describe, expect, it } from 'vitest';
import { addFrame, emptyStats, type TGaussStats } from './bic-clustering.js';
import { BIC_LAMBDA, SEVERAL_VOICES_DBIC_PER_FRAME } from './diarize.js';
import { twoWaySplit } from './two-voice-split.js';

const D = 6;
/** Units of 150 frames; voice v is centred at `shift * v` on every axis with spread `spread[v]`. */
function units(voices: number[], shift: number, spread: [number, number], seed = 7): TGaussStats[] {
  let state = seed;
  const uniform = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state + 0.5) / 2147483648;
  };
  const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return voices.map((v) => {
    const s = emptyStats(D);
    for (let i = 0; i < 150; i++) addFrame(s, Array.from({ length: D }, () => shift * v + spread[v as 0 | 1] * normal()));
    return s;
  });
}
const ridge = new Float64Array(D).fill(1e-3);
const options = { lambda: BIC_LAMBDA, ridge, minShare: 0.12 };

describe('two-way split search', () => {
  it('finds two voices of unequal spread taking turns, at or above the voice threshold', () => {
    const truth = [0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0];
    const split = twoWaySplit(units(truth, 0.8, [1, 0.5]), options);
    expect(split).toBeDefined();
    const side = split?.side ?? [];
    const agree = side.filter((s, i) => s === truth[i]).length;
    expect(Math.max(agree, truth.length - agree)).toBe(truth.length);
    expect(split?.deltaBicPerFrame ?? 0).toBeGreaterThanOrEqual(SEVERAL_VOICES_DBIC_PER_FRAME);
  });

  it('gives one voice a split below the voice threshold', () => {
    const split = twoWaySplit(units(new Array(12).fill(0), 0.8, [1, 1]), options);
    expect(split?.deltaBicPerFrame ?? -Infinity).toBeLessThan(SEVERAL_VOICES_DBIC_PER_FRAME);
  });

  it('never returns a side under the minimum share', () => {
    const split = twoWaySplit(units([0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 3, [1, 1]), { ...options, minShare: 0.2 });
    // The lone unit is 10% of the frames: no split may keep it apart.
    const smallest = split ? Math.min(...[0, 1].map((s) => split.side.filter((x) => x === s).length)) : Infinity;
    expect(smallest).toBeGreaterThanOrEqual(2);
  });
});
