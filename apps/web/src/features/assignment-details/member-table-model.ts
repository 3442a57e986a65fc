import { ASSIGNMENT_MEMBER_FILTERS, ASSIGNMENT_MEMBER_FILTER_TEXT, type TCompletionStatus } from '@rostrum/contract';
import { compareValues, type TSort, type TSortDirection } from '../../components/sort-header';

// The member table's filter and sort (002 section 2.6), remembered in the user's preferences as
// assPreviewFilter and assPreviewSort. Pure, so the page and its tests agree.

/** What the table reads of a member row. */
export interface TMemberRowFacts {
  name: string;
  lastName: string;
  firstName: string;
  status: TCompletionStatus;
  lastUpload: string | null;
  recordingsCount: number;
  flaggedCount: number;
  sharedCount: number;
}

/** Filter values: All, Flagged for Review (coach) or Peer Shared (speaker), Active, Completed. */
export const MEMBER_FILTERS = ASSIGNMENT_MEMBER_FILTERS;
export type TMemberFilter = (typeof MEMBER_FILTERS)[number];

export const MEMBER_SORT_KEYS = ['name', 'status', 'lastUpload', 'recordings', 'flaggedOrShared'] as const;
export type TMemberSortKey = (typeof MEMBER_SORT_KEYS)[number];

export const PREF_FILTER = 'assPreviewFilter';
export const PREF_SORT = 'assPreviewSort';

/** The filters offered: the second is Flagged for Review (coach) or Peer Shared (speaker), as the server says. */
export function memberFilters(second: 'flagged' | 'shared' | null): { value: TMemberFilter; label: string }[] {
  const extra: { value: TMemberFilter; label: string }[] = second ? [{ value: second, label: ASSIGNMENT_MEMBER_FILTER_TEXT[second] }] : [];
  return [{ value: 'all', label: 'All' }, ...extra, { value: 'active', label: 'Active' }, { value: 'completed', label: 'Completed' }];
}

/** The stored filter, if it is one this viewer is offered; else All. */
export function parseFilter(stored: unknown, offered: readonly { value: TMemberFilter }[]): TMemberFilter {
  return offered.some((o) => o.value === stored) ? (stored as TMemberFilter) : 'all';
}

/** Sort stored as "{key}-u" (ascending) or "{key}-d" (descending), like the other remembered sorts. */
export function parseSort(stored: unknown): TSort<TMemberSortKey> {
  if (typeof stored === 'string') {
    const m = /^([A-Za-z]+)-(u|d)$/.exec(stored);
    if (m && (MEMBER_SORT_KEYS as readonly string[]).includes(m[1]!)) {
      return { key: m[1] as TMemberSortKey, direction: m[2] === 'u' ? 'ascending' : 'descending' };
    }
  }
  return { key: 'name', direction: 'ascending' };
}

export function formatSort(sort: TSort<TMemberSortKey>): string {
  return `${sort.key}-${sort.direction === 'ascending' ? 'u' : 'd'}`;
}

/** Text columns start ascending; counts, dates and the status (most advanced first) descending. */
export function firstDirection(key: TMemberSortKey): TSortDirection {
  return key === 'name' ? 'ascending' : 'descending';
}

export function nextSort(current: TSort<TMemberSortKey>, key: TMemberSortKey): TSort<TMemberSortKey> {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: firstDirection(key) };
}

export function matchesFilter(m: TMemberRowFacts, filter: TMemberFilter): boolean {
  switch (filter) {
    case 'flagged':
      return m.flaggedCount > 0;
    case 'shared':
      return m.sharedCount > 0;
    case 'active':
      return m.status !== 'completed';
    case 'completed':
      return m.status === 'completed';
    default:
      return true;
  }
}

const STATUS_RANK: Record<TCompletionStatus, number> = { assigned: 0, inProgress: 1, completed: 2 };

function sortValue(m: TMemberRowFacts, key: TMemberSortKey, byFlagged: boolean): string | number {
  switch (key) {
    case 'name':
      return `${m.lastName} ${m.firstName}`.trim() || m.name;
    case 'status':
      return STATUS_RANK[m.status];
    case 'lastUpload':
      return m.lastUpload ? Date.parse(m.lastUpload) : 0;
    case 'recordings':
      return m.recordingsCount;
    case 'flaggedOrShared':
      return byFlagged ? m.flaggedCount : m.sharedCount;
  }
}

/** The rows shown: filtered, then sorted (ties by last and first name); `byFlagged` sorts that column by flagged counts, else shared. */
export function visibleMembers<T extends TMemberRowFacts>(
  rows: readonly T[],
  filter: TMemberFilter,
  sort: TSort<TMemberSortKey>,
  byFlagged: boolean,
): T[] {
  const byName = (a: T, b: T) => compareValues(sortValue(a, 'name', byFlagged), sortValue(b, 'name', byFlagged));
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .filter((m) => matchesFilter(m, filter))
    .sort((a, b) => sign * compareValues(sortValue(a, sort.key, byFlagged), sortValue(b, sort.key, byFlagged)) || byName(a, b));
}
