import { describe, expect, it } from 'vitest';
import { dashboard, memberAssignment } from './coach-dashboard-fixtures';
import { nextSort, readSort, sortMemberAssignments, sortMembers, writeSort } from './coach-members-model';

describe('the Members view sorts', () => {
  it('reads and writes "{key}-u|d"', () => {
    expect(readSort('lastUpload-d')).toEqual({ key: 'lastUpload', direction: 'descending' });
    expect(readSort('name-u')).toEqual({ key: 'name', direction: 'ascending' });
    expect(writeSort({ key: 'joinDate', direction: 'ascending' })).toBe('joinDate-u');
  });

  it('flips the sorted column; another starts ascending for names, descending for the rest', () => {
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'recordings')).toEqual({ key: 'recordings', direction: 'descending' });
    expect(nextSort({ key: 'recordings', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('sorts members by last name, dates (none is oldest) and counts, ties by name', () => {
    const rows = dashboard().members;
    const names = (s: Parameters<typeof sortMembers>[1]) => sortMembers(rows, s).map((m) => m.firstName);
    expect(names({ key: 'name', direction: 'ascending' })).toEqual(['Ben', 'Ava']);
    expect(names({ key: 'lastUpload', direction: 'descending' })).toEqual(['Ava', 'Ben']);
    expect(names({ key: 'joinDate', direction: 'descending' })).toEqual(['Ben', 'Ava']);
    expect(names({ key: 'recordings', direction: 'ascending' })).toEqual(['Ava', 'Ben']);
    // Both flagged once: by name.
    expect(names({ key: 'flagged', direction: 'descending' })).toEqual(['Ben', 'Ava']);
  });

  it("sorts a member's assignments by status (most advanced first when descending) and counts", () => {
    const rows = [
      memberAssignment({ name: 'B', status: 'assigned', feedbackCount: 3 }),
      memberAssignment({ name: 'A', status: 'completed', feedbackCount: 1 }),
      memberAssignment({ name: 'C', status: 'inProgress', feedbackCount: 2 }),
    ];
    const names = (s: Parameters<typeof sortMemberAssignments>[1]) => sortMemberAssignments(rows, s).map((a) => a.name);
    expect(names({ key: 'name', direction: 'ascending' })).toEqual(['A', 'B', 'C']);
    expect(names({ key: 'status', direction: 'descending' })).toEqual(['A', 'C', 'B']);
    expect(names({ key: 'comments', direction: 'ascending' })).toEqual(['A', 'C', 'B']);
  });
});
