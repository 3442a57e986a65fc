import { z } from 'zod';
import { ZIdSchema } from './api.js';
import type { TPlottableDial } from './history.js';

// Progress on the history page (issue 20): several dials at once, a trend per dial judged against
// its ideal zone, and the group's median as a reference line where privacy levels allow.

/** The dials the Progress view shows until the user picks others. */
export const PROGRESS_DEFAULT_DIALS: readonly TPlottableDial[] = ['overall', 'pace', 'pauseToTalk', 'clarity', 'strengthOfOpening'];
/** A trend looks at this many of the latest plotted recordings. */
export const TREND_WINDOW = 5;
/** Below this many recordings with a value and an ideal zone, no trend is shown. */
export const TREND_MIN_POINTS = 3;
/**
 * A change in distance from the ideal zone over the window smaller than this share of the zone's
 * width is noise: the trend is steady.
 */
export const TREND_DEAD_ZONE_SHARE = 0.25;
/** A group median needs values of at least this many distinct speakers besides the one plotted. */
export const GROUP_MEDIAN_MIN_SPEAKERS = 3;

export type TTrend = 'improving' | 'steady' | 'slipping';

export interface TTrendPoint {
  value: number;
  band: { low: number; high: number } | null | undefined;
}

/** How far a value lies outside its ideal zone (0 inside it), in the value's unit. */
export function distanceFromBand(value: number, band: { low: number; high: number }): number {
  if (value < band.low) return band.low - value;
  if (value > band.high) return value - band.high;
  return 0;
}

/** The middle value (the mean of the middle two for an even count); NaN for none. */
export function medianOf(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Theil–Sen slope: the median of the slopes between every pair of points (robust to one outlier). */
export function theilSenSlope(ys: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < ys.length; i++) for (let j = i + 1; j < ys.length; j++) slopes.push((ys[j]! - ys[i]!) / (j - i));
  return slopes.length ? medianOf(slopes) : 0;
}

/**
 * The trend of one dial over its latest TREND_WINDOW recordings (oldest first): moving toward or
 * into the ideal zone is improving even when the number falls (pace 6.0 to 5.0 with a zone of
 * 3.5 to 5.2). The distance from the zone is fitted by Theil–Sen; a change over the window within
 * TREND_DEAD_ZONE_SHARE of the zone's width is steady. Null (no trend shown) with fewer than
 * TREND_MIN_POINTS recordings that have an ideal zone.
 */
export function trendOf(points: readonly TTrendPoint[], window = TREND_WINDOW): TTrend | null {
  const judged = points.filter((p): p is TTrendPoint & { band: { low: number; high: number } } => !!p.band).slice(-window);
  if (judged.length < TREND_MIN_POINTS) return null;
  const distances = judged.map((p) => distanceFromBand(p.value, p.band));
  const change = theilSenSlope(distances) * (judged.length - 1);
  const width = medianOf(judged.map((p) => p.band.high - p.band.low));
  const deadZone = TREND_DEAD_ZONE_SHARE * Math.max(width, Number.EPSILON);
  if (Math.abs(change) <= deadZone) return 'steady';
  return change < 0 ? 'improving' : 'slipping';
}

export const ZHistoryGroupMediansQuerySchema = z.object({ userId: ZIdSchema.optional() });

/**
 * The group's median per dial over the history's time window (GET /history/group-medians):
 * aggregates only. `dials` holds a dial only where at least GROUP_MEDIAN_MIN_SPEAKERS other
 * speakers have a value for it; `groups` are those whose privacy levels let the caller see it.
 */
export const ZHistoryGroupMediansSchema = z.object({
  groups: z.array(z.object({ groupId: z.uuid(), name: z.string() })),
  /** First day of the window's first month and first day after its last month (UTC), or null without history. */
  from: z.iso.datetime().nullable(),
  to: z.iso.datetime().nullable(),
  dials: z.record(z.string(), z.object({ median: z.number(), speakerCount: z.number().int() })),
});
export type THistoryGroupMedians = z.infer<typeof ZHistoryGroupMediansSchema>;
