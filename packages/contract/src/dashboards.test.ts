import { describe, expect, it } from 'vitest';
import {
  compareLibrary,
  formatLibrarySort,
  libraryMatchesFilter,
  memberAssignmentMatchesFilter,
  memberRecordingMatchesFilter,
  parseLibrarySort,
} from './dashboards.js';

const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe("a member's assignments under Recent / Completed / Active / All (002 sections 2.2, 2.4 and 4)", () => {
  const open = { archived: false, deleted: false, createdDate: daysAgo(60), status: 'inProgress' as const };
  const doneLately = { ...open, createdDate: daysAgo(10), status: 'completed' as const };
  const doneLongAgo = { ...open, status: 'completed' as const };
  const archivedStarted = { ...open, archived: true };
  const archivedUntouched = { ...open, archived: true, status: 'assigned' as const };

  it('reads completion as the member’s own', () => {
    const pick = (f: 'recent' | 'completed' | 'active' | 'all') =>
      [open, doneLately, doneLongAgo, archivedStarted, archivedUntouched].map((a) => memberAssignmentMatchesFilter(a, f, now));
    expect(pick('recent')).toEqual([true, true, false, true, false]);
    expect(pick('completed')).toEqual([false, true, true, false, false]);
    expect(pick('active')).toEqual([true, false, false, false, false]);
    expect(pick('all')).toEqual([true, true, true, true, true]);
  });
});

describe('the members view recordings filter', () => {
  const r = (submitted: boolean, feedbackRequested: boolean, numComments: number) => ({ submitted, feedbackRequested, numComments });
  it('keeps flagged, shared, commented or all recordings', () => {
    const rows = [r(true, false, 0), r(false, true, 0), r(false, false, 2), r(false, false, 0)];
    expect(rows.map((x) => memberRecordingMatchesFilter(x, 'submitted'))).toEqual([true, false, false, false]);
    expect(rows.map((x) => memberRecordingMatchesFilter(x, 'shared'))).toEqual([false, true, false, false]);
    expect(rows.map((x) => memberRecordingMatchesFilter(x, 'comments'))).toEqual([false, false, true, false]);
    expect(rows.map((x) => memberRecordingMatchesFilter(x, 'all'))).toEqual([true, true, true, true]);
  });
});

describe('My Library filters and sorts (002 section 2.4)', () => {
  const row = (
    title: string,
    over: Partial<Parameters<typeof compareLibrary>[0]> & { submitted?: boolean; assignmentId?: string | null },
  ) => ({
    title,
    groupName: null,
    createdDate: daysAgo(1),
    duration: null,
    overallScore: null,
    numComments: 0,
    scoreOverallAvgRating: null,
    scoreOverallAvgRatingCoach: null,
    submitted: false,
    assignmentId: null,
    ...over,
  });

  it('filters flagged, in an assignment, private and all', () => {
    const rows = [row('a', { submitted: true, assignmentId: 'x' }), row('b', { assignmentId: 'x' }), row('c', {})];
    expect(rows.filter((x) => libraryMatchesFilter(x, 'submitted')).map((x) => x.title)).toEqual(['a']);
    expect(rows.filter((x) => libraryMatchesFilter(x, 'assignment')).map((x) => x.title)).toEqual(['a', 'b']);
    expect(rows.filter((x) => libraryMatchesFilter(x, 'private')).map((x) => x.title)).toEqual(['c']);
    expect(rows.filter((x) => libraryMatchesFilter(x, 'all'))).toHaveLength(3);
  });

  it('sorts both ways, empty values last either way, ties newest first', () => {
    const rows = [
      row('Beta', { overallScore: 7, createdDate: daysAgo(3) }),
      row('alpha', { overallScore: null, createdDate: daysAgo(2) }),
      row('Gamma', { overallScore: 4, createdDate: daysAgo(1) }),
      row('delta', { overallScore: 7, createdDate: daysAgo(0) }),
    ];
    const order = (s: string) => [...rows].sort((a, b) => compareLibrary(a, b, parseLibrarySort(s))).map((x) => x.title);
    expect(order('title-u')).toEqual(['alpha', 'Beta', 'delta', 'Gamma']);
    expect(order('title-d')).toEqual(['Gamma', 'delta', 'Beta', 'alpha']);
    expect(order('overall-u')).toEqual(['Gamma', 'delta', 'Beta', 'alpha']);
    expect(order('overall-d')).toEqual(['delta', 'Beta', 'Gamma', 'alpha']);
    expect(order('uploaded-d')).toEqual(['delta', 'Gamma', 'alpha', 'Beta']);
  });

  it('reads a stored sort, falling back to newest first, and writes it back', () => {
    expect(parseLibrarySort('coachRating-u')).toEqual({ key: 'coachRating', dir: 'u' });
    expect(parseLibrarySort('nonsense-u')).toEqual({ key: 'uploaded', dir: 'd' });
    expect(parseLibrarySort('title')).toEqual({ key: 'uploaded', dir: 'd' });
    expect(parseLibrarySort(3)).toEqual({ key: 'uploaded', dir: 'd' });
    expect(formatLibrarySort({ key: 'recordingComments', dir: 'd' })).toBe('recordingComments-d');
  });
});
