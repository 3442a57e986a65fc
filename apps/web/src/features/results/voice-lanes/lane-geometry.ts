import type { TLaneMark } from '@rostrum/contract';
import type { TWaveformView } from '../../../components/waveform/waveform-controller';

// Where the lanes' values land on screen: the shown stretch of the recording (the waveform's
// view) maps onto the lane's width. A 15-minute take has 18,000 values a series, so only the
// shown ones are read, and where more than one falls on a pixel they are folded into it.

export function timeToX(time: number, view: TWaveformView, width: number): number {
  const span = view.end - view.start;
  return span > 0 ? ((time - view.start) / span) * width : 0;
}

export function xToTime(x: number, view: TWaveformView, width: number): number {
  return width > 0 ? view.start + (x / width) * (view.end - view.start) : view.start;
}

/** One drawn column (or one value when zoomed in): where it is, and the values it stands for. */
export interface TLanePoint {
  x: number;
  min: number;
  max: number;
  mean: number;
}

/**
 * The shown part of a series as points, null where the series has no value (a break in the
 * line). At most one point per pixel column: a column holds the min, max and mean of its values.
 */
export function visiblePoints(values: readonly (number | null)[], step: number, view: TWaveformView, width: number): (TLanePoint | null)[] {
  if (width <= 0 || view.end <= view.start || values.length === 0) return [];
  // One value either side, so a line runs to the lane's edges.
  const first = Math.max(0, Math.floor(view.start / step) - 1);
  const last = Math.min(values.length - 1, Math.ceil(view.end / step) + 1);
  const centreOf = (i: number) => (i + 0.5) * step;
  const out: (TLanePoint | null)[] = [];
  if (last - first + 1 <= width) {
    for (let i = first; i <= last; i++) {
      const v = values[i];
      out.push(v === null || v === undefined ? null : { x: timeToX(centreOf(i), view, width), min: v, max: v, mean: v });
    }
    return out;
  }
  const perPx = (view.end - view.start) / width;
  let i = first;
  for (let col = 0; col < Math.ceil(width); col++) {
    const colEnd = view.start + (col + 1) * perPx;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let n = 0;
    for (; i <= last && centreOf(i) < colEnd; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
      n++;
    }
    out.push(n === 0 ? null : { x: col + 0.5, min, max, mean: sum / n });
  }
  return out;
}

/** The pauses that show, as [x, width] in pixels (at least 1 px wide). */
export function visibleSpans(spans: readonly [number, number][], view: TWaveformView, width: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of spans) {
    if (to < view.start || from > view.end) continue;
    const x0 = timeToX(from, view, width);
    const x1 = timeToX(to, view, width);
    out.push([x0, Math.max(1, x1 - x0)]);
  }
  return out;
}

/** The mark nearest to x within `radius` pixels, or null. */
export function markAt(marks: readonly TLaneMark[], x: number, view: TWaveformView, width: number, radius = 6): TLaneMark | null {
  let best: TLaneMark | null = null;
  let bestDistance = radius;
  for (const m of marks) {
    const mx = timeToX((m.from + m.to) / 2, view, width);
    const d = Math.abs(mx - x);
    if (d <= bestDistance) {
      best = m;
      bestDistance = d;
    }
  }
  return best;
}
