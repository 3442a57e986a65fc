import {
  ASSIGNMENT_MSG,
  ASSIGNMENT_STATUS_TEXT,
  COACH_MEMBER_ASSIGNMENT_COLUMNS,
  COACH_MEMBER_ASSIGNMENT_SORT_KEYS,
  memberAssignmentMatchesFilter,
  memberStatusText,
  memberRecordingMatchesFilter,
  type TAssignmentFilter,
  type TCoachDashboardMember,
  type TCompletionStatus,
  type TMemberAssignmentRow,
  type TMemberRecordingFilter,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { formatDate } from '../../components/date-format';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { SortButton } from '../../components/sort-header';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { usePreference } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { MemberRecordings, memberRecordingRow } from '../assignment-details/member-recordings';
import { nextSort, readSort, sortMemberAssignments, type TMemberAssignmentSortKey, writeSort } from './coach-members-model';
import { useMemberAssignments } from './coach-dashboard.queries';

// A member row opened (002 section 2.2): the member's assignments in the group, sortable
// (coachMemberAssSort) and filtered by status; each opens to their recordings in it, filtered
// by kind, with a player.

const NUMERIC = new Set<TMemberAssignmentSortKey>(['recordings', 'flagged', 'comments']);
const STATUS_TONE: Record<TCompletionStatus, 'success' | 'info' | undefined> = {
  completed: 'success',
  inProgress: 'info',
  assigned: undefined,
};

export function MemberAssignments({
  viewer,
  groupId,
  member,
  assFilter,
  recFilter,
}: {
  viewer: TViewer;
  groupId: string;
  member: TCoachDashboardMember;
  assFilter: TAssignmentFilter;
  recFilter: TMemberRecordingFilter;
}) {
  const { vocab } = viewer;
  const [storedSort, setStoredSort] = usePreference(viewer.me, 'coachMemberAssSort');
  const { open, toggle } = useOpenRows();
  const list = useMemberAssignments(groupId, member.userId);
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <Banner inline kind="error" title="The assignments could not be loaded" text="Please reload the page." />;

  const sort = readSort(storedSort);
  const shown = sortMemberAssignments(
    list.data.assignments.filter((a) => memberAssignmentMatchesFilter(a, assFilter)),
    sort,
  );
  if (shown.length === 0) return <p className="speaker-recordings__empty">{ASSIGNMENT_MSG.noAssignments}</p>;
  const colCount = COACH_MEMBER_ASSIGNMENT_SORT_KEYS.length;

  return (
    <table className="table table--stack speakers-table member-assignments" aria-label={`Assignments of ${member.name}`}>
      <thead>
        <tr>
          {COACH_MEMBER_ASSIGNMENT_SORT_KEYS.map((key) => {
            const direction = sort.key === key ? sort.direction : undefined;
            return (
              <th key={key} scope="col" className={NUMERIC.has(key) ? 'num' : undefined} aria-sort={direction}>
                <SortButton direction={direction} onClick={() => setStoredSort(writeSort(nextSort(sort, key)))}>
                  {COACH_MEMBER_ASSIGNMENT_COLUMNS[key]}
                </SortButton>
              </th>
            );
          })}
        </tr>
      </thead>
      {shown.map((a) => {
        const expanded = open.has(a.assignmentId);
        const detailsId = `member-assignment-${member.userId}-${a.assignmentId}`;
        return (
          <tbody
            key={a.assignmentId}
            className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'}
            data-testid="member-assignment-row"
          >
            <tr>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.name}>
                <DisclosureButton expanded={expanded} controls={detailsId} onToggle={() => toggle(a.assignmentId)} srText=", recordings">
                  <span className="table-strong">{a.name}</span>
                </DisclosureButton>
              </td>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.status}>
                <StatusCell a={a} />
              </td>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.lastUpload} className="nowrap">
                {formatDate(a.lastUpload)}
              </td>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.recordings} className="num">
                {a.recordingsCount}
              </td>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.flagged} className="num">
                {a.submittedCount}
              </td>
              <td data-label={COACH_MEMBER_ASSIGNMENT_COLUMNS.comments} className="num">
                {a.feedbackCount}
              </td>
            </tr>
            <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
              <td colSpan={colCount}>
                {expanded && (
                  <MemberRecordings
                    member={{
                      userId: member.userId,
                      name: member.name,
                      isMe: false,
                      ratingColumn: a.ratingColumn,
                      showCoachRating: a.showCoachRating,
                      recordings: a.recordings
                        .filter((r) => memberRecordingMatchesFilter(r, recFilter))
                        .map((r) => memberRecordingRow(r, a.ratingColumn)),
                    }}
                    coach
                    vocab={vocab}
                    assignmentId={a.assignmentId}
                  />
                )}
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}

/** The member's completion ("Overdue" past the due date, as the server says), and whether the coach archived the assignment. */
function StatusCell({ a }: { a: TMemberAssignmentRow }) {
  return (
    <span className="member-assignments__status">
      <Badge tone={a.overdue ? 'warning' : STATUS_TONE[a.status]}>{memberStatusText(a.status, a.overdue)}</Badge>
      {(a.archived || a.deleted) && <span className="subtle">{ASSIGNMENT_STATUS_TEXT.disabled}</span>}
    </span>
  );
}
