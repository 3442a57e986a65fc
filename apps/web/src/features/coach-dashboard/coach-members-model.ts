import type {
  COACH_MEMBER_ASSIGNMENT_SORT_KEYS,
  COACH_MEMBER_SORT_KEYS,
  TCoachDashboardMember,
  TCompletionStatus,
  TMemberAssignmentRow,
  TSortPreference,
} from '@rostrum/contract';
import { compareValues, type TSort, type TSortDirection } from '../../components/sort-header';

// The Members view's sorts (002 section 2.2), remembered as "{key}-u|d" (coachMemberSort,
// coachMemberAssSort). Pure, so the page and its tests agree.

export type TMemberSortKey = (typeof COACH_MEMBER_SORT_KEYS)[number];
export type TMemberAssignmentSortKey = (typeof COACH_MEMBER_ASSIGNMENT_SORT_KEYS)[number];

/** A remembered sort (already one of the key's allowed values) as the table's sort state. */
export function readSort<K extends string>(stored: TSortPreference<K>): TSort<K> {
  const cut = stored.lastIndexOf('-');
  return { key: stored.slice(0, cut) as K, direction: stored.slice(cut + 1) === 'u' ? 'ascending' : 'descending' };
}

export function writeSort<K extends string>(sort: TSort<K>): TSortPreference<K> {
  return `${sort.key}-${sort.direction === 'ascending' ? 'u' : 'd'}` as TSortPreference<K>;
}

/** Clicking a header: the sorted column flips; another starts ascending for names, descending for dates and counts. */
export function nextSort<K extends string>(current: TSort<K>, key: K): TSort<K> {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  const first: TSortDirection = key === 'name' ? 'ascending' : 'descending';
  return { key, direction: first };
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
const personName = (m: Pick<TCoachDashboardMember, 'name' | 'firstName' | 'lastName'>) => `${m.lastName} ${m.firstName}`.trim() || m.name;

const memberValue: Record<TMemberSortKey, (m: TCoachDashboardMember) => string | number> = {
  name: personName,
  joinDate: (m) => time(m.joinDate),
  lastUpload: (m) => time(m.lastUpload),
  totalAssignments: (m) => m.totalAssignments,
  activeAssignments: (m) => m.activeAssignments,
  recordings: (m) => m.recordings,
  flagged: (m) => m.flagged,
  comments: (m) => m.comments,
};

function sorted<T>(rows: readonly T[], value: (r: T) => string | number, tie: (r: T) => string | number, dir: TSortDirection): T[] {
  const sign = dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(value(a), value(b)) || compareValues(tie(a), tie(b)));
}

/** The members in the chosen order; ties by last and first name. */
export function sortMembers(rows: readonly TCoachDashboardMember[], sort: TSort<TMemberSortKey>): TCoachDashboardMember[] {
  return sorted(rows, memberValue[sort.key], personName, sort.direction);
}

const STATUS_RANK: Record<TCompletionStatus, number> = { assigned: 0, inProgress: 1, completed: 2 };

const assignmentValue: Record<TMemberAssignmentSortKey, (a: TMemberAssignmentRow) => string | number> = {
  name: (a) => a.name,
  status: (a) => STATUS_RANK[a.status],
  lastUpload: (a) => time(a.lastUpload),
  recordings: (a) => a.recordingsCount,
  flagged: (a) => a.submittedCount,
  comments: (a) => a.feedbackCount,
};

/** A member's assignments in the chosen order; ties by name. */
export function sortMemberAssignments(
  rows: readonly TMemberAssignmentRow[],
  sort: TSort<TMemberAssignmentSortKey>,
): TMemberAssignmentRow[] {
  return sorted(rows, assignmentValue[sort.key], (a) => a.name, sort.direction);
}
