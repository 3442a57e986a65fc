import { describe, expect, it } from 'vitest';
import type { THistoryPoint } from '@rostrum/contract';
import { buildProgress, trendNote } from './progress-series';

const PACE = { min: 1, max: 8, idealMin: 3.5, idealMax: 5.2 };
const point = (i: number, values: Record<string, number>): THistoryPoint => ({
  recordingId: `00000000-0000-4000-8000-00000000000${i}`,
  title: `Talk ${i}`,
  createdDate: `2026-03-0${i + 1}T10:00:00.000Z`,
  values,
  ideals: { pace: PACE, overall: { min: 0, max: 10, idealMin: 7, idealMax: 10 } },
});

describe('the Progress view series', () => {
  const history = [6.0, 5.8, 5.5, 5.2, 5.0].map((pace, i) => point(i, { pace, overall: 5, varietyVolume: 40 + i }));

  it('plots each chosen dial in the order chosen', () => {
    const charts = buildProgress(history, ['pace', 'overall'], undefined);
    expect(charts.map((c) => [c.key, c.series.points.length])).toEqual([
      ['pace', 5],
      ['overall', 5],
    ]);
    // The small charts' x labels are plain text: the title links live in the one-score chart.
    expect(charts[0]!.series.points.every((p) => p.href === undefined)).toBe(true);
  });

  it('judges a trend against the ideal zone: a falling pace into the zone improves', () => {
    const [pace] = buildProgress(history, ['pace'], undefined);
    expect(pace!.trend).toBe('improving');
    expect(trendNote(pace!)).toBe('Moving toward the ideal zone over the last 5 recordings');
    // Three recordings: the note says so rather than the window's five.
    const [short] = buildProgress(history.slice(2), ['pace'], undefined);
    expect(trendNote(short!)).toBe('No clear change against the ideal zone over the last 3 recordings');
  });

  it('shows no trend under 3 recordings, or for a dial without an ideal zone', () => {
    const [pace] = buildProgress(history.slice(0, 2), ['pace'], undefined);
    expect(pace!.trend).toBeNull();
    expect(trendNote(pace!)).toBe('A trend shows from 3 recordings');
    const [volume] = buildProgress(history, ['varietyVolume'], undefined);
    expect(volume!.noTrend).toBe('no-zone');
  });

  it('widens the y range to hold the group median, and keeps it only for dials the server sent', () => {
    const charts = buildProgress(history, ['pace', 'overall'], { pace: { median: 8.5, speakerCount: 4 } });
    expect(charts[0]!.median).toEqual({ value: 8.5, speakerCount: 4 });
    expect(charts[0]!.series.max).toBe(8.5);
    expect(charts[1]!.median).toBeNull();
  });
});
