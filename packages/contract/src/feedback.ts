import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZScorecardSchema } from './assignment.js';

// Feedback on a recording (001 section 3): a comment (optionally on a region of the waveform)
// or a set of the four core scores. Visibility follows the group's privacy levels (000 section 6).

/** The messages of the feedback rules, shown by the add-comment and add-score forms. */
export const FEEDBACK_MSG = {
  commentRequired: 'Comment is required',
  scoreRequired: 'Choose a score from 1 to 10.',
} as const;

/** A score is a whole number from 1 (Poor) to 10 (Excellent) (001 section 4). */
export const ZScoreValueSchema = z
  .number({ error: FEEDBACK_MSG.scoreRequired })
  .int(FEEDBACK_MSG.scoreRequired)
  .min(1, FEEDBACK_MSG.scoreRequired)
  .max(10, FEEDBACK_MSG.scoreRequired);

export const ZFeedbackSchema = z.object({
  feedbackId: z.uuid(),
  recordingId: z.uuid(),
  groupId: z.guid().nullable(),
  /** The author; null when their account was deleted (name is then "Former member"). */
  userId: z.uuid().nullable(),
  name: z.string(),
  /** The author is a coach (manager) of the group or an org admin: shown as coach feedback. */
  isManager: z.boolean(),
  kind: z.enum(['comment', 'score']),
  comment: z.string().nullable(),
  createdDate: z.iso.datetime(),
  regionStart: z.number().nullable(),
  regionEnd: z.number().nullable(),
  scoreOverall: ZScoreValueSchema.nullable(),
  scoreOrganization: ZScoreValueSchema.nullable(),
  scoreDelivery: ZScoreValueSchema.nullable(),
  scoreXfactor: ZScoreValueSchema.nullable(),
  /** The caller wrote it: only the author edits or deletes. */
  isMine: z.boolean(),
  /** A score set's answers to the custom scorecard questions (empty without a scorecard). */
  responses: z.array(z.object({ id: z.string(), response: z.number() })),
  responseId: z.uuid().nullable(),
});
export type TFeedback = z.infer<typeof ZFeedbackSchema>;

export const FEEDBACK_LIMITS = { commentMax: 5000, minRegionSeconds: 0.5 } as const;

/** The text of a comment: required once trimmed, at most 5000 characters (001 section 4). */
export const ZCommentTextSchema = z.string().trim().min(1, FEEDBACK_MSG.commentRequired).max(FEEDBACK_LIMITS.commentMax);

const region = {
  regionStart: z.number().min(0).max(7200).optional(),
  regionEnd: z.number().min(0).max(7200).optional(),
};

/** POST feedback: a comment, or a score set (scoreOverall plus optional others). */
export const ZCreateFeedbackBodySchema = z
  .object({
    recordingId: ZIdSchema,
    /** The recording's group, as the web sends it; when sent it must be the recording's (400 feedback.ids_mismatch). */
    groupId: ZIdSchema.optional(),
    comment: ZCommentTextSchema.optional(),
    ...region,
    scoreOverall: ZScoreValueSchema.optional(),
    scoreOrganization: ZScoreValueSchema.optional(),
    scoreDelivery: ZScoreValueSchema.optional(),
    scoreXfactor: ZScoreValueSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const scores =
      v.scoreOverall !== undefined || v.scoreOrganization !== undefined || v.scoreDelivery !== undefined || v.scoreXfactor !== undefined;
    if (!v.comment && !scores) ctx.addIssue({ code: 'custom', path: ['comment'], message: FEEDBACK_MSG.commentRequired });
    if (v.comment && scores) ctx.addIssue({ code: 'custom', path: ['scoreOverall'], message: 'Send a comment or scores, not both' });
    if (scores && v.scoreOverall === undefined)
      ctx.addIssue({ code: 'custom', path: ['scoreOverall'], message: 'scoreOverall is required with scores' });
    if ((v.regionStart === undefined) !== (v.regionEnd === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['regionEnd'], message: 'regionStart and regionEnd go together' });
    } else if (v.regionStart !== undefined && v.regionEnd! - v.regionStart < FEEDBACK_LIMITS.minRegionSeconds) {
      ctx.addIssue({ code: 'custom', path: ['regionEnd'], message: 'A region must be at least 0.5 seconds long' });
    }
  });
export type TCreateFeedbackBody = z.infer<typeof ZCreateFeedbackBodySchema>;

/**
 * PUT feedback/{id}: the author edits the text of a comment. The web sends the ids too (001
 * section 7); any that are sent must be the stored feedback's (400 feedback.ids_mismatch).
 */
export const ZUpdateFeedbackBodySchema = z
  .object({
    feedbackId: ZIdSchema.optional(),
    recordingId: ZIdSchema.optional(),
    groupId: ZIdSchema.optional(),
    comment: ZCommentTextSchema,
  })
  .strict();
export type TUpdateFeedbackBody = z.infer<typeof ZUpdateFeedbackBodySchema>;

/** Average of one core score over the visible score sets, to 2 decimals (null when none). */
export const ZScoreAverageSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  coachAverage: z.number().nullable(),
  coachCount: z.number().int(),
});

export const ZRecordingFeedbackSchema = z.object({
  items: z.array(ZFeedbackSchema),
  averages: z.object({
    scoreOverall: ZScoreAverageSchema,
    scoreOrganization: ZScoreAverageSchema,
    scoreDelivery: ZScoreAverageSchema,
    scoreXfactor: ZScoreAverageSchema,
  }),
  /** The recording's assignment scorecard, or null (then the four core scores are asked). */
  scorecard: ZScorecardSchema.nullable(),
  /** Averages of the custom questions by question id, like `averages`. */
  questionAverages: z.record(z.string(), ZScoreAverageSchema),
  /** Scores exist and the caller is the owner, or the scorecard is not coach-only, or a coach. */
  scorecardVisible: z.boolean(),
  /** The averages' "All raters" column shows (hidden by a coach-only scorecard or speaker privacy level 4). */
  allRatersVisible: z.boolean(),
  /** At least one feedback from a coach exists: the reviewed indicator shows ok. */
  reviewed: z.boolean(),
  commentCount: z.number().int(),
  /** What the caller may do on this recording. */
  canComment: z.boolean(),
  canScore: z.boolean(),
});
export type TRecordingFeedback = z.infer<typeof ZRecordingFeedbackSchema>;

export const ZFeedbackListQuerySchema = z.object({ recordingId: ZIdSchema });

/** Stars on a scale of 5 in half steps: score divided by 2. */
export function scoreToStars(score: number): number {
  return Math.round(score) / 2;
}

/** Averages rounded to 2 decimals. */
export function roundAverage(values: readonly number[]): number | null {
  if (!values.length) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
}

/**
 * Keyboard region entry (001 section 5): values rounded to 2 decimals; start beyond end sets end
 * to the duration; a non-number, start beyond end, or end beyond the duration reverts to the
 * default region, the middle quarter. Returns null when the region equals the default (not sent).
 */
export function defaultRegion(duration: number): { start: number; end: number } {
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return { start: r2(duration * 0.375), end: r2(duration * 0.625) };
}

export function keyboardRegion(startText: string, endText: string, duration: number): { start: number; end: number } {
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const fallback = defaultRegion(duration);
  const start = r2(Number(startText));
  let end = r2(Number(endText));
  if (!Number.isFinite(start) || !Number.isFinite(end) || startText.trim() === '' || endText.trim() === '') return fallback;
  // The duration is compared as rounded too, or a duration such as 25.237 (end 25.24) would revert.
  const max = r2(duration);
  if (start > end) end = max;
  if (start > end || end > max || start < 0) return fallback;
  return { start, end };
}
