import {
  METRIC_KEYS,
  metricNumberText,
  NEGATIVE_VIBES,
  oneDecimalText,
  PLOTTABLE_DIALS,
  POSITIVE_VIBES,
  type THistoryPoint,
  type TMetricKey,
} from '@rostrum/contract';
import type { LineChartPoint } from '../../components/line-chart/line-chart';
import { formatDate } from '../../components/date-format';

// What the history chart can plot (001 sections 2 and 9): the plottable dials, judged against
// each recording's ideals, and the 20 vibes on their 0-10 scale without an ideal zone.

export const HISTORY_STRINGS = {
  empty: 'No recordings for this user.',
  noneSelected: 'Select at least one recording to plot.',
  noValues: 'None of the selected recordings has a value for this score.',
} as const;

export type TScoreKind = 'dial' | 'vibe';

export interface TScoreOption {
  key: string;
  label: string;
  kind: TScoreKind;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const DIAL_OPTIONS: TScoreOption[] = PLOTTABLE_DIALS.map((d) => ({ key: d.key, label: d.label, kind: 'dial' }));
export const POSITIVE_VIBE_OPTIONS: TScoreOption[] = POSITIVE_VIBES.map((v) => ({ key: v, label: capitalise(v), kind: 'vibe' }));
export const NEGATIVE_VIBE_OPTIONS: TScoreOption[] = NEGATIVE_VIBES.map((v) => ({ key: v, label: capitalise(v), kind: 'vibe' }));
const ALL_OPTIONS = [...DIAL_OPTIONS, ...POSITIVE_VIBE_OPTIONS, ...NEGATIVE_VIBE_OPTIONS];

export const DEFAULT_SCORE = 'overall';

export function scoreOption(key: string): TScoreOption {
  return ALL_OPTIONS.find((o) => o.key === key) ?? DIAL_OPTIONS[0]!;
}

/** Values shown as percentages. */
const PERCENT_KEYS = new Set(['pauseToTalk', 'varietyVolume']);
/**
 * Scores whose plotted value is not in the unit of the recording's ideal: the in-band share of
 * Variety of Volume is a percentage of the 20 segments, its ideal is in decibels.
 */
const FIXED_SCALE: Record<string, { min: number; max: number }> = { varietyVolume: { min: 0, max: 100 } };
const VIBE_SCALE = { min: 0, max: 10 };

/** An axis tick: a round number as it is ("0", "2", "20%"), others to one decimal. */
export function tickText(key: string, value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return PERCENT_KEYS.has(key) ? `${text}%` : text;
}

/**
 * A plotted value as the results page writes the same figure (metricNumberText): Vocal Delivery
 * 8.0, Pausing 31%; Variety of Volume's in-band share whole, as its chart's summary gives it.
 */
export function formatScore(key: string, value: number): string {
  const text =
    key === 'varietyVolume'
      ? String(Math.round(value))
      : (METRIC_KEYS as readonly string[]).includes(key)
        ? metricNumberText(key as TMetricKey, value)
        : oneDecimalText(value);
  return PERCENT_KEYS.has(key) ? `${text}%` : text;
}

/** Recordings in date order, oldest first. */
export function sortByDate(points: readonly THistoryPoint[]): THistoryPoint[] {
  return [...points].sort((a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate));
}

export interface TSeries {
  option: TScoreOption;
  points: LineChartPoint[];
  min: number;
  max: number;
  hasBand: boolean;
}

/** The chart's points and y range for one score over the selected recordings (already in date order). */
export function buildSeries(selected: readonly THistoryPoint[], key: string): TSeries {
  const option = scoreOption(key);
  const withValue = selected.filter((p) => typeof p.values[key] === 'number');
  const useIdeals = option.kind === 'dial' && !FIXED_SCALE[key];
  const points: LineChartPoint[] = withValue.map((p) => {
    const ideal = useIdeals ? p.ideals[key] : undefined;
    return {
      id: p.recordingId,
      label: p.title,
      href: `/evaluate/${p.recordingId}`,
      meta: formatDate(p.createdDate),
      value: p.values[key]!,
      band: ideal ? { low: ideal.idealMin, high: ideal.idealMax } : null,
    };
  });

  let scale = option.kind === 'vibe' ? VIBE_SCALE : FIXED_SCALE[key];
  if (!scale) {
    const ideals = withValue.flatMap((p) => (p.ideals[key] ? [p.ideals[key]!] : []));
    if (ideals.length) {
      scale = { min: Math.min(...ideals.map((i) => i.min)), max: Math.max(...ideals.map((i) => i.max)) };
    } else {
      const values = points.map((p) => p.value);
      scale = { min: Math.min(0, ...values), max: Math.max(1, ...values) };
    }
  }
  // A value outside the usual range widens the axis rather than leaving the chart.
  const values = points.map((p) => p.value);
  const min = Math.min(scale.min, ...values);
  const max = Math.max(scale.max, ...values);
  return { option, points, min, max, hasBand: points.length > 0 && points.every((p) => p.band) };
}
