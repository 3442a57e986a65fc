import { describe, expect, it } from 'vitest';
import { distanceFromBand, theilSenSlope, trendOf, TREND_WINDOW } from './progress.js';

const PACE = { low: 3.5, high: 5.2 };
const DELIVERY = { low: 7, high: 10 };
const series = (values: number[], band: { low: number; high: number } | null = PACE) => values.map((value) => ({ value, band }));

describe('distance from the ideal zone', () => {
  it('is 0 inside the zone and the gap outside it', () => {
    expect(distanceFromBand(4, PACE)).toBe(0);
    expect(distanceFromBand(6, PACE)).toBeCloseTo(0.8);
    expect(distanceFromBand(3, PACE)).toBeCloseTo(0.5);
  });
});

describe('Theil–Sen slope', () => {
  it('fits a line and shrugs off one outlier', () => {
    expect(theilSenSlope([1, 2, 3, 4, 5])).toBeCloseTo(1);
    expect(theilSenSlope([1, 2, 30, 4, 5])).toBeCloseTo(1);
    expect(theilSenSlope([2])).toBe(0);
  });
});

describe('the trend of a dial against its ideal zone', () => {
  it('is improving when a falling value moves into the zone (pace 6.0 to 5.0)', () => {
    expect(trendOf(series([6.0, 5.8, 5.5, 5.2, 5.0]))).toBe('improving');
  });

  it('is improving when a rising value moves toward the zone', () => {
    expect(trendOf(series([3, 4, 5, 5.5, 6], DELIVERY))).toBe('improving');
  });

  it('is slipping when the value leaves the zone, whichever way', () => {
    expect(trendOf(series([4.5, 5.0, 5.6, 6.2, 6.8]))).toBe('slipping');
    expect(trendOf(series([4.0, 3.6, 3.2, 2.8, 2.4]))).toBe('slipping');
    expect(trendOf(series([9, 8, 7, 6, 5], DELIVERY))).toBe('slipping');
  });

  it('is steady for noise smaller than the dead zone', () => {
    expect(trendOf(series([5.0, 5.3, 4.9, 5.2, 5.0], DELIVERY))).toBe('steady');
    expect(trendOf(series([6.0, 6.1, 5.95, 6.05, 6.0]))).toBe('steady');
  });

  it('is steady while every value stays inside the zone, even as it moves', () => {
    expect(trendOf(series([3.6, 4.0, 4.4, 4.8, 5.1]))).toBe('steady');
  });

  it('is not shown with fewer than 3 recordings that have an ideal zone', () => {
    expect(trendOf(series([6, 5]))).toBeNull();
    expect(trendOf([])).toBeNull();
    expect(trendOf([...series([6, 5.5]), ...series([5, 4.5], null)])).toBeNull();
  });

  it(`judges only the latest ${TREND_WINDOW} recordings`, () => {
    // A long fall into the zone, then a steady stretch: the older part no longer counts.
    expect(trendOf(series([8, 7.5, 7, 6.5, 6, 6, 6.05, 5.95, 6, 6]))).toBe('steady');
    expect(trendOf(series([8, 7.5, 7, 6.5, 6, 6, 6.05, 5.95, 6, 6]), 10)).toBe('improving');
  });

  it('is robust to one wild recording', () => {
    expect(trendOf(series([6.0, 5.8, 9.0, 5.2, 5.0]))).toBe('improving');
  });
});
