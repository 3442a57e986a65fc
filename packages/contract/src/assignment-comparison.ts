import { z } from 'zod';
import { CORE_SCORES } from './constants.js';
import { METRIC_TITLES, type TMetricKey } from './results.js';

// The Assignment Comparison Report (002 sections 2.6, 6 and 9): one bar group per recording of an
// assignment, the metrics chosen by checkbox in three columns (automated scores, ratings, coach
// ratings), the recordings chosen by score type. Paths are ours:
//   GET assignments/{id}/comparison?scoreType=flaggedScores|sharedScores|scores
//   GET assignments/{id}/report.csv and GET groups/{id}/report.csv (section 9's CSV report)

/** Which recordings enter the report: flagged for review, shared with the group, or all of them. */
export const COMPARISON_SCORE_TYPES = ['flaggedScores', 'sharedScores', 'scores'] as const;
export const ZComparisonScoreTypeSchema = z.enum(COMPARISON_SCORE_TYPES);
export type TComparisonScoreType = z.infer<typeof ZComparisonScoreTypeSchema>;
export const DEFAULT_COMPARISON_SCORE_TYPE: TComparisonScoreType = 'flaggedScores';
export const COMPARISON_SCORE_TYPE_LABELS: Record<TComparisonScoreType, string> = {
  flaggedScores: 'Flagged for Review',
  sharedScores: 'Shared with Group',
  scores: 'All Recordings',
};

/** The three metric columns, in order. */
export const COMPARISON_COLUMNS = ['scores', 'ratings', 'coachRatings'] as const;
export type TComparisonColumn = (typeof COMPARISON_COLUMNS)[number];
export const COMPARISON_COLUMN_LABELS: Record<TComparisonColumn, string> = {
  scores: 'Automated Scores',
  ratings: 'Ratings',
  coachRatings: 'Coach Ratings',
};

/** The automated scores a chart may plot (the history page's plottable dials, 001 section 9). */
export const COMPARISON_AUTOMATED: Record<'single' | 'conversational', readonly TMetricKey[]> = {
  single: ['overall', 'strengthOfOpening', 'clarity', 'pace', 'pauseToTalk', 'upspeak', 'varietyVolume', 'varietyPace', 'varietyPitch'],
  conversational: ['strengthOfOpening', 'clarity', 'pace', 'talkVsListen', 'convoSwitches', 'questions'],
};

/**
 * "overallMax" (002 section 9's default metric): the highest Overall rating a recording received
 * from any one rater (coach or peer), a rating column metric. Its id is the spec's word.
 */
export const OVERALL_MAX = 'overallMax';

/** A metric's id: "{column}:{key}", e.g. "scores:overall", "ratings:scoreDelivery", "ratings:overallMax". */
export const comparisonMetricId = (column: TComparisonColumn, key: string) => `${column}:${key}`;

export const ZComparisonMetricSchema = z.object({
  id: z.string(),
  column: z.enum(COMPARISON_COLUMNS),
  /** The automated metric's key, the rating's question id, or overallMax. */
  key: z.string(),
  label: z.string(),
});
export type TComparisonMetric = z.infer<typeof ZComparisonMetricSchema>;

export const ZComparisonRecordingSchema = z.object({
  recordingId: z.uuid(),
  title: z.string(),
  userId: z.uuid(),
  speakerName: z.string(),
  createdDate: z.iso.datetime(),
  /** By metric id; null when the recording has none (no result, no rating). */
  values: z.record(z.string(), z.number().nullable()),
});
export type TComparisonRecording = z.infer<typeof ZComparisonRecordingSchema>;

export const ZAssignmentComparisonSchema = z.object({
  assignmentId: z.uuid(),
  scoreType: ZComparisonScoreTypeSchema,
  isConversational: z.boolean(),
  /** Every metric the checkboxes offer, grouped by column in COMPARISON_COLUMNS order. */
  metrics: z.array(ZComparisonMetricSchema),
  /** The selection when the user has none remembered (see defaultComparisonMetrics). */
  defaultMetrics: z.array(z.string()),
  /** The recordings of the score type the caller may hear, by speaker last then first name, then date. */
  recordings: z.array(ZComparisonRecordingSchema),
});
export type TAssignmentComparison = z.infer<typeof ZAssignmentComparisonSchema>;

export const ZAssignmentComparisonQuerySchema = z.object({
  scoreType: ZComparisonScoreTypeSchema.default(DEFAULT_COMPARISON_SCORE_TYPE),
});

/** The rating questions of an assignment: its scorecard's visible ones, or the four core scores. */
export function comparisonMetrics(
  isConversational: boolean,
  ratings: readonly { id: string; label: string }[] = CORE_SCORES.map((c) => ({ id: c.apiName, label: c.label })),
): TComparisonMetric[] {
  const auto = COMPARISON_AUTOMATED[isConversational ? 'conversational' : 'single'].map((key) => ({
    id: comparisonMetricId('scores', key),
    column: 'scores' as const,
    key,
    label: METRIC_TITLES[key],
  }));
  const rated = (column: 'ratings' | 'coachRatings') =>
    ratings.map((q) => ({ id: comparisonMetricId(column, q.id), column, key: q.id, label: q.label }));
  return [
    ...auto,
    { id: comparisonMetricId('ratings', OVERALL_MAX), column: 'ratings', key: OVERALL_MAX, label: 'Highest Overall Rating' },
    ...rated('ratings'),
    ...rated('coachRatings'),
  ];
}

/**
 * The default selection (002 section 9): overallMax plus the delivery score, the coach's Vocal
 * Delivery rating when any recording shown has one, else the automated Vocal Delivery (overall).
 * Conversational assignments have no automated overall: overallMax plus Strength of Opening.
 */
export function defaultComparisonMetrics(isConversational: boolean, recordings: readonly Pick<TComparisonRecording, 'values'>[]): string[] {
  const max = comparisonMetricId('ratings', OVERALL_MAX);
  if (isConversational) return [max, comparisonMetricId('scores', 'strengthOfOpening')];
  const coachDelivery = comparisonMetricId('coachRatings', 'scoreDelivery');
  const hasCoach = recordings.some((r) => r.values[coachDelivery] != null);
  return [max, hasCoach ? coachDelivery : comparisonMetricId('scores', 'overall')];
}

/** The preference keys that remember the chart's settings (002 section 3). */
export const COMPARISON_PREFERENCES = {
  selectedMetrics: 'assignmentComparisonSelectedMetrics',
  scoreType: 'assignmentComparisonScoreType',
} as const;

/**
 * The CSV report's header wording (002 sections 6 and 9): a coach at managerPrivacyLevel 3 or
 * more sees only shared or flagged recordings, and the Title header says so.
 */
export const REPORT_HEADERS = {
  title: 'Title',
  titleSharedOnly: 'Title (Shared or Flagged Recordings Only)',
} as const;
