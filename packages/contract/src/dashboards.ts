import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZAssignmentMemberRecordingSchema } from './assignment-members.js';
import {
  COMPLETION_STATUSES,
  assignmentMatchesFilter,
  type TAssignmentFilter,
  type TAssignmentStateFacts,
  type TCompletionStatus,
} from './assignment-status.js';
import { ZRecordingSummarySchema } from './recording.js';
import type { MEMBER_RECORDING_FILTERS, MY_LIB_FILTERS, MY_LIB_SORT_KEYS, TSortPreference } from './preferences.js';

// The coach and speaker dashboards and My Library (002 sections 2.2 and 2.4): what the server
// sends, already cut to what the caller may see (privacy levels are decided on the server), and
// the pure rules the screens filter and sort with.

// ---------------------------------------------------------------- coach dashboard

/** GET groups/{id}/dashboard: the four stats over the group's assignments and its speakers' recordings. */
export const ZCoachDashboardStatsSchema = z.object({
  /** Assignments of the group that are open (not archived, not fully completed, or continuous). */
  activeAssignments: z.number().int(),
  /** Recordings of the group's speakers the coach may count (coach privacy level 3+: submitted or shared only). */
  totalRecordings: z.number().int(),
  /** Comments on those recordings. */
  totalComments: z.number().int(),
  /** Those recordings flagged for coach review. */
  recordingsForReview: z.number().int(),
});
export type TCoachDashboardStats = z.infer<typeof ZCoachDashboardStatsSchema>;

/** One row of the Members view (002 section 2.2), counts cut like the stats. */
export const ZCoachDashboardMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Join Date: the membership's start. */
  joinDate: z.iso.datetime(),
  /** Last Upload: newest counted recording in the group. */
  lastUpload: z.iso.datetime().nullable(),
  /** Total Assignments: the group's assignments that target them. */
  totalAssignments: z.number().int(),
  /** Active Assignments: those not completed by them and not archived. */
  activeAssignments: z.number().int(),
  recordings: z.number().int(),
  /** Recordings Flagged for Review. */
  flagged: z.number().int(),
  comments: z.number().int(),
});
export type TCoachDashboardMember = z.infer<typeof ZCoachDashboardMemberSchema>;

export const ZCoachDashboardSchema = z.object({
  groupId: z.uuid(),
  stats: ZCoachDashboardStatsSchema,
  /** The group's active speakers, whatever the filters (the screen filters and sorts). */
  members: z.array(ZCoachDashboardMemberSchema),
});
export type TCoachDashboard = z.infer<typeof ZCoachDashboardSchema>;

/** Members view column headings, by sort key (coachMemberSort). */
export const COACH_MEMBER_COLUMNS = {
  name: 'Name',
  joinDate: 'Join Date',
  lastUpload: 'Last Upload',
  totalAssignments: 'Total Assignments',
  activeAssignments: 'Active Assignments',
  recordings: 'Recordings',
  flagged: 'Recordings Flagged for Review',
  comments: 'Comments',
} as const;

/**
 * GET groups/{id}/members/{userId}/assignments: a member row expanded (002 section 2.2): each of
 * the group's assignments that targets the member, with the member's work on it and their
 * recordings in it (the details page's recording rows, with the same privacy cuts).
 */
export const ZMemberAssignmentRowSchema = z.object({
  assignmentId: z.uuid(),
  name: z.string(),
  archived: z.boolean(),
  deleted: z.boolean(),
  continuous: z.boolean(),
  createdDate: z.iso.datetime(),
  /** The member's completion of it. */
  status: z.enum(COMPLETION_STATUSES),
  dueAt: z.iso.datetime().nullable(),
  /** Not completed by the member after the due date: the status shows "Overdue". */
  overdue: z.boolean(),
  lastUpload: z.iso.datetime().nullable(),
  recordingsCount: z.number().int(),
  submittedCount: z.number().int(),
  sharedCount: z.number().int(),
  feedbackCount: z.number().int(),
  /** The recordings' rating column: the visible average (Overall Rating), or hidden. */
  ratingColumn: z.enum(['average', 'mine']).nullable(),
  showCoachRating: z.boolean(),
  recordings: z.array(ZAssignmentMemberRecordingSchema),
});
export type TMemberAssignmentRow = z.infer<typeof ZMemberAssignmentRowSchema>;

/** The path of GET groups/{id}/members/{userId}/assignments. */
export const ZGroupMemberParamsSchema = z.object({ id: ZIdSchema, userId: ZIdSchema });

export const ZMemberAssignmentsSchema = z.object({
  groupId: z.uuid(),
  userId: z.uuid(),
  assignments: z.array(ZMemberAssignmentRowSchema),
});
export type TMemberAssignments = z.infer<typeof ZMemberAssignmentsSchema>;

/** The per-assignment table's headings, by sort key (coachMemberAssSort). */
export const COACH_MEMBER_ASSIGNMENT_COLUMNS = {
  name: 'Assignment',
  status: 'Status',
  lastUpload: 'Last Upload',
  recordings: 'Recordings',
  flagged: 'Recordings Flagged for Review',
  comments: 'Comments',
} as const;

export type TMemberRecordingFilter = (typeof MEMBER_RECORDING_FILTERS)[number];
export const MEMBER_RECORDING_FILTER_TEXT: Record<TMemberRecordingFilter, string> = {
  submitted: 'Flagged for Review',
  shared: 'Shared',
  comments: 'With Comments',
  all: 'All',
};

/** The Members view's recordings filter over one recording row. */
export function memberRecordingMatchesFilter(
  r: { submitted: boolean; feedbackRequested: boolean; numComments: number },
  filter: TMemberRecordingFilter,
): boolean {
  switch (filter) {
    case 'submitted':
      return r.submitted;
    case 'shared':
      return r.feedbackRequested;
    case 'comments':
      return r.numComments > 0;
    default:
      return true;
  }
}

/**
 * One member's view of an assignment as state facts: the assignment rules (Recent, Completed,
 * Active) read with the member as its only target, so "completed" is the member's own completion.
 */
export function memberAssignmentFacts(a: {
  archived: boolean;
  deleted: boolean;
  createdDate: string;
  status: TCompletionStatus;
}): TAssignmentStateFacts {
  return {
    archived: a.archived,
    deleted: a.deleted,
    continuous: false,
    createdDate: a.createdDate,
    counts: {
      assignedCount: 1,
      completedCount: a.status === 'completed' ? 1 : 0,
      inProgressCount: a.status === 'inProgress' ? 1 : 0,
    },
  };
}

/** Recent / Completed / Active / All over one member's assignments (coach members view, speaker dashboard). */
export function memberAssignmentMatchesFilter(
  a: { archived: boolean; deleted: boolean; createdDate: string; status: TCompletionStatus },
  filter: TAssignmentFilter,
  now: Date = new Date(),
): boolean {
  return assignmentMatchesFilter(memberAssignmentFacts(a), filter, now);
}

// ---------------------------------------------------------------- speaker dashboard

/** GET me/dashboard: the four stats over the caller's own recordings and assignments. */
export const ZSpeakerDashboardStatsSchema = z.object({
  /** Assignments for them that are open: not archived and not completed by them. */
  activeAssignments: z.number().int(),
  totalRecordings: z.number().int(),
  /** Comments on their recordings. */
  totalComments: z.number().int(),
  /** Their recordings flagged for coach review. */
  recordingsFlagged: z.number().int(),
});
export type TSpeakerDashboardStats = z.infer<typeof ZSpeakerDashboardStatsSchema>;

/** One assignment card of the speaker dashboard. */
export const ZSpeakerAssignmentCardSchema = z.object({
  assignmentId: z.uuid(),
  name: z.string(),
  description: z.string(),
  archived: z.boolean(),
  deleted: z.boolean(),
  createdDate: z.iso.datetime(),
  sortOrder: z.number().int().nullable(),
  /** Their own completion. */
  status: z.enum(COMPLETION_STATUSES),
  /** The due date; null: none. */
  dueAt: z.iso.datetime().nullable(),
  /** Not completed by them after the due date (isOverdue). */
  overdue: z.boolean(),
  /** The criteria's algorithm: the Record link reads Single Speaker or Multi-Speaker from it. */
  algorithm: z.string(),
  counts: z.object({
    myRecordings: z.number().int(),
    /** Comments on their recordings in it. */
    comments: z.number().int(),
    /** Recordings peers shared in it; null where the group hides peers (speaker privacy level 4). */
    peerRecordings: z.number().int().nullable(),
  }),
  /** The server's assignmentAbilities: may record into it. */
  abilities: z.object({ canSubmit: z.boolean() }),
});
export type TSpeakerAssignmentCard = z.infer<typeof ZSpeakerAssignmentCardSchema>;

export const ZSpeakerDashboardGroupSchema = z.object({
  groupId: z.uuid(),
  name: z.string(),
  assignments: z.array(ZSpeakerAssignmentCardSchema),
});

export const ZSpeakerDashboardSchema = z.object({
  stats: ZSpeakerDashboardStatsSchema,
  /** Groups where the caller is an active speaker and has assignments, by name. */
  groups: z.array(ZSpeakerDashboardGroupSchema),
});
export type TSpeakerDashboard = z.infer<typeof ZSpeakerDashboardSchema>;

export const SPEAKER_DASHBOARD_MSG = {
  noAssignments: 'You currently have no assignments.',
  noAssignmentsInFilter: 'No assignments.',
} as const;

// ---------------------------------------------------------------- My Library

/** GET me/library: the caller's own recordings with what the table shows and sorts by. */
export const ZLibraryRecordingSchema = ZRecordingSummarySchema.extend({
  assignmentName: z.string().nullable(),
  /** Comments on it. */
  numComments: z.number().int(),
  /** Average overall rating (everyone's), 2 decimals. */
  scoreOverallAvgRating: z.number().nullable(),
  numRatings: z.number().int(),
  /** Average overall rating by coaches; null where the group hides it. */
  scoreOverallAvgRatingCoach: z.number().nullable(),
  numCoachRatings: z.number().int(),
  /** Signed audio address (the expanded row's player); null without audio yet. */
  playbackUrl: z.string().nullable(),
});
export type TLibraryRecording = z.infer<typeof ZLibraryRecordingSchema>;

export type TMyLibFilter = (typeof MY_LIB_FILTERS)[number];
export type TMyLibSortKey = (typeof MY_LIB_SORT_KEYS)[number];

export const MY_LIB_FILTER_TEXT: Record<TMyLibFilter, string> = {
  all: 'All',
  submitted: 'Flagged for Review',
  assignment: 'Assignments',
  private: 'Private',
};

export const MY_LIB_COLUMNS: Record<TMyLibSortKey, string> = {
  title: 'Title',
  group: 'Group',
  uploaded: 'Uploaded',
  duration: 'Duration',
  overall: 'Vocal Delivery',
  recordingComments: 'Comments',
  rating: 'Overall Rating',
  coachRating: 'Coach Rating',
};

type TLibraryFacts = Pick<TLibraryRecording, 'submitted' | 'assignmentId'>;

/** My Library's filters: Flagged for Review (submitted), in an assignment, private (in none), all. */
export function libraryMatchesFilter(r: TLibraryFacts, filter: TMyLibFilter): boolean {
  switch (filter) {
    case 'submitted':
      return r.submitted;
    case 'assignment':
      return r.assignmentId !== null;
    case 'private':
      return r.assignmentId === null;
    default:
      return true;
  }
}

type TLibrarySortFacts = Pick<
  TLibraryRecording,
  | 'title'
  | 'groupName'
  | 'createdDate'
  | 'duration'
  | 'overallScore'
  | 'numComments'
  | 'scoreOverallAvgRating'
  | 'scoreOverallAvgRatingCoach'
>;

const librarySortValue: Record<TMyLibSortKey, (r: TLibrarySortFacts) => string | number | null> = {
  title: (r) => r.title.toLocaleLowerCase(),
  group: (r) => r.groupName?.toLocaleLowerCase() ?? null,
  uploaded: (r) => Date.parse(r.createdDate),
  duration: (r) => r.duration,
  overall: (r) => r.overallScore,
  recordingComments: (r) => r.numComments,
  rating: (r) => r.scoreOverallAvgRating,
  coachRating: (r) => r.scoreOverallAvgRatingCoach,
};

/** Parses a stored "{key}-u|d" sort; anything else is the default, newest first. */
export function parseLibrarySort(stored: unknown): { key: TMyLibSortKey; dir: 'u' | 'd' } {
  if (typeof stored === 'string') {
    const m = /^(.+)-([ud])$/.exec(stored);
    if (m && Object.hasOwn(librarySortValue, m[1]!)) return { key: m[1] as TMyLibSortKey, dir: m[2] as 'u' | 'd' };
  }
  return { key: 'uploaded', dir: 'd' };
}

export function formatLibrarySort(s: { key: TMyLibSortKey; dir: 'u' | 'd' }): TSortPreference<TMyLibSortKey> {
  return `${s.key}-${s.dir}`;
}

/** Sorts My Library rows; empty values (no score yet, no group) go last either way, ties newest first. */
export function compareLibrary(a: TLibrarySortFacts, b: TLibrarySortFacts, sort: { key: TMyLibSortKey; dir: 'u' | 'd' }): number {
  const va = librarySortValue[sort.key](a);
  const vb = librarySortValue[sort.key](b);
  if (va === null || vb === null) {
    if (va !== vb) return va === null ? 1 : -1;
  } else if (va !== vb) {
    const d = typeof va === 'string' ? va.localeCompare(vb as string) : va - (vb as number);
    return sort.dir === 'u' ? d : -d;
  }
  return Date.parse(b.createdDate) - Date.parse(a.createdDate);
}
