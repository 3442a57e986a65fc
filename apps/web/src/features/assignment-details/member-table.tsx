import { useEffect, useRef } from 'react';
import { ASSIGNMENT_MSG, memberStatusText, type TCompletionStatus, type TVocabulary } from '@rostrum/contract';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { Badge } from '../../components/status-badge';
import { SortButton, type TSort } from '../../components/sort-header';
import { formatDate } from '../../components/date-format';
import type { TCriteriaMet } from './assignment-info';
import { MemberRecordings, type TMemberRecordingRow } from './member-recordings';
import { type TMemberFilter, type TMemberRowFacts, type TMemberSortKey, memberFilters, visibleMembers } from './member-table-model';
import { scrollBehavior } from '../../components/motion';

// The member table of the details page (002 section 2.6): Name, Speaker Assignment Status, Last
// Upload, Recordings (coach), Recordings Flagged for Review (coach) or Shared with Group
// (speaker; hidden when the server says so), Comments. Rows open to the member's recordings.

export interface TMemberRow extends TMemberRowFacts {
  /** Not completed after the due date (the server's isOverdue): the status reads "Overdue". */
  overdue?: boolean;
  userId: string;
  isMe: boolean;
  commentCount: number;
  met: TCriteriaMet;
  /** The sub-table's rating column, as the server decided: Overall Rating, My Rating or none. */
  ratingColumn: 'average' | 'mine' | null;
  /** The sub-table's Coach Overall Rating column. */
  showCoachRating: boolean;
  recordings: TMemberRecordingRow[];
}

export type { TMemberRecordingRow };

/** The columns and filter the server lets this caller see (GET assignments/{id}/members view and hiddenColumns). */
export interface TMemberColumns {
  /** The coach variant (sorting by flagged counts). */
  coach: boolean;
  recordingsColumn: boolean;
  /** Recordings Flagged for Review (coach), Shared with Group (speaker), or neither. */
  flaggedOrShared: 'flagged' | 'shared' | null;
  /** The second filter: Flagged for Review or Peer Shared, or none. */
  filter: 'flagged' | 'shared' | null;
}

const STATUS_TONE: Record<TCompletionStatus, 'success' | 'info' | undefined> = {
  completed: 'success',
  inProgress: 'info',
  assigned: undefined,
};

export function MemberTable({
  rows,
  columns,
  vocab,
  assignmentId,
  filter,
  onFilter,
  sort,
  onSort,
  noTargets,
  openMine,
}: {
  rows: TMemberRow[];
  columns: TMemberColumns;
  vocab: TVocabulary;
  assignmentId: string;
  filter: TMemberFilter;
  onFilter: (f: TMemberFilter) => void;
  sort: TSort<TMemberSortKey>;
  onSort: (key: TMemberSortKey) => void;
  /** Not a template and nobody is targeted: the spec's "no active users" sentence. */
  noTargets: boolean;
  /** ?myRecordings: open the current user's row and scroll to it after 1 s. */
  openMine: boolean;
}) {
  // Sorting the flagged-or-shared column: by flagged counts unless it is the speaker's shared column.
  const byFlagged = columns.flaggedOrShared !== 'shared';
  const { open, toggle } = useOpenRows(() => {
    const me = rows.find((r) => r.isMe);
    return openMine && me ? [me.userId] : [];
  });
  const mineRef = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!openMine) return;
    const t = window.setTimeout(() => mineRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' }), 1000);
    return () => window.clearTimeout(t);
  }, [openMine]);

  const filters = memberFilters(columns.filter);
  const shown = visibleMembers(rows, filter, sort, byFlagged);

  const sortable: { key: TMemberSortKey; label: string; num?: boolean }[] = [
    { key: 'name', label: 'Name' },
    { key: 'status', label: 'Speaker Assignment Status' },
    { key: 'lastUpload', label: 'Last Upload' },
    ...(columns.recordingsColumn ? [{ key: 'recordings' as const, label: 'Recordings', num: true }] : []),
    ...(columns.flaggedOrShared
      ? [
          {
            key: 'flaggedOrShared' as const,
            label: columns.flaggedOrShared === 'flagged' ? 'Recordings Flagged for Review' : 'Shared with Group',
            num: true,
          },
        ]
      : []),
  ];
  const colCount = sortable.length + 1;

  let empty: string | null = null;
  if (noTargets) empty = ASSIGNMENT_MSG.noActiveUsers;
  else if (shown.length === 0) empty = ASSIGNMENT_MSG.noUsersFound;

  return (
    <div className="member-table">
      <fieldset className="segmented member-table__filter" aria-label="Show members">
        <legend className="visually-hidden">Show members</legend>
        {filters.map((f) => (
          <label key={f.value} className="segmented__option">
            <input type="radio" name="member-filter" value={f.value} checked={filter === f.value} onChange={() => onFilter(f.value)} />
            <span>{f.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="table-wrap">
        <table className="table table--stack speakers-table members-table" aria-label="Assigned members">
          <thead>
            <tr>
              {sortable.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={c.num ? 'num' : undefined}
                  aria-sort={sort.key === c.key ? sort.direction : undefined}
                >
                  <SortButton direction={sort.key === c.key ? sort.direction : undefined} onClick={() => onSort(c.key)}>
                    {c.label}
                  </SortButton>
                </th>
              ))}
              <th scope="col" className="num">
                Comments
              </th>
            </tr>
          </thead>
          {empty ? (
            <tbody>
              <tr>
                <td className="table__empty" colSpan={colCount}>
                  {empty}
                </td>
              </tr>
            </tbody>
          ) : (
            shown.map((m) => {
              const expanded = open.has(m.userId);
              const detailsId = `member-recordings-${m.userId}`;
              return (
                <tbody
                  key={m.userId}
                  ref={m.isMe ? mineRef : undefined}
                  className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'}
                  data-testid="member-row"
                >
                  <tr>
                    <td data-label="Name">
                      <DisclosureButton expanded={expanded} controls={detailsId} onToggle={() => toggle(m.userId)} srText=", recordings">
                        <span className="table-strong">{m.name}</span>
                        {m.isMe && <span className="subtle"> (you)</span>}
                      </DisclosureButton>
                    </td>
                    <td data-label="Speaker Assignment Status">
                      <Badge tone={m.overdue ? 'warning' : STATUS_TONE[m.status]}>{memberStatusText(m.status, !!m.overdue)}</Badge>
                    </td>
                    <td data-label="Last Upload" className="nowrap">
                      {formatDate(m.lastUpload)}
                    </td>
                    {columns.recordingsColumn && (
                      <td data-label="Recordings" className="num">
                        {m.recordingsCount}
                      </td>
                    )}
                    {columns.flaggedOrShared === 'flagged' && (
                      <td data-label="Recordings Flagged for Review" className="num">
                        {m.flaggedCount}
                      </td>
                    )}
                    {columns.flaggedOrShared === 'shared' && (
                      <td data-label="Shared with Group" className="num">
                        {m.sharedCount}
                      </td>
                    )}
                    <td data-label="Comments" className="num">
                      {m.commentCount}
                    </td>
                  </tr>
                  <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
                    <td colSpan={colCount}>
                      {expanded && <MemberRecordings member={m} coach={columns.coach} vocab={vocab} assignmentId={assignmentId} />}
                    </td>
                  </tr>
                </tbody>
              );
            })
          )}
        </table>
      </div>
    </div>
  );
}
