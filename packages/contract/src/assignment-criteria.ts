import { z } from 'zod';
import { isConversationalAlgorithm } from './assignment.js';

// An assignment's criteria and the editor's field rules (002 sections 3, 5 and 9). The web's
// forms and the server parse with the same schemas; normaliseCriteria is the editor's rule
// "if checked and invalid, it becomes the default", applied on both sides.

export const ASSIGNMENT_LIMITS = {
  nameMax: 100,
  attachmentNameMax: 100,
  attachmentUrlMax: 100,
  ratingNameMax: 100,
  ratingDescriptionMax: 1000,
  /** Custom ratings may not move above this 1-based position (the four presets come first). */
  customRatingTopPosition: 5,
  ratingsMax: 30,
  minRecordingsDefault: 1,
  minRatingDefault: 4,
  minScoreDefault: 4,
  ratingMin: 1,
  ratingMax: 10,
  wordspottingPhraseMax: 100,
  wordspottingPhrasesMax: 25,
  /** Recent filter window: 28 days (2,419,200 s). */
  recentWindowSeconds: 2_419_200,
  /** Names over 28 characters are cut to 25 plus an ellipsis on cards. */
  cardNameCutAbove: 28,
  cardNameCutTo: 25,
  /** Default recording title: assignment names longer than 42 are cut to 41 plus '...'. */
  titleNameCutAbove: 42,
  titleNameCutTo: 41,
} as const;

/** A criterion's number: an integer in the rating range. */
const ZCriterionNumber = z.number().int().min(ASSIGNMENT_LIMITS.ratingMin).max(ASSIGNMENT_LIMITS.ratingMax);

export const ZAssignmentCriteriaSchema = z
  .object({
    /** An algorithm name of the organisation: 'default' (single speaker) or 'conversational' (multi-speaker). */
    algorithm: z.string().min(1).max(100),
    minRecordings: z.boolean().default(false),
    minRecordingsCount: z.number().int().min(1).max(1000).optional(),
    minRating: z.boolean().default(false),
    minRatingNum: ZCriterionNumber.optional(),
    minScore: z.boolean().default(false),
    minScoreNum: ZCriterionNumber.optional(),
    managerReview: z.boolean().default(false),
    shareRecording: z.boolean().default(false),
    selfCommentary: z.boolean().default(false),
    wordspotting: z.boolean().default(false),
    scorecard: z.boolean().default(false),
  })
  .strict();
export type TAssignmentCriteria = z.infer<typeof ZAssignmentCriteriaSchema>;
export type TAssignmentCriteriaInput = z.input<typeof ZAssignmentCriteriaSchema>;

/** The completion criteria a member meets (002 section 3, member completionStatus). */
export const COMPLETION_CRITERIA = ['minRecordings', 'minRating', 'minScore', 'managerReview', 'shareRecording', 'selfCommentary'] as const;
export type TCompletionCriterion = (typeof COMPLETION_CRITERIA)[number];

function validInRange(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= ASSIGNMENT_LIMITS.ratingMin && n <= ASSIGNMENT_LIMITS.ratingMax;
}

/**
 * The editor's criteria rules (002 section 5): a checked min recordings count that is not a
 * positive integer becomes 1; a checked min rating or min score outside 1 to 10 becomes 4; an
 * unchecked one loses its number.
 */
export function normaliseCriteria(c: TAssignmentCriteriaInput): TAssignmentCriteria {
  const count = c.minRecordingsCount;
  const out: TAssignmentCriteria = {
    algorithm: c.algorithm,
    minRecordings: !!c.minRecordings,
    minRating: !!c.minRating,
    minScore: !!c.minScore,
    managerReview: !!c.managerReview,
    shareRecording: !!c.shareRecording,
    selfCommentary: !!c.selfCommentary,
    wordspotting: !!c.wordspotting,
    scorecard: !!c.scorecard,
  };
  if (out.minRecordings)
    out.minRecordingsCount =
      typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : ASSIGNMENT_LIMITS.minRecordingsDefault;
  if (out.minRating) out.minRatingNum = validInRange(c.minRatingNum) ? c.minRatingNum : ASSIGNMENT_LIMITS.minRatingDefault;
  if (out.minScore) out.minScoreNum = validInRange(c.minScoreNum) ? c.minScoreNum : ASSIGNMENT_LIMITS.minScoreDefault;
  return out;
}

/** Old algorithm names are shown by speaker type (002 section 3). */
export function criteriaAlgorithmLabel(algorithm: string): 'Single Speaker' | 'Multi-Speaker' {
  return isConversationalAlgorithm(algorithm) ? 'Multi-Speaker' : 'Single Speaker';
}

/**
 * Attachment links (002 section 5): a URL not starting with http gets https:// prefixed, and
 * http: is rewritten to https:. Applied before the length and URL checks.
 */
export function normaliseAttachmentUrl(raw: string): string {
  const url = raw.trim();
  if (!/^http/i.test(url)) return `https://${url}`;
  return url.replace(/^http:/i, 'https:');
}

export const ZAttachmentLinkBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(ASSIGNMENT_LIMITS.attachmentNameMax),
    attachmentUrl: z
      .string()
      .trim()
      .min(1, 'Enter a link')
      .transform(normaliseAttachmentUrl)
      .pipe(
        z
          .string()
          .max(ASSIGNMENT_LIMITS.attachmentUrlMax)
          .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:' && !!new URL(u).hostname, 'Enter a valid web address'),
      ),
  })
  .strict();

/** Description step (002 section 5): name required, max 100, trimmed; instructions required, trimmed. */
export const ZAssignmentDescriptionSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(ASSIGNMENT_LIMITS.nameMax),
  description: z.string().trim().min(1, 'Enter the instructions').max(20_000),
});

/** Wordspotting phrases of an assignment: blanks dropped, each at most 100, at most 25. */
export const ZAssignmentWordspottingSchema = z
  .array(z.string().trim().max(ASSIGNMENT_LIMITS.wordspottingPhraseMax))
  .transform((phrases) => phrases.filter((p) => p.length > 0))
  .pipe(z.array(z.string()).max(ASSIGNMENT_LIMITS.wordspottingPhrasesMax));

/** Cuts a name for a card: over 28 characters, 25 plus an ellipsis (002 section 9). */
export function cardName(name: string): string {
  return name.length > ASSIGNMENT_LIMITS.cardNameCutAbove ? `${name.slice(0, ASSIGNMENT_LIMITS.cardNameCutTo)}...` : name;
}

/** A take's title with its version: the name (over 42 characters cut to 41 plus '...'), ' - v' and the number (001 section 5). */
export function takeTitle(name: string, version: number): string {
  const base = name.length > ASSIGNMENT_LIMITS.titleNameCutAbove ? `${name.slice(0, ASSIGNMENT_LIMITS.titleNameCutTo)}...` : name;
  return `${base} - v${version}`;
}

/**
 * The default title of a take (001 section 5): the name of what it answers (an assignment, or a
 * practice prompt) with the next unused version number among the caller's titles of it.
 */
export function nextTakeTitle(name: string, usedTitles: readonly string[]): string {
  const used = new Set(usedTitles);
  let n = 1;
  while (used.has(takeTitle(name, n))) n++;
  return takeTitle(name, n);
}
