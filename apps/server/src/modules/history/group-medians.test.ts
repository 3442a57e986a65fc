import { describe, expect, it } from 'vitest';
import { dialMedians, monthWindow } from './group-medians.service.js';

describe('the group median window', () => {
  it('spans whole UTC months, across a year end', () => {
    expect(monthWindow(['2026-12-30T23:00:00.000Z', '2026-11-02T08:00:00.000Z'])).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      to: new Date('2027-01-01T00:00:00.000Z'),
    });
    expect(monthWindow([])).toBeNull();
  });
});

describe('dial medians of other speakers', () => {
  const row = (userId: string, overall: number, pace?: number): { userId: string; values: Record<string, number> } => ({
    userId,
    values: pace === undefined ? { overall } : { overall, pace },
  });

  it("takes each speaker's median once, then the median of those", () => {
    // a: 1, 1, 1, 9 -> 1; b: 5; c: 7 -> median of 1, 5, 7 is 5 (not the 1 of the pooled recordings).
    const rows = [row('a', 1), row('a', 1), row('a', 1), row('a', 9), row('b', 5), row('c', 7)];
    expect(dialMedians(rows).overall).toEqual({ median: 5, speakerCount: 3 });
  });

  it('leaves out a dial fewer than three speakers have', () => {
    const d = dialMedians([row('a', 6, 4), row('b', 7, 5), row('c', 8)]);
    expect(d.overall).toEqual({ median: 7, speakerCount: 3 });
    expect(d.pace).toBeUndefined();
  });
});
