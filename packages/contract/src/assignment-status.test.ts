import { describe, expect, it } from 'vitest';
import {
  assignmentMatchesFilter,
  coachAssignmentStatus,
  compareAssignments,
  isOverdue,
  isRecentAssignment,
  memberStatusText,
  speakerAssignmentStatus,
  type TAssignmentStateFacts,
} from './assignment-status.js';

const NOW = new Date('2026-03-01T00:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function facts(
  over: Partial<TAssignmentStateFacts> & { assigned?: number; completed?: number; inProgress?: number; sortOrder?: number | null } = {},
) {
  const { assigned = 2, completed = 0, inProgress = 0, ...rest } = over;
  return {
    archived: false,
    deleted: false,
    continuous: false,
    createdDate: ago(1),
    counts: { assignedCount: assigned, completedCount: completed, inProgressCount: inProgress },
    sortOrder: null as number | null,
    ...rest,
  };
}

describe('coachAssignmentStatus and speakerAssignmentStatus (002 section 4)', () => {
  it.each([
    [facts({ archived: true }), 'Disabled/Archived'],
    [facts({ deleted: true }), 'Disabled/Archived'],
    [facts({ continuous: true, assigned: 2, completed: 2 }), 'Active (Continuous Group Assignment)'],
    [facts({ assigned: 2, completed: 1 }), 'Active (Non-Continuous Assignment)'],
    [facts({ assigned: 2, completed: 2 }), 'Completed (Non-Continuous Assignment)'],
  ])('%o: %s', (f, text) => expect(coachAssignmentStatus(f)).toBe(text));

  it('the speaker sees their own status, or that the coach disabled it', () => {
    expect(speakerAssignmentStatus({ archived: false, deleted: false }, 'assigned')).toBe('Not Started');
    expect(speakerAssignmentStatus({ archived: false, deleted: false }, 'inProgress')).toBe('In Progress');
    expect(speakerAssignmentStatus({ archived: false, deleted: false }, 'completed')).toBe('Completed');
    expect(speakerAssignmentStatus({ archived: true, deleted: false }, 'inProgress')).toBe('Completed (Disabled by Your Coach)');
  });
});

describe('isRecentAssignment and assignmentMatchesFilter', () => {
  it.each([
    ['open, not completed', facts({ createdDate: ago(100) }), true],
    ['completed within 28 days of creation', facts({ completed: 2, createdDate: ago(27) }), true],
    ['completed 29 days after creation', facts({ completed: 2, createdDate: ago(29) }), false],
    ['archived, in progress', facts({ archived: true, inProgress: 1 }), true],
    ['archived, nobody in progress', facts({ archived: true, createdDate: ago(100) }), false],
  ])('%s: %s', (_label, f, want) => expect(isRecentAssignment(f, NOW)).toBe(want));

  it('Completed, Active and All', () => {
    const done = facts({ completed: 2 });
    const open = facts({ completed: 1 });
    const archived = facts({ archived: true });
    expect([done, open, archived].map((f) => assignmentMatchesFilter(f, 'completed', NOW))).toEqual([true, false, false]);
    expect([done, open, archived].map((f) => assignmentMatchesFilter(f, 'active', NOW))).toEqual([false, true, false]);
    expect([done, open, archived].map((f) => assignmentMatchesFilter(f, 'all', NOW))).toEqual([true, true, true]);
  });
});

describe('compareAssignments: manual order, then open, completed, archived; newest first', () => {
  it('sorts', () => {
    const list = {
      oldOpen: facts({ createdDate: ago(10) }),
      newOpen: facts({ createdDate: ago(1) }),
      completed: facts({ completed: 2, createdDate: ago(0) }),
      continuousDone: facts({ continuous: true, completed: 2, createdDate: ago(20) }),
      archived: facts({ archived: true, createdDate: ago(0) }),
      pinned: facts({ archived: true, sortOrder: 0, createdDate: ago(50) }),
    };
    const sorted = Object.entries(list)
      .sort(([, a], [, b]) => compareAssignments(a, b))
      .map(([k]) => k);
    expect(sorted).toEqual(['pinned', 'newOpen', 'oldOpen', 'continuousDone', 'completed', 'archived']);
  });
});

describe('isOverdue and the status words (issue 41 item 8)', () => {
  const open = { archived: false, deleted: false };
  const past = ago(1);
  const ahead = new Date(NOW.getTime() + DAY).toISOString();

  it.each([
    ['no due date', { ...open, dueAt: null }, 'assigned', false],
    ['due date ahead', { ...open, dueAt: ahead }, 'inProgress', false],
    ['past, not started', { ...open, dueAt: past }, 'assigned', true],
    ['past, in progress', { ...open, dueAt: past }, 'inProgress', true],
    ['past, completed', { ...open, dueAt: past }, 'completed', false],
    ['past, archived', { archived: true, deleted: false, dueAt: past }, 'assigned', false],
    ['past, deleted', { archived: false, deleted: true, dueAt: past }, 'assigned', false],
    ['due this very moment', { ...open, dueAt: NOW.toISOString() }, 'assigned', true],
  ] as const)('%s', (_label, a, status, want) => expect(isOverdue(a, status, NOW)).toBe(want));

  it('"Overdue" replaces the completion word only when overdue; the coach closing it still wins for speakers', () => {
    expect(memberStatusText('assigned', false)).toBe('Not Started');
    expect(memberStatusText('inProgress', true)).toBe('Overdue');
    expect(speakerAssignmentStatus(open, 'inProgress', true)).toBe('Overdue');
    expect(speakerAssignmentStatus(open, 'inProgress')).toBe('In Progress');
    expect(speakerAssignmentStatus({ archived: true, deleted: false }, 'inProgress', true)).toBe('Completed (Disabled by Your Coach)');
  });
});
