import { describe, expect, it } from 'vitest';
import { gaugeAngle, judgeAgainstIdeal, varietyBarScore, VIBES, ZResultsSchema } from './results.js';

const ideal = { min: 1, max: 8, idealMin: 3.5, idealMax: 5.2 };

describe('results rules', () => {
  it('judges against the ideal range and maps the gauge angle into thirds', () => {
    expect(judgeAgainstIdeal(3, ideal)).toBe('low');
    expect(judgeAgainstIdeal(4, ideal)).toBe('ideal');
    expect(judgeAgainstIdeal(6, ideal)).toBe('high');
    expect(gaugeAngle(1, ideal)).toBe(0);
    expect(gaugeAngle(3.5, ideal)).toBe(60);
    expect(gaugeAngle(5.2, ideal)).toBe(120);
    expect(gaugeAngle(8, ideal)).toBe(180);
  });
  it('clamps variety bars to 0-8 around 4', () => {
    expect(varietyBarScore(0)).toBe(4);
    expect(varietyBarScore(-6)).toBe(0);
    expect(varietyBarScore(5)).toBe(8);
  });
  it('has 20 vibes and rejects results without scores', () => {
    expect(VIBES).toHaveLength(20);
    expect(ZResultsSchema.safeParse({ isConversational: false }).success).toBe(false);
  });
});
