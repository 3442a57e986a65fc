import { describe, expect, it } from 'vitest';
import { markAt, timeToX, visiblePoints, visibleSpans, xToTime } from './lane-geometry';

const view = { start: 10, end: 20 };

describe('lane geometry', () => {
  it('maps the shown stretch onto the width and back', () => {
    expect(timeToX(10, view, 500)).toBe(0);
    expect(timeToX(15, view, 500)).toBe(250);
    expect(xToTime(500, view, 500)).toBe(20);
  });

  it('gives one point per value when zoomed in, with breaks where there is none', () => {
    // 0.5 s steps: 20 values show across 10 s, fewer than 100 pixels.
    const values = Array.from({ length: 60 }, (_, i) => (i === 30 ? null : i));
    const points = visiblePoints(values, 0.5, view, 100);
    expect(points.length).toBe(23);
    expect(points.filter((p) => p === null)).toHaveLength(1);
    expect(points[1]).toEqual({ x: timeToX(10.25, view, 100), min: 20, max: 20, mean: 20 });
  });

  it('folds the values of a pixel column into its min, max and mean', () => {
    // 18,000 values (15 minutes at 0.05 s) onto 900 pixels: 20 a column.
    const values = Array.from({ length: 18_000 }, (_, i) => i % 20);
    const points = visiblePoints(values, 0.05, { start: 0, end: 900 }, 900);
    expect(points).toHaveLength(900);
    expect(points[0]).toEqual({ x: 0.5, min: 0, max: 19, mean: 9.5 });
    expect(points[899]).toEqual({ x: 899.5, min: 0, max: 19, mean: 9.5 });
  });

  it('leaves out pauses outside the view and keeps thin ones visible', () => {
    const spans = visibleSpans(
      [
        [1, 2],
        [12, 12.001],
        [19, 25],
      ],
      view,
      100,
    );
    expect(spans).toEqual([
      [20, 1],
      [90, 60],
    ]);
  });

  it('finds the mark under the pointer within a few pixels', () => {
    const marks = [
      { kind: 'filler' as const, from: 12, to: 12.4, label: 'uh/um' },
      { kind: 'word' as const, from: 15, to: 15.4, label: 'agenda' },
    ];
    expect(markAt(marks, timeToX(15.2, view, 1000) + 4, view, 1000)?.label).toBe('agenda');
    expect(markAt(marks, timeToX(13.5, view, 1000), view, 1000)).toBeNull();
  });
});
