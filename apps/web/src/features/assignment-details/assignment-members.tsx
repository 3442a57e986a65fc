import { useMemo, useState } from 'react';
import type { TAssignment } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { LoadingState } from '../../components/spinner';
import { useSavePreferences } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { useAssignmentMembers } from './assignment-details.queries';
import { MemberTable } from './member-table';
import { toMemberTable } from './members-adapter';
import {
  PREF_FILTER,
  PREF_SORT,
  formatSort,
  memberFilters,
  nextSort,
  parseFilter,
  parseSort,
  type TMemberFilter,
  type TMemberSortKey,
} from './member-table-model';

/**
 * The member table's data (GET assignments/{id}/members, privacy-filtered by the server), with
 * the filter and sort remembered as assPreviewFilter and assPreviewSort.
 */
export function AssignmentMembers({ assignment: a, viewer, openMine }: { assignment: TAssignment; viewer: TViewer; openMine: boolean }) {
  const members = useAssignmentMembers(a.assignmentId);
  const table = useMemo(() => (members.data ? toMemberTable(members.data) : null), [members.data]);

  const prefs = viewer.user.preferences;
  const save = useSavePreferences();
  const offered = memberFilters(table?.columns.filter ?? null);
  const [filter, setFilter] = useState<TMemberFilter>(() => parseFilter(prefs[PREF_FILTER], offered));
  const [sort, setSort] = useState(() => parseSort(prefs[PREF_SORT]));
  const onFilter = (f: TMemberFilter) => {
    setFilter(f);
    save({ [PREF_FILTER]: f });
  };
  const onSort = (key: TMemberSortKey) => {
    const next = nextSort(sort, key);
    setSort(next);
    save({ [PREF_SORT]: formatSort(next) });
  };

  if (members.isPending) return <LoadingState text="Loading members..." />;
  if (members.isError || !table) {
    return <Banner kind="error" inline title="Could not load the members" text={errorMessage(members.error, 'Please try again.')} />;
  }
  return (
    <MemberTable
      rows={table.rows}
      columns={table.columns}
      vocab={viewer.vocab}
      assignmentId={a.assignmentId}
      filter={parseFilter(filter, offered)}
      onFilter={onFilter}
      sort={sort}
      onSort={onSort}
      noTargets={table.noActiveUsers}
      openMine={openMine}
    />
  );
}
