import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { CORE_SCORES } from './constants.js';

// What a recording meets of an assignment (001 sections 3 to 8): its name and group, its
// speaker type (criteria.algorithm) and its custom scorecard. The editor, targets, completion
// and dashboards are the assignments feature (002) and extend these shapes.

/** Algorithm names holding 'conversational' are multi-speaker; the rest are single-speaker. */
export function isConversationalAlgorithm(algorithm: string): boolean {
  return algorithm.includes('conversational');
}

export const ASSIGNMENT_MSG = {
  confirmMove: (name: string) => `Are you sure you want to assign this recording to "${name}"? This operation cannot be undone.`,
  unableTitle: 'Unable to Use This Assignment',
  unableText:
    'This assignment only accepts recordings with a single speaker and this recording contains multiple speakers (or vice versa).',
  alreadyAssigned: 'This recording is already part of an assignment.',
  assignmentsOff: 'Assignments are not enabled for your organization.',
  // Editor (002 sections 2.7 and 5)
  invalidStep: 'There was a problem with your request. Please return to your dashboard and try again.',
  criteriaLocked: 'Assignment criteria cannot be modified for assignments that have already been assigned to users.',
  savedToTemplates: 'Assignment Saved to Templates',
  assignNoTarget: 'You must select at least one group or user to assign this assignment.',
  assignNoSpeakers:
    'The group(s) you selected do not contain any speakers. Please either create a Continuous Assignment for the desired group or add speakers to a group before creating a Non-Continuous Assignment.',
  confirmDeleteAttachment: (name: string) => `Delete supporting material: ${name}?`,
  unnamedRating: 'Please assign a name to the new field currently named "New Rating"',
  duplicateRating: (label: string) =>
    `You already have a rating that uses the name "${label}" (or something similar) and you cannot use this name again. Please change the name of one of your new ratings to be different.`,
  restoringUhUm: 'Restoring "uh/um" to the list. This phrase cannot be removed.',
  // Details, copy and reorder (002 sections 2.3, 2.6 and 4)
  assignmentsSaved: 'Assignments Saved',
  newTemplateAdded: 'New Template Added',
  noUsersFound: 'No users found',
  noActiveUsers: 'There are currently no active users for this assignment.',
  noAssignments: 'No assignments found',
  noTemplates: 'No templates found',
  noTemplatesHint: 'Click the Create Assignment button to add a new assignment.',
  noRecordings: 'No recordings found',
  // Server refusals the spec leaves unworded (docs/decisions/assignments.md)
  invalidRatings: 'The four preset ratings keep their names and come first, Overall stays visible, and custom ratings sit below them.',
  globalReadOnly: 'Global assignments cannot be changed.',
  notTemplate: 'Only templates can be changed this way.',
  notAssigned: 'Only assigned assignments can be archived or change their continuous status.',
  closed: 'This assignment is archived.',
  ownerOnlySharing: "Only the template's owner can make it public or private.",
  unknownAlgorithm: 'Choose one of the speaker types of your organization.',
  invalidRecordingAttachment: 'Choose one of your own recordings.',
  tooManyAttachments: 'An assignment holds at most 100 supporting materials.',
} as const;

/** Whether a recording made with `recordingAlgorithm` may go into an assignment made for `assignmentAlgorithm`. */
export function speakerTypeMatches(recordingAlgorithm: string, assignmentAlgorithm: string): boolean {
  return isConversationalAlgorithm(recordingAlgorithm) === isConversationalAlgorithm(assignmentAlgorithm);
}

/** A scorecard question. The four presets carry the core scores' apiNames as ids. */
export const ZScorecardQuestionSchema = z.object({
  id: z.string().min(1).max(120),
  label: z.string().min(1).max(100),
  description: z.string().max(1000),
  order: z.number().int().min(0),
  preset: z.boolean(),
  hidden: z.boolean(),
});
export type TScorecardQuestion = z.infer<typeof ZScorecardQuestionSchema>;

export const ZScorecardSchema = z.object({
  id: z.uuid(),
  questions: z.array(ZScorecardQuestionSchema),
  coachOnlyScorecard: z.boolean(),
});
export type TScorecard = z.infer<typeof ZScorecardSchema>;

export const PRESET_QUESTION_IDS: readonly string[] = CORE_SCORES.map((c) => c.apiName);

/** A new scorecard's questions: the four presets, then the custom ratings (label, description). */
export function scorecardQuestions(custom: readonly (readonly [string, string])[]): TScorecardQuestion[] {
  const presets = CORE_SCORES.map((c, i) => ({ id: c.apiName, label: c.label, description: '', order: i, preset: true, hidden: false }));
  return [
    ...presets,
    ...custom.map(([label, description], i) => ({
      id: customQuestionId(label),
      label,
      description,
      order: presets.length + i,
      preset: false,
      hidden: false,
    })),
  ];
}

/** The questions a rater answers, in order: visible ones; presets map to the core scores. */
export function visibleQuestions(scorecard: Pick<TScorecard, 'questions'>): TScorecardQuestion[] {
  return scorecard.questions.filter((q) => !q.hidden || q.id === 'scoreOverall').sort((a, b) => a.order - b.order);
}

/**
 * Rating ids derive from names (002 section 5): the letters, digits, dots and dashes, lower-cased,
 * prefixed 'custom'; any other character, a space too, is dropped, so "STORY telling" and
 * "Storytelling" are one id and the second is refused as a duplicate.
 */
export function customQuestionId(label: string): string {
  return `custom${label.toLowerCase().replace(/[^a-z0-9.-]/g, '')}`;
}

export const ZAssignmentRefSchema = z.object({
  assignmentId: z.uuid(),
  assignmentName: z.string(),
  groupId: z.guid().nullable(),
  groupName: z.string().nullable(),
  criteria: z.object({ algorithm: z.string() }),
  scorecard: ZScorecardSchema.nullable(),
});
export type TAssignmentRef = z.infer<typeof ZAssignmentRefSchema>;

/**
 * A scorecard question as a recording carries it (001 section 3): `apiName` is the rating's key in
 * feedback (a core score's field such as scoreOverall, or the custom rating's id in `responses`),
 * and `value` is the caller's own rating of this recording on it (null before they score).
 */
export const ZRecordingScorecardQuestionSchema = ZScorecardQuestionSchema.extend({
  apiName: z.string(),
  value: z.number().int().min(1).max(10).nullable(),
});
export const ZRecordingScorecardSchema = ZScorecardSchema.extend({ questions: z.array(ZRecordingScorecardQuestionSchema) });
export type TRecordingScorecard = z.infer<typeof ZRecordingScorecardSchema>;

/** A recording's assignment (001 section 3): the reference plus its metadata and the scorecard with the caller's values. */
export const ZRecordingAssignmentSchema = ZAssignmentRefSchema.extend({
  /** The stored assignment's metadata; empty for a caller who may not see the assignment itself. */
  metadata: z.record(z.string(), z.unknown()),
  scorecard: ZRecordingScorecardSchema.nullable(),
});
export type TRecordingAssignment = z.infer<typeof ZRecordingAssignmentSchema>;

/** GET assignments?scope=assigned: the assignments a speaker may add recordings to (the picker). */
export const ZAssignedAssignmentSchema = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  name: z.string(),
  groupId: z.guid(),
  groupName: z.string(),
  criteria: z.object({ algorithm: z.string() }),
  createdDate: z.iso.datetime(),
  /** The server's assignmentAbilities: the caller may move a recording into it. */
  abilities: z.object({ canSubmit: z.boolean() }),
});
export type TAssignedAssignment = z.infer<typeof ZAssignedAssignmentSchema>;

/**
 * GET assignments: scope=assigned (the pickers: open assignments for the caller), scope=group
 * with groupId (a group's assignments, for its coaches), scope=templates (own, shared, global).
 */
export const ZAssignmentListQuerySchema = z
  .object({ scope: z.enum(['assigned', 'group', 'templates']).default('assigned'), groupId: ZIdSchema.optional() })
  .strict()
  .refine((q) => q.scope !== 'group' || !!q.groupId, { path: ['groupId'], message: 'Choose a group' });

export const ZAddRecordingToAssignmentBodySchema = z.object({ recordingId: ZIdSchema }).strict();

export const ZAssignmentRecordingParamsSchema = z.object({ id: ZIdSchema, recordingId: ZIdSchema });

/** A response to one custom question: a rating from 1 to 10. */
export const ZQuestionResponseSchema = z.object({ id: z.string().min(1).max(120), response: z.number().int().min(1).max(10) }).strict();

/** POST scorecards/{id}/responses. */
export const ZScorecardResponseBodySchema = z
  .object({
    recordingId: ZIdSchema,
    scorecardId: ZIdSchema,
    responses: z.array(ZQuestionResponseSchema).min(1).max(50),
  })
  .strict()
  .refine((v) => new Set(v.responses.map((r) => r.id)).size === v.responses.length, {
    path: ['responses'],
    message: 'Each question is answered once',
  });
export type TScorecardResponseBody = z.infer<typeof ZScorecardResponseBodySchema>;

/** PUT scorecards/{id}/responses/{responseId}: replace the answers. */
export const ZUpdateScorecardResponseBodySchema = z
  .object({
    recordingId: ZIdSchema.optional(),
    scorecardId: ZIdSchema.optional(),
    responses: z.array(ZQuestionResponseSchema).min(1).max(50),
  })
  .strict();

export const ZScorecardResponseParamsSchema = z.object({ id: ZIdSchema, responseId: ZIdSchema });

export const ZScorecardResponseSchema = z.object({
  responseId: z.uuid(),
  recordingId: z.uuid(),
  scorecardId: z.uuid(),
  userId: z.uuid(),
  isManager: z.boolean(),
  responses: z.array(z.object({ id: z.string(), response: z.number() })),
  createdDate: z.iso.datetime(),
});
export type TScorecardResponse = z.infer<typeof ZScorecardResponseSchema>;
