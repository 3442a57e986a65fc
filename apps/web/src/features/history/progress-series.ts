import { TREND_MIN_POINTS, TREND_WINDOW, trendOf, type THistoryGroupMedians, type THistoryPoint, type TTrend } from '@rostrum/contract';
import { buildSeries, type TSeries } from './history-series';

// The Progress view of the history page (issue 20): one small chart per chosen dial, each with its
// trend over the latest recordings and, where the server sent one, the group's median.

export const TREND_WORDS: Record<TTrend, string> = { improving: 'Improving', steady: 'Steady', slipping: 'Slipping' };

export interface TProgressChart {
  key: string;
  series: TSeries;
  /** Null: fewer than 3 recordings with an ideal zone (or none has one). */
  trend: TTrend | null;
  /** Why there is no trend, for the words shown instead. */
  noTrend: 'no-zone' | 'too-few' | null;
  /** How many of the latest recordings the trend looks at (at most TREND_WINDOW). */
  judged: number;
  median: { value: number; speakerCount: number } | null;
}

/** One chart per dial over the selected recordings (oldest first); the y range holds the median too. */
export function buildProgress(
  selected: readonly THistoryPoint[],
  keys: readonly string[],
  medians: THistoryGroupMedians['dials'] | undefined,
): TProgressChart[] {
  return keys.map((key) => {
    const full = buildSeries(selected, key);
    // No title links on the small charts: the Recordings tab and the one-score chart have them,
    // and five charts of links would be a long way through by keyboard.
    const base = { ...full, points: full.points.map(({ href: _href, ...p }) => p) };
    const m = medians?.[key];
    const series = m ? { ...base, min: Math.min(base.min, m.median), max: Math.max(base.max, m.median) } : base;
    const trend = trendOf(base.points.map((p) => ({ value: p.value, band: p.band })));
    const zoned = base.points.filter((p) => p.band).length;
    const hasZone = zoned > 0;
    return {
      key,
      series,
      trend,
      noTrend: trend ? null : hasZone ? 'too-few' : 'no-zone',
      judged: Math.min(zoned, TREND_WINDOW),
      median: m ? { value: m.median, speakerCount: m.speakerCount } : null,
    };
  });
}

/** The sentence under a trend word, for every reader (the icon and colour only repeat it). */
export function trendNote(chart: Pick<TProgressChart, 'trend' | 'noTrend' | 'judged'>): string {
  const over = `over the last ${chart.judged} recordings`;
  if (chart.trend === 'improving') return `Moving toward the ideal zone ${over}`;
  if (chart.trend === 'slipping') return `Moving away from the ideal zone ${over}`;
  if (chart.trend === 'steady') return `No clear change against the ideal zone ${over}`;
  return chart.noTrend === 'no-zone' ? 'No ideal zone to judge a trend against' : `A trend shows from ${TREND_MIN_POINTS} recordings`;
}
