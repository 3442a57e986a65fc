import { isPastDue } from './assignment-due.js';
import { ASSIGNMENT_LIMITS } from './assignment-criteria.js';

// Assignment and member states (002 section 4): the words shown, the Recent filter and the list
// order. Pure, so the coach's and the speaker's lists, the server and the CSV agree.

/** A member's completion status; 'assigned' is displayed "Not Started". */
export const COMPLETION_STATUSES = ['assigned', 'inProgress', 'completed'] as const;
export type TCompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const COMPLETION_STATUS_TEXT: Record<TCompletionStatus, string> = {
  assigned: 'Not Started',
  inProgress: 'In Progress',
  completed: 'Completed',
};

export const ASSIGNMENT_STATUS_TEXT = {
  disabled: 'Disabled/Archived',
  active: 'Active',
  completed: 'Completed',
  continuous: '(Continuous Group Assignment)',
  nonContinuous: '(Non-Continuous Assignment)',
  speakerDisabled: 'Completed (Disabled by Your Coach)',
  overdue: 'Overdue',
} as const;

/** What the status rules read of an assignment. */
export interface TAssignmentStateFacts {
  archived: boolean;
  deleted: boolean;
  /** Continuous: a group target whose continuous status is on. */
  continuous: boolean;
  createdDate: string;
  counts: { assignedCount: number; completedCount: number; inProgressCount: number };
}

/** Fully completed: every assigned member completed and no group adds new ones. */
export function isCompletedAssignment(a: TAssignmentStateFacts): boolean {
  return !a.continuous && a.counts.assignedCount === a.counts.completedCount;
}

/** The coach's status line (002 section 4). */
export function coachAssignmentStatus(a: TAssignmentStateFacts): string {
  if (a.archived || a.deleted) return ASSIGNMENT_STATUS_TEXT.disabled;
  const state = isCompletedAssignment(a) ? ASSIGNMENT_STATUS_TEXT.completed : ASSIGNMENT_STATUS_TEXT.active;
  return `${state} ${a.continuous ? ASSIGNMENT_STATUS_TEXT.continuous : ASSIGNMENT_STATUS_TEXT.nonContinuous}`;
}

/**
 * Overdue (issue 41 item 8): the assignment has a due date that has passed and the member has not
 * completed it. Archived and deleted assignments are never overdue (the coach closed them), and
 * without a due date nothing is. The server decides it with its clock and sends `overdue`.
 */
export function isOverdue(
  a: Pick<TAssignmentStateFacts, 'archived' | 'deleted'> & { dueAt: string | Date | null },
  status: TCompletionStatus,
  now: Date = new Date(),
): boolean {
  return !a.archived && !a.deleted && status !== 'completed' && isPastDue(a.dueAt, now);
}

/** A member's status word in the member tables and the CSV: "Overdue" past the due date, else their completion. */
export function memberStatusText(status: TCompletionStatus, overdue: boolean): string {
  return overdue ? ASSIGNMENT_STATUS_TEXT.overdue : COMPLETION_STATUS_TEXT[status];
}

/** The speaker's status line: their own completion ("Overdue" once past due), or disabled by the coach. */
export function speakerAssignmentStatus(
  a: Pick<TAssignmentStateFacts, 'archived' | 'deleted'>,
  mine: TCompletionStatus,
  overdue = false,
): string {
  if (a.archived || a.deleted) return ASSIGNMENT_STATUS_TEXT.speakerDisabled;
  return memberStatusText(mine, overdue);
}

/**
 * Why an assignment left Active (issue 41 item 8): one take can meet every criterion, and then the
 * speaker's Active count drops at once, which reads like an error without this line.
 */
export const COMPLETED_EXPLAINED =
  'Completed: your take meets every criterion. It stays in Completed, and Active counts only assignments still to do.';

/**
 * The Recent filter: not archived and not completed; or completed within 28 days of creation;
 * or archived and still in progress.
 */
export function isRecentAssignment(a: TAssignmentStateFacts, now: Date = new Date()): boolean {
  const completed = isCompletedAssignment(a);
  if (!a.archived && !completed) return true;
  if (completed && now.getTime() - Date.parse(a.createdDate) <= ASSIGNMENT_LIMITS.recentWindowSeconds * 1000) return true;
  return a.archived && a.counts.inProgressCount > 0;
}

export const ASSIGNMENT_FILTERS = ['recent', 'completed', 'active', 'all'] as const;
export type TAssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

/** The coach's filters Recent / Completed / Active / All over assignments. */
export function assignmentMatchesFilter(a: TAssignmentStateFacts, filter: TAssignmentFilter, now: Date = new Date()): boolean {
  switch (filter) {
    case 'recent':
      return isRecentAssignment(a, now);
    case 'completed':
      return !a.archived && !a.deleted && isCompletedAssignment(a);
    case 'active':
      return !a.archived && !a.deleted && !isCompletedAssignment(a);
    default:
      return true;
  }
}

/**
 * List order (002 section 4): a manual sortOrder first (the reorder page), then open
 * assignments, then fully completed ones with no group targets, then archived; each newest
 * first.
 */
export function compareAssignments(
  a: TAssignmentStateFacts & { sortOrder: number | null },
  b: TAssignmentStateFacts & { sortOrder: number | null },
): number {
  const ao = a.sortOrder ?? Number.POSITIVE_INFINITY;
  const bo = b.sortOrder ?? Number.POSITIVE_INFINITY;
  if (ao !== bo) return ao < bo ? -1 : 1;
  const bucket = (x: TAssignmentStateFacts) => (x.archived || x.deleted ? 2 : isCompletedAssignment(x) ? 1 : 0);
  const d = bucket(a) - bucket(b);
  if (d !== 0) return d;
  return Date.parse(b.createdDate) - Date.parse(a.createdDate);
}
