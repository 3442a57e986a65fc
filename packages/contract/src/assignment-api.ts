import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZScorecardQuestionSchema, ZScorecardSchema } from './assignment.js';
import {
  ASSIGNMENT_LIMITS,
  ZAssignmentCriteriaSchema,
  ZAssignmentDescriptionSchema,
  ZAssignmentWordspottingSchema,
} from './assignment-criteria.js';
import { COMPLETION_STATUSES } from './assignment-status.js';
import { ZDueAtSchema } from './assignment-due.js';

// The assignment as the API returns it and the editor's, details page's and reorder page's
// calls (002 sections 2.3, 2.6, 2.7, 3 and 7). Paths are ours (the spec shows payloads only):
//   GET    assignments?scope=group&groupId= | scope=templates | scope=assigned
//   GET    assignments/{id}
//   POST   assignments                      new template (editor step 1)
//   PATCH  assignments/{id}                 description, criteria (templates), isShared,
//                                           archived, deactivated, wordspotting
//   DELETE assignments/{id}                 templates only
//   POST   assignments/{id}/copy            "{name} (Copy)", a private template
//   POST   assignments/{id}/assign          assign step: copies a template into groups
//   POST   assignments/{id}/attachments     DELETE assignments/{id}/attachments/{attachmentId}
//   PUT    assignments/{id}/scorecard       save the scorecard
//   PUT    groups/{id}/assignments/order    reorder page

/** What the caller may do with an assignment; computed by the server's policies. */
export const ZAssignmentAbilitiesSchema = z.object({
  /** Open the editor (description, attachments; criteria only when canEditCriteria). */
  canEdit: z.boolean(),
  /** Criteria, scorecard and wordspotting: templates only, never global. */
  canEditCriteria: z.boolean(),
  /** Delete: templates only. */
  canDelete: z.boolean(),
  /** Archive / Restore Archived Assignment: assigned assignments. */
  canArchive: z.boolean(),
  /** Copy as Template / Copy Template. */
  canCopy: z.boolean(),
  /** Assign This: templates (own, shared or global). */
  canAssign: z.boolean(),
  /** Turn Off Continuous Status / Convert Assignment to Continuous. */
  canToggleContinuous: z.boolean(),
  /** Make Public / Private: the template's owner. */
  canToggleShared: z.boolean(),
  /** Download Report: a coach of the group with the org's Download_Report_Button. */
  canDownloadReport: z.boolean(),
  /** The member table with every member's row and the comparison report (coach variant). */
  canSeeMembers: z.boolean(),
  /** Record or upload into it: an active speaker the assignment targets, while it is open. */
  canSubmit: z.boolean(),
});
export type TAssignmentAbilities = z.infer<typeof ZAssignmentAbilitiesSchema>;

export const ZAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  attachmentType: z.enum(['link', 'recording']),
  attachmentUrl: z.string().nullable(),
  recordingId: z.uuid().nullable(),
});
export type TAttachment = z.infer<typeof ZAttachmentSchema>;

export const ZAssignmentUserTargetSchema = z.object({ userId: z.uuid(), name: z.string(), createdDate: z.iso.datetime() });
export const ZAssignmentGroupTargetSchema = z.object({ groupId: z.uuid(), name: z.string(), createdDate: z.iso.datetime() });

export const ZAssignmentCountsSchema = z.object({
  /** Members the assignment is for (targets, expanded), whose rows the caller may see. */
  assignedCount: z.number().int(),
  notStartedCount: z.number().int(),
  inProgressCount: z.number().int(),
  completedCount: z.number().int(),
  recordingsCount: z.number().int(),
  /** Recordings flagged for coach review. */
  forReviewCount: z.number().int(),
  /** Comments on the assignment's recordings. */
  feedbackCount: z.number().int(),
  /** Of the members counted, those not completed after the due date (0 without one). */
  overdueCount: z.number().int(),
});
export type TAssignmentCounts = z.infer<typeof ZAssignmentCountsSchema>;

export const ZAssignmentSchema = z.object({
  assignmentId: z.uuid(),
  name: z.string(),
  description: z.string(),
  isTemplate: z.boolean(),
  /** Templates: visible to the organisation's coaches (public) or the owner only (private). */
  isShared: z.boolean(),
  isGlobal: z.boolean(),
  archived: z.boolean(),
  deleted: z.boolean(),
  /** Continuous status turned off. */
  deactivated: z.boolean(),
  /** Group targets with continuous status on. */
  continuous: z.boolean(),
  userId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  groupId: z.uuid().nullable(),
  groupName: z.string().nullable(),
  assignmentTemplateId: z.uuid().nullable(),
  sortOrder: z.number().int().nullable(),
  criteria: ZAssignmentCriteriaSchema,
  userTargets: z.array(ZAssignmentUserTargetSchema),
  groupTargets: z.array(ZAssignmentGroupTargetSchema),
  attachments: z.array(ZAttachmentSchema),
  scorecard: ZScorecardSchema.nullable(),
  wordspotting: z.array(z.string()),
  createdDate: z.iso.datetime(),
  /** When the caller became a target (speakers); null when it is not for them. */
  myUserTarget: z.object({ createdDate: z.iso.datetime() }).nullable(),
  /** The caller's own completion status when the assignment is for them. */
  completionStatus: z.enum(COMPLETION_STATUSES).nullable(),
  /** The due date (an instant; shown in the organisation's time zone); null: none. */
  dueAt: z.iso.datetime().nullable(),
  /** It is for the caller, who has not completed it, and the due date has passed (isOverdue). */
  overdue: z.boolean(),
  counts: ZAssignmentCountsSchema,
  abilities: ZAssignmentAbilitiesSchema,
});
export type TAssignment = z.infer<typeof ZAssignmentSchema>;

export const ZAssignmentScopeQuerySchema = z.discriminatedUnion('scope', [
  /** The Move to Assignment and record pickers: open assignments for the caller as a speaker. */
  z.object({ scope: z.literal('assigned') }),
  /** A group's assignments, for its coaches (and org admins). */
  z.object({ scope: z.literal('group'), groupId: ZIdSchema }),
  /** Templates the caller may use: their own, the organisation's shared ones and the global ones. */
  z.object({ scope: z.literal('templates') }),
]);

/** POST assignments: a new template from the editor's first step; a due date must lie ahead (400 assignment.due_past). */
export const ZCreateAssignmentBodySchema = ZAssignmentDescriptionSchema.extend({
  criteria: ZAssignmentCriteriaSchema,
  isShared: z.boolean().default(false),
  dueAt: ZDueAtSchema.optional(),
}).strict();
export type TCreateAssignmentBody = z.input<typeof ZCreateAssignmentBodySchema>;

/** PATCH assignments/{id}: only the fields sent change. */
export const ZUpdateAssignmentBodySchema = z
  .object({
    name: ZAssignmentDescriptionSchema.shape.name.optional(),
    description: ZAssignmentDescriptionSchema.shape.description.optional(),
    criteria: ZAssignmentCriteriaSchema.optional(),
    isShared: z.boolean().optional(),
    archived: z.boolean().optional(),
    deactivated: z.boolean().optional(),
    wordspotting: ZAssignmentWordspottingSchema.optional(),
    /** A new due date must lie ahead; the stored one may be sent back unchanged once past; null clears it. */
    dueAt: ZDueAtSchema.optional(),
  })
  .strict();
export type TUpdateAssignmentBody = z.input<typeof ZUpdateAssignmentBodySchema>;

/**
 * POST assignments/{id}/assign (002 sections 2.7 and 4): continuous assigns whole groups
 * (current and future speakers); non-continuous the selected groups' current speakers and the
 * selected users. The server makes one assignment per group, copied from the template.
 */
export const ZAssignBodySchema = z
  .object({
    continuous: z.boolean(),
    groupIds: z.array(ZIdSchema).max(200).default([]),
    userIds: z.array(ZIdSchema).max(2000).default([]),
  })
  .strict();
export type TAssignBody = z.input<typeof ZAssignBodySchema>;
export const ZAssignResultSchema = z.object({
  assignments: z.array(z.object({ assignmentId: z.uuid(), groupId: z.uuid(), groupName: z.string() })),
});

/** POST assignments/{id}/attachments: a link, or one of the caller's recordings. */
export const ZAddAttachmentBodySchema = z.union([
  z
    .object({
      attachmentType: z.literal('link'),
      name: z.string().trim().min(1).max(ASSIGNMENT_LIMITS.attachmentNameMax),
      attachmentUrl: z.string().trim().min(1).max(2000),
    })
    .strict(),
  z
    .object({
      attachmentType: z.literal('recording'),
      name: z.string().trim().min(1).max(ASSIGNMENT_LIMITS.attachmentNameMax),
      recordingId: ZIdSchema,
    })
    .strict(),
]);
export const ZAttachmentParamsSchema = z.object({ id: ZIdSchema, attachmentId: ZIdSchema });

/** PUT assignments/{id}/scorecard (scorecardType 'recording'). */
export const ZSaveScorecardBodySchema = z
  .object({
    scorecardType: z.literal('recording').default('recording'),
    scorecard: z.object({
      questions: z.array(ZScorecardQuestionSchema).min(1).max(ASSIGNMENT_LIMITS.ratingsMax),
      coachOnlyScorecard: z.boolean(),
    }),
  })
  .strict();
export type TSaveScorecardBody = z.input<typeof ZSaveScorecardBodySchema>;

/** PUT groups/{id}/assignments/order: the reorder page's new positions. */
export const ZReorderAssignmentsBodySchema = z
  .object({
    assignments: z
      .array(z.object({ assignmentId: ZIdSchema, sortOrder: z.number().int().min(0).max(100_000) }).strict())
      .min(1)
      .max(1000),
  })
  .strict();

/** The editor's steps (002 section 2.7), by number in the address. */
export const EDITOR_STEPS = {
  description: 1,
  criteria: 2,
  wordspotting: 3,
  scorecard: 4,
  attachments: 5,
  prompt: 6,
  assign: 7,
} as const;
export type TEditorStep = keyof typeof EDITOR_STEPS;
