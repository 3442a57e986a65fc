import { z } from 'zod';
import { COMPLETION_STATUSES, type TCompletionStatus } from './assignment-status.js';

// GET assignments/{id}/members: the details page's member table (002 sections 2.6 and 6), rows
// and columns already cut to what the caller may see. The server decides which rows and columns
// show (view, hiddenColumns); the web renders them and compares no privacy levels itself.

/** A member's completion: the status and, per criterion, met (true), unmet (false) or not asked (null). */
export const ZMemberCompletionSchema = z.object({
  status: z.enum(COMPLETION_STATUSES),
  minRecordings: z.boolean().nullable(),
  minRating: z.boolean().nullable(),
  minScore: z.boolean().nullable(),
  managerReview: z.boolean().nullable(),
  shareRecording: z.boolean().nullable(),
  selfCommentary: z.boolean().nullable(),
});
export type TMemberCompletion = z.infer<typeof ZMemberCompletionSchema>;

/** One recording in a member's sub-table. Scores, ratings and playback only where the caller may hear it. */
export const ZAssignmentMemberRecordingSchema = z.object({
  recordingId: z.uuid(),
  title: z.string(),
  createdDate: z.iso.datetime(),
  duration: z.number().nullable(),
  isVideo: z.boolean(),
  processing: z.boolean(),
  /** Vocal Delivery (the automated overall score). */
  overallScore: z.number().nullable(),
  /** Comments the caller may see. */
  numComments: z.number().int(),
  /** Average of the overall ratings the caller may see, 2 decimals. */
  scoreOverallAvgRating: z.number().nullable(),
  numRatings: z.number().int(),
  /** The caller's own overall rating of it (My Rating). */
  myRating: z.number().nullable(),
  /** Coach Overall Rating; null where it is hidden from the caller. */
  scoreOverallAvgRatingCoach: z.number().nullable(),
  numCoachRatings: z.number().int(),
  submitted: z.boolean(),
  feedbackRequested: z.boolean(),
  /** Signed audio address for this caller; null when they may not hear it or it has no audio yet. */
  playbackUrl: z.string().nullable(),
  abilities: z.object({ canHear: z.boolean() }),
});
export type TAssignmentMemberRecording = z.infer<typeof ZAssignmentMemberRecordingSchema>;

export const ZAssignmentMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The caller's own row. */
  isMe: z.boolean(),
  completionStatus: ZMemberCompletionSchema,
  /** Not completed after the assignment's due date (isOverdue): the status shows "Overdue". */
  overdue: z.boolean(),
  /** Newest of the listed recordings. */
  lastUpload: z.iso.datetime().nullable(),
  /** Recordings column (coach only; null for speakers). */
  recordingsCount: z.number().int().nullable(),
  /** Recordings Flagged for Review (coach only). */
  submittedCount: z.number().int().nullable(),
  /** Shared with Group (speakers, where speakers share). */
  sharedCount: z.number().int().nullable(),
  /** Comments the caller may see on the listed recordings. */
  feedbackCount: z.number().int(),
  /** The sub-table's rating column: the visible average (Overall Rating), the caller's own (My Rating), or hidden. */
  ratingColumn: z.enum(['average', 'mine']).nullable(),
  /** The sub-table shows the Coach Overall Rating column. */
  showCoachRating: z.boolean(),
  /** The member's recordings in the assignment the caller may list, newest first. */
  recordings: z.array(ZAssignmentMemberRecordingSchema),
});
export type TAssignmentMember = z.infer<typeof ZAssignmentMemberSchema>;

/** Member table columns (002 section 2.6), by key, with their headings. */
export const ASSIGNMENT_MEMBER_COLUMNS = {
  name: 'Name',
  status: 'Speaker Assignment Status',
  lastUpload: 'Last Upload',
  recordings: 'Recordings',
  flagged: 'Recordings Flagged for Review',
  shared: 'Shared with Group',
  comments: 'Comments',
} as const;
export type TAssignmentMemberColumn = keyof typeof ASSIGNMENT_MEMBER_COLUMNS;

/** Recordings sub-table columns, by key, with their headings. */
export const ASSIGNMENT_MEMBER_RECORDING_COLUMNS = {
  recording: 'Recording',
  history: 'History',
  duration: 'Duration',
  vocalDelivery: 'Vocal Delivery',
  comments: 'Comments',
  overallRating: 'Overall Rating',
  myRating: 'My Rating',
  coachRating: 'Coach Overall Rating',
} as const;

export const ZAssignmentMembersViewSchema = z.object({
  variant: z.enum(['coach', 'speaker']),
  /** Other members' rows: all, only those who shared a recording in it (speaker level 3), or none. */
  peers: z.enum(['all', 'sharers', 'none']),
  /** The number of members is not shown (the rows are not all of them). */
  userCountHidden: z.boolean(),
  /** Filters: Flagged for Review (coach) or Peer Shared (speaker, where peers show and share). */
  flaggedFilter: z.enum(['flagged', 'shared']).nullable(),
});

export const ZAssignmentMembersSchema = z.object({
  assignmentId: z.uuid(),
  view: ZAssignmentMembersViewSchema,
  /** Member table columns the caller does not see. */
  hiddenColumns: z.array(z.enum(Object.keys(ASSIGNMENT_MEMBER_COLUMNS) as [TAssignmentMemberColumn, ...TAssignmentMemberColumn[]])),
  /** No member at all: "There are currently no active users for this assignment." */
  noActiveUsers: z.boolean(),
  members: z.array(ZAssignmentMemberSchema),
});
export type TAssignmentMembers = z.infer<typeof ZAssignmentMembersSchema>;

/** The member table's filters (stored as assPreviewFilter). */
export const ASSIGNMENT_MEMBER_FILTERS = ['all', 'flagged', 'shared', 'active', 'completed'] as const;
export type TAssignmentMemberFilter = (typeof ASSIGNMENT_MEMBER_FILTERS)[number];

export const ASSIGNMENT_MEMBER_FILTER_TEXT: Record<TAssignmentMemberFilter, string> = {
  all: 'All',
  flagged: 'Flagged for Review',
  shared: 'Peer Shared',
  active: 'Active',
  completed: 'Completed',
};

/**
 * Whether a row passes a filter: Flagged for Review, rows with a flagged recording; Peer Shared,
 * rows with a shared one; Active, members not completed yet; Completed, completed ones.
 */
export function memberMatchesFilter(
  m: { completionStatus: { status: TCompletionStatus }; recordings: ReadonlyArray<{ submitted: boolean; feedbackRequested: boolean }> },
  filter: TAssignmentMemberFilter,
): boolean {
  switch (filter) {
    case 'flagged':
      return m.recordings.some((r) => r.submitted);
    case 'shared':
      return m.recordings.some((r) => r.feedbackRequested);
    case 'active':
      return m.completionStatus.status !== 'completed';
    case 'completed':
      return m.completionStatus.status === 'completed';
    default:
      return true;
  }
}
