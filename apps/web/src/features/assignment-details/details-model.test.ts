import { describe, expect, it } from 'vitest';
import { coachActions, coachVariant, patchFor, recordLinkLabel, ACTION_NOTICE } from './details-model';
import {
  formatSort,
  matchesFilter,
  memberFilters,
  parseFilter,
  parseSort,
  visibleMembers,
  type TMemberRowFacts,
} from './member-table-model';
import { assignmentAbilities } from '../../test/fixtures';

const none = assignmentAbilities();
const base = { isTemplate: false, archived: false, deactivated: false, isShared: false };

describe('coach actions come from the server abilities only', () => {
  it('offers nothing to a speaker, who sees the speaker variant', () => {
    const a = { ...base, abilities: { ...none, canSubmit: true } };
    expect(coachActions(a)).toEqual([]);
    expect(coachVariant(a)).toBe(false);
  });

  it('an assigned assignment: Edit, Archive, Copy as Template, link, Turn Off Continuous Status', () => {
    const a = {
      ...base,
      abilities: { ...none, canEdit: true, canArchive: true, canCopy: true, canToggleContinuous: true, canSeeMembers: true },
    };
    expect(coachActions(a).map((x) => x.label)).toEqual([
      'Edit',
      'Archive',
      'Copy as Template',
      'Show Assignment Link',
      'Turn Off Continuous Status',
    ]);
  });

  it('the opposite states: Restore Archived Assignment, Convert Assignment to Continuous', () => {
    const a = {
      ...base,
      archived: true,
      deactivated: true,
      abilities: { ...none, canArchive: true, canToggleContinuous: true, canSeeMembers: true },
    };
    expect(coachActions(a).map((x) => x.label)).toEqual([
      'Restore Archived Assignment',
      'Show Assignment Link',
      'Convert Assignment to Continuous',
    ]);
  });

  it("a template's owner: Delete, Copy Template, Assign This, Make Public / Make Private", () => {
    const can = { ...none, canEdit: true, canDelete: true, canCopy: true, canAssign: true, canToggleShared: true };
    const labels = (isShared: boolean) => coachActions({ ...base, isTemplate: true, isShared, abilities: can }).map((x) => x.label);
    expect(labels(false)).toEqual(['Edit', 'Delete', 'Copy Template', 'Show Assignment Link', 'Assign This', 'Make Public']);
    expect(labels(true)).toContain('Make Private');
  });

  it('a global template offers Assign This alone (plus the link)', () => {
    const a = { ...base, isTemplate: true, abilities: { ...none, canAssign: true } };
    expect(coachActions(a).map((x) => x.key)).toEqual(['showLink', 'assign']);
  });

  it('maps actions to their PATCH bodies and notices', () => {
    expect(patchFor('archive')).toEqual({ archived: true });
    expect(patchFor('restore')).toEqual({ archived: false });
    expect(patchFor('turnOffContinuous')).toEqual({ deactivated: true });
    expect(patchFor('convertToContinuous')).toEqual({ deactivated: false });
    expect(patchFor('makePublic')).toEqual({ isShared: true });
    expect(patchFor('delete')).toBeNull();
    expect(ACTION_NOTICE.copy).toBe('New Template Added');
  });
});

describe('record link', () => {
  it('names the speaker type', () => {
    expect(recordLinkLabel('default')).toBe('Record (Single Speaker)');
    expect(recordLinkLabel('conversational-2')).toBe('Record (Multi-Speaker)');
    expect(recordLinkLabel('legacy')).toBe('Record for this Assignment');
  });
});

const row = (name: string, o: Partial<TMemberRowFacts> = {}): TMemberRowFacts & { id: string } => {
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    id: name,
    name,
    firstName,
    lastName,
    status: 'assigned',
    lastUpload: null,
    recordingsCount: 0,
    flaggedCount: 0,
    sharedCount: 0,
    ...o,
  };
};

describe('member table filter and sort', () => {
  const rows = [
    row('Ann Zed', { status: 'completed', recordingsCount: 3, flaggedCount: 1, lastUpload: '2026-11-20T10:00:00.000Z' }),
    row('Bob Young', { status: 'inProgress', recordingsCount: 1, sharedCount: 1, lastUpload: '2026-11-22T10:00:00.000Z' }),
    row('Cy Abel'),
  ];

  it('filters: flagged, shared, active (not completed), completed', () => {
    expect(rows.filter((r) => matchesFilter(r, 'flagged')).map((r) => r.id)).toEqual(['Ann Zed']);
    expect(rows.filter((r) => matchesFilter(r, 'shared')).map((r) => r.id)).toEqual(['Bob Young']);
    expect(rows.filter((r) => matchesFilter(r, 'active')).map((r) => r.id)).toEqual(['Bob Young', 'Cy Abel']);
    expect(rows.filter((r) => matchesFilter(r, 'completed')).map((r) => r.id)).toEqual(['Ann Zed']);
  });

  it('sorts by last name by default, and by each column both ways', () => {
    expect(visibleMembers(rows, 'all', parseSort(undefined), true).map((r) => r.id)).toEqual(['Cy Abel', 'Bob Young', 'Ann Zed']);
    expect(visibleMembers(rows, 'all', parseSort('lastUpload-d'), true).map((r) => r.id)).toEqual(['Bob Young', 'Ann Zed', 'Cy Abel']);
    expect(visibleMembers(rows, 'all', parseSort('status-u'), true).map((r) => r.id)).toEqual(['Cy Abel', 'Bob Young', 'Ann Zed']);
    expect(visibleMembers(rows, 'all', parseSort('flaggedOrShared-d'), false).map((r) => r.id)[0]).toBe('Bob Young');
    expect(visibleMembers(rows, 'all', parseSort('flaggedOrShared-d'), true).map((r) => r.id)[0]).toBe('Ann Zed');
  });

  it('remembers sort and filter as preference strings, ignoring values not offered', () => {
    expect(formatSort(parseSort('recordings-d'))).toBe('recordings-d');
    expect(parseSort('bogus-x')).toEqual({ key: 'name', direction: 'ascending' });
    const speaker = memberFilters('shared');
    expect(speaker.map((f) => f.label)).toEqual(['All', 'Peer Shared', 'Active', 'Completed']);
    expect(memberFilters(null).map((f) => f.label)).toEqual(['All', 'Active', 'Completed']);
    expect(memberFilters('flagged').map((f) => f.label)).toEqual(['All', 'Flagged for Review', 'Active', 'Completed']);
    expect(parseFilter('flagged', speaker)).toBe('all');
    expect(parseFilter('shared', speaker)).toBe('shared');
  });
});
