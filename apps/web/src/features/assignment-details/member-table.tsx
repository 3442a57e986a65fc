import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { ASSIGNMENT_MSG, COMPLETION_STATUS_TEXT, type TCompletionStatus, type TVocabulary } from '@rostrum/contract';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { Badge } from '../../components/status-badge';
import { SortButton, type TSort } from '../../components/sort-header';
import { formatDate } from '../../components/date-format';
import { MANAGE_TEXT, rowState } from '../manage/manage-text';
import { DurationCell, HistoryCell, RecordingFlags, RecordingStateCell, VocalDeliveryCell } from '../manage/recording-cells';
import type { TCriteriaMet } from './assignment-info';
import { evaluatePath } from './details-model';
import { type TMemberFilter, type TMemberRowFacts, type TMemberSortKey, memberFilters, visibleMembers } from './member-table-model';

// The member table of the details page (002 section 2.6): Name, Speaker Assignment Status, Last
// Upload, Recordings (coach), Recordings Flagged for Review (coach) or Shared with Group
// (speaker; hidden when the server says so), Comments. Rows open to the member's recordings.

export interface TMemberRecordingRow {
  recordingId: string;
  title: string;
  createdDate: string;
  duration: number | null;
  overallScore: number | null;
  processing: boolean;
  failed: boolean;
  submitted: boolean;
  feedbackRequested: boolean;
  commentCount: number;
  /** Overall Rating (coach: the average) or My Rating (speaker: the rating they gave); null when none or hidden. */
  rating: number | null;
  /** Coach Overall Rating; null when none or hidden from this viewer. */
  coachRating: number | null;
  playbackUrl: string | null;
  canHear: boolean;
}

export interface TMemberRow extends TMemberRowFacts {
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
    const t = window.setTimeout(() => mineRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 1000);
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
                      <Badge tone={STATUS_TONE[m.status]}>{COMPLETION_STATUS_TEXT[m.status]}</Badge>
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

function ratingText(n: number | null): string {
  return n == null ? '—' : n.toFixed(1);
}

/** The recordings sub-table: Recording, History, Duration, Vocal Delivery, Comments, ratings, playback. */
function MemberRecordings({
  member: m,
  coach,
  vocab,
  assignmentId,
}: {
  member: TMemberRow;
  coach: boolean;
  vocab: TVocabulary;
  assignmentId: string;
}) {
  if (m.recordings.length === 0) return <p className="speaker-recordings__empty">{MANAGE_TEXT.noRecordings}</p>;
  const ratingLabel = m.ratingColumn === 'mine' ? 'My Rating' : 'Overall Rating';
  const historyPath = (recordingId: string) =>
    m.isMe ? `/history?recording=${recordingId}` : coach ? `/history?userId=${m.userId}&recording=${recordingId}` : null;
  return (
    <table className="table table--stack speaker-recordings member-recordings" aria-label={`Recordings of ${m.name}`}>
      <thead>
        <tr>
          <th scope="col">Recording</th>
          <th scope="col">History</th>
          <th scope="col" className="num">
            Duration
          </th>
          <th scope="col" className="num">
            Vocal Delivery
          </th>
          <th scope="col" className="num">
            Comments
          </th>
          {m.ratingColumn && (
            <th scope="col" className="num">
              {ratingLabel}
            </th>
          )}
          {m.showCoachRating && (
            <th scope="col" className="num">
              {vocab.Word('coach')} Overall Rating
            </th>
          )}
          <th scope="col">Listen</th>
        </tr>
      </thead>
      <tbody>
        {m.recordings.map((r) => {
          const state = rowState(r);
          const history = historyPath(r.recordingId);
          return (
            <tr key={r.recordingId}>
              <td data-label="Recording">
                <div className="recording-title-cell">
                  {r.canHear ? (
                    <Link to={evaluatePath(r.recordingId, assignmentId)} className="table-strong">
                      {r.title}
                    </Link>
                  ) : (
                    <span className="table-strong">
                      <Lock size={13} aria-hidden /> {r.title}
                    </span>
                  )}
                  <span className="subtle">{formatDate(r.createdDate)}</span>
                  <RecordingFlags recording={r} vocab={vocab} />
                  {state !== 'done' && <RecordingStateCell state={state} />}
                </div>
              </td>
              <HistoryCell href={state === 'done' && r.canHear ? history : null} title={r.title} />
              <DurationCell seconds={r.duration} />
              <VocalDeliveryCell recording={r} hidden={!r.canHear} />
              <td data-label="Comments" className="num">
                {r.commentCount}
              </td>
              {m.ratingColumn && (
                <td data-label={ratingLabel} className="num">
                  {ratingText(r.rating)}
                </td>
              )}
              {m.showCoachRating && (
                <td data-label={`${vocab.Word('coach')} Overall Rating`} className="num">
                  {ratingText(r.coachRating)}
                </td>
              )}
              <td data-label="Listen">
                {r.canHear && r.playbackUrl && state === 'done' ? (
                  // biome-ignore lint/a11y/useMediaCaption: speech recordings; the results page has the transcript.
                  <audio className="member-recordings__audio" controls preload="none" src={r.playbackUrl} aria-label={`Play ${r.title}`} />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
