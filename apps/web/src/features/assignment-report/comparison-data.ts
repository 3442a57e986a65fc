import {
  COMPARISON_PREFERENCES,
  type TComparisonMetric,
  DEFAULT_COMPARISON_SCORE_TYPE,
  ZComparisonScoreTypeSchema,
  type TAssignmentComparison,
  type TComparisonScoreType,
  type TPreferences,
} from '@rostrum/contract';

// The comparison chart's pure parts: the remembered settings, the selection and the bar data.

/** The chart's 5-colour cycle (002 section 9): design tokens, in assignment-report.css. */
export const CHART_COLOURS = [1, 2, 3, 4, 5].map((n) => `var(--comparison-colour-${n})`);
export const colourAt = (i: number) => CHART_COLOURS[i % CHART_COLOURS.length]!;

/** The remembered score type, or the default (flaggedScores). */
export function rememberedScoreType(prefs: TPreferences | undefined): TComparisonScoreType {
  const parsed = ZComparisonScoreTypeSchema.safeParse(prefs?.[COMPARISON_PREFERENCES.scoreType]);
  return parsed.success ? parsed.data : DEFAULT_COMPARISON_SCORE_TYPE;
}

/**
 * The selection: the remembered metric ids this assignment offers, in the metric list's order;
 * the defaults when none is remembered or none of them applies here (another assignment's ratings).
 */
export function selectedMetrics(
  prefs: TPreferences | undefined,
  data: Pick<TAssignmentComparison, 'metrics' | 'defaultMetrics'>,
): string[] {
  const stored = prefs?.[COMPARISON_PREFERENCES.selectedMetrics];
  const wanted = new Set(Array.isArray(stored) ? stored.map(String) : []);
  const kept = data.metrics.filter((m) => wanted.has(m.id)).map((m) => m.id);
  return kept.length ? kept : data.defaultMetrics;
}

/** Checking or unchecking one metric; the list keeps the metric list's order. */
export function toggleMetric(metrics: readonly { id: string }[], selected: readonly string[], id: string, on: boolean): string[] {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return metrics.filter((m) => next.has(m.id)).map((m) => m.id);
}

/** "Jordan Presenter: Elevator Pitch - v1": a bar group's name. */
export const recordingLabel = (r: { speakerName: string; title: string }) => `${r.speakerName}: ${r.title}`;

/** One row per recording with a number (or null: no bar) per selected metric. */
export function chartRows(data: TAssignmentComparison, selected: readonly string[]) {
  return data.recordings.map((r) => ({
    key: r.recordingId,
    name: recordingLabel(r),
    ...Object.fromEntries(selected.map((id) => [id, r.values[id] ?? null])),
  }));
}

/** Numbers as the results page shows scores: up to 2 decimals, '-' for none. */
export const formatValue = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(Math.round(v * 100) / 100));

/** One bar per recording group and one legend entry: the metric's id, its name and its colour. */
export interface TChartSeries {
  id: string;
  name: string;
  colour: string;
}

/**
 * The bars and the legend, built once so both keep one order: the selection's (the metric
 * list's), coloured by position like the checkboxes' swatches.
 */
export function chartSeries(series: readonly TComparisonMetric[]): TChartSeries[] {
  return series.map((m, i) => ({ id: m.id, name: seriesName(m), colour: colourAt(i) }));
}

/** A series' name: the metric, with its column for ratings ("Overall (Coach Rating)"). */
export function seriesName(m: TComparisonMetric): string {
  if (m.column === 'ratings') return m.key === 'overallMax' ? m.label : `${m.label} (Rating)`;
  if (m.column === 'coachRatings') return `${m.label} (Coach Rating)`;
  return m.label;
}
