import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { RECORDING_LIMITS } from './intake.js';

// Practice prompts (issue 41): what a speaker can talk about when nobody has set them an
// assignment. Each organisation has its own library, seeded with the product's prompts the first
// time it is read and edited from then on by its org admins. A take recorded from a prompt keeps
// the prompt's id, so the next take of the same prompt can be compared with it.

export const PRACTICE_PROMPT_CATEGORIES = [
  'elevator-pitch',
  'interview-answer',
  'storytelling',
  'impromptu',
  'presentation',
  'persuasion',
] as const;
export type TPracticePromptCategory = (typeof PRACTICE_PROMPT_CATEGORIES)[number];

export const PRACTICE_PROMPT_CATEGORY_LABELS: Record<TPracticePromptCategory, string> = {
  'elevator-pitch': 'Elevator pitch',
  'interview-answer': 'Interview answer',
  storytelling: 'Storytelling',
  impromptu: 'Impromptu',
  presentation: 'Presentation',
  persuasion: 'Persuasion',
};

export const PRACTICE_PROMPT_LIMITS = {
  titleMax: 60,
  instructionsMax: 1000,
  /** A suggested length between 30 seconds and the longest recording (15 minutes). */
  suggestedSecondsMin: 30,
  suggestedSecondsMax: RECORDING_LIMITS.maxSeconds,
  /** How many prompts one organisation keeps. */
  perOrgMax: 200,
} as const;

export const PRACTICE_PROMPT_MSG = {
  titleRequired: 'Give the prompt a title',
  titleTooLong: `At most ${PRACTICE_PROMPT_LIMITS.titleMax} characters`,
  instructionsRequired: 'Say what the speaker should talk about',
  instructionsTooLong: `At most ${PRACTICE_PROMPT_LIMITS.instructionsMax} characters`,
  lengthRange: 'Between 30 seconds and 15 minutes',
  tooMany: `An organisation keeps at most ${PRACTICE_PROMPT_LIMITS.perOrgMax} prompts`,
  deleteConfirm: 'Delete this prompt? Takes already recorded from it keep their titles.',
  notOffered: 'This practice prompt is no longer offered',
  notWithAssignment: 'A take answers an assignment or a practice prompt, not both',
} as const;

/** "1 min", "90 s", "2 min 30 s": how a suggested length reads. */
export function suggestedLengthText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

export const ZPracticePromptSchema = z.object({
  promptId: ZIdSchema,
  title: z.string(),
  instructions: z.string(),
  category: z.enum(PRACTICE_PROMPT_CATEGORIES),
  suggestedSeconds: z.number().int(),
  /** Hidden prompts stay in the admin's list and are not offered to speakers. */
  hidden: z.boolean(),
  updatedAt: z.string(),
});
export type TPracticePrompt = z.infer<typeof ZPracticePromptSchema>;

export const ZPracticePromptListSchema = z.object({
  prompts: z.array(ZPracticePromptSchema),
  abilities: z.object({ canEdit: z.boolean() }),
});
export type TPracticePromptList = z.infer<typeof ZPracticePromptListSchema>;

export const ZPracticePromptListQuerySchema = z.object({
  /** Org admins: include hidden prompts (the admin screen). Others get only the shown ones. */
  includeHidden: z.enum(['true', 'false']).optional(),
});

export const ZSavePracticePromptBodySchema = z.object({
  title: z.string().trim().min(1, PRACTICE_PROMPT_MSG.titleRequired).max(PRACTICE_PROMPT_LIMITS.titleMax, PRACTICE_PROMPT_MSG.titleTooLong),
  instructions: z
    .string()
    .trim()
    .min(1, PRACTICE_PROMPT_MSG.instructionsRequired)
    .max(PRACTICE_PROMPT_LIMITS.instructionsMax, PRACTICE_PROMPT_MSG.instructionsTooLong),
  category: z.enum(PRACTICE_PROMPT_CATEGORIES),
  suggestedSeconds: z
    .number()
    .int()
    .min(PRACTICE_PROMPT_LIMITS.suggestedSecondsMin, PRACTICE_PROMPT_MSG.lengthRange)
    .max(PRACTICE_PROMPT_LIMITS.suggestedSecondsMax, PRACTICE_PROMPT_MSG.lengthRange),
  hidden: z.boolean().default(false),
});
export type TSavePracticePromptBody = z.infer<typeof ZSavePracticePromptBodySchema>;

/** The prompt a recording was made from, as the recording carries it. */
export const ZRecordingPromptSchema = z.object({ promptId: ZIdSchema, title: z.string() });
export type TRecordingPrompt = z.infer<typeof ZRecordingPromptSchema>;
