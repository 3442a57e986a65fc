import {
  ASSIGNMENT_FILTERS,
  COACH_MEMBER_COLUMNS,
  COACH_MEMBER_SORT_KEYS,
  MEMBER_RECORDING_FILTERS,
  MEMBER_RECORDING_FILTER_TEXT,
  type TCoachDashboardMember,
  type TGroup,
} from '@rostrum/contract';
import { formatDate } from '../../components/date-format';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { SegmentedControl } from '../../components/segmented-control';
import { SortButton } from '../../components/sort-header';
import { useGroupPreference, usePreference } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { coachPrivacyCaption, peerSharingText } from '../manage/manage-text';
import { ASSIGNMENT_FILTER_TEXT } from './assignments-view';
import { nextSort, readSort, sortMembers, type TMemberSortKey, writeSort } from './coach-members-model';
import { MemberAssignments } from './member-assignments';

// The Members view (002 section 2.2): the group's speakers with their totals, sortable
// (coachMemberSort); a row opens to the member's assignments, filtered by status and their
// recordings by kind, both filters remembered per group.

const NUMERIC = new Set<TMemberSortKey>(['totalAssignments', 'activeAssignments', 'recordings', 'flagged', 'comments']);

export function MembersView({ viewer, group, members }: { viewer: TViewer; group: TGroup; members: TCoachDashboardMember[] }) {
  const { vocab } = viewer;
  const [storedSort, setStoredSort] = usePreference(viewer.me, 'coachMemberSort');
  const [assFilter, setAssFilter] = useGroupPreference(viewer.me, 'coachMemberAssFilters', group.groupId);
  const [recFilter, setRecFilter] = useGroupPreference(viewer.me, 'coachMemberRecFilters', group.groupId);
  const { open, toggle } = useOpenRows();
  const sort = readSort(storedSort);
  const shown = sortMembers(members, sort);
  const colCount = COACH_MEMBER_SORT_KEYS.length;

  return (
    <section className="stack coach-view" aria-labelledby="coach-members-heading">
      <div className="coach-view__heading">
        <h2 id="coach-members-heading" className="section-title">
          Members
        </h2>
      </div>
      <p className="coach-members__caption muted">{coachPrivacyCaption(group.managerPrivacyLevel, vocab)}</p>
      <div className="coach-members__filters">
        <div className="coach-members__filter">
          <span className="coach-members__filter-label" aria-hidden>
            Assignments
          </span>
          <SegmentedControl
            label="Assignment status filter"
            values={ASSIGNMENT_FILTERS}
            labels={ASSIGNMENT_FILTER_TEXT}
            value={assFilter}
            onChange={setAssFilter}
          />
        </div>
        <div className="coach-members__filter">
          <span className="coach-members__filter-label" aria-hidden>
            Recordings
          </span>
          <SegmentedControl
            label="Recordings filter"
            values={MEMBER_RECORDING_FILTERS}
            labels={MEMBER_RECORDING_FILTER_TEXT}
            value={recFilter}
            onChange={setRecFilter}
          />
        </div>
      </div>
      <div className="table-wrap">
        <table className="table table--stack speakers-table coach-members-table" aria-label={`${vocab.Word('speakers')} of ${group.name}`}>
          <thead>
            <tr>
              {COACH_MEMBER_SORT_KEYS.map((key) => {
                const direction = sort.key === key ? sort.direction : undefined;
                return (
                  <th key={key} scope="col" className={NUMERIC.has(key) ? 'num' : undefined} aria-sort={direction}>
                    <SortButton direction={direction} onClick={() => setStoredSort(writeSort(nextSort(sort, key)))}>
                      {COACH_MEMBER_COLUMNS[key]}
                    </SortButton>
                  </th>
                );
              })}
            </tr>
          </thead>
          {shown.length === 0 ? (
            <tbody>
              <tr>
                <td className="table__empty" colSpan={colCount}>
                  {peerSharingText(vocab).noSpeakers}
                </td>
              </tr>
            </tbody>
          ) : (
            shown.map((m) => {
              const expanded = open.has(m.userId);
              const detailsId = `member-assignments-${m.userId}`;
              return (
                <tbody
                  key={m.userId}
                  className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'}
                  data-testid="member-row"
                >
                  <tr>
                    <td data-label={COACH_MEMBER_COLUMNS.name}>
                      <DisclosureButton expanded={expanded} controls={detailsId} onToggle={() => toggle(m.userId)} srText=", assignments">
                        <span className="table-strong">{m.name}</span>
                      </DisclosureButton>
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.joinDate} className="nowrap">
                      {formatDate(m.joinDate)}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.lastUpload} className="nowrap">
                      {formatDate(m.lastUpload)}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.totalAssignments} className="num">
                      {m.totalAssignments}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.activeAssignments} className="num">
                      {m.activeAssignments}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.recordings} className="num">
                      {m.recordings}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.flagged} className="num">
                      {m.flagged}
                    </td>
                    <td data-label={COACH_MEMBER_COLUMNS.comments} className="num">
                      {m.comments}
                    </td>
                  </tr>
                  <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
                    <td colSpan={colCount}>
                      {expanded && (
                        <MemberAssignments viewer={viewer} groupId={group.groupId} member={m} assFilter={assFilter} recFilter={recFilter} />
                      )}
                    </td>
                  </tr>
                </tbody>
              );
            })
          )}
        </table>
      </div>
    </section>
  );
}
