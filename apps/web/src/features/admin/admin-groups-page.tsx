import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { addNewGroupLabel, freeDurationLabel, PRIVACY_LEVEL_NAMES, pseudoGroupName, type TOrgGroup } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Table, type Column } from '../../components/table';
import { compareValues, SortButton, useSort, type TSortDirection } from '../../components/sort-header';
import { formatDate } from '../../components/date-format';
import { useViewer } from '../../app/viewer';
import { groupEditPath, groupMembersPath } from './admin-paths';
import { useOrgGroups } from './admin-groups.queries';

type TSortKey = 'name' | 'active' | 'total' | 'since' | 'free' | 'coach-privacy' | 'speaker-privacy';

const SORT_VALUE: Record<TSortKey, (g: TOrgGroup) => string | number> = {
  name: (g) => g.name,
  active: (g) => g.activeUsers,
  total: (g) => g.totalUsers,
  since: (g) => g.createdDate,
  free: (g) => g.settings.freeDuration?.years ?? -1,
  'coach-privacy': (g) => g.managerPrivacyLevel,
  'speaker-privacy': (g) => g.speakerPrivacyLevel,
};

// Text starts A to Z; counts, dates and levels start with the largest (newest first).
const firstDirection = (key: TSortKey): TSortDirection => (key === 'name' ? 'ascending' : 'descending');

function freeDurationText(g: TOrgGroup): string {
  const years = g.settings.freeDuration?.years;
  return years == null ? '—' : freeDurationLabel(years);
}

/**
 * /customer-admin/groups (000 section 2.11), inside AdminArea: the organisation's groups, sortable,
 * newest first by default, with the coaches-and-admins pseudo-group always on top.
 */
export function AdminGroupsPage() {
  const viewer = useViewer();
  const { org, vocab } = viewer;
  const groups = useOrgGroups();
  const { sort, toggle, ariaSort } = useSort<TSortKey>({ key: 'since', direction: 'descending' }, firstDirection);

  if (groups.isPending) {
    return <p className="loading-text">Loading...</p>;
  }

  const value = SORT_VALUE[sort.key];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const all = groups.data ?? [];
  const rows = [
    ...all.filter((g) => g.isPseudoGroup),
    ...all.filter((g) => !g.isPseudoGroup).sort((a, b) => sign * compareValues(value(a), value(b)) || compareValues(a.name, b.name)),
  ];

  const header = (key: TSortKey, label: string) => ({
    header: (
      <SortButton direction={ariaSort(key)} onClick={() => toggle(key)}>
        {label}
      </SortButton>
    ),
    label,
    ariaSort: ariaSort(key),
  });
  const groupName = (g: TOrgGroup) => (g.isPseudoGroup ? pseudoGroupName(org.type) : g.name);
  const showPrivacy = !org.settings.Hide_Privacy_Levels_In_Admin;

  const columns: Column<TOrgGroup>[] = [
    {
      key: 'name',
      ...header('name', 'Name'),
      nowrap: true,
      cell: (g) => <span className="table-strong">{groupName(g)}</span>,
    },
    {
      key: 'active',
      ...header('active', 'Active Users'),
      numeric: true,
      cell: (g) => (
        <Link to={groupMembersPath(g.groupId, true)} className="count-link">
          {g.activeUsers}
          <span className="visually-hidden"> active users in {groupName(g)}</span>
        </Link>
      ),
    },
    {
      key: 'total',
      ...header('total', 'Total Users'),
      numeric: true,
      cell: (g) => (
        <Link to={groupMembersPath(g.groupId)} className="count-link">
          {g.totalUsers}
          <span className="visually-hidden"> users in {groupName(g)}</span>
        </Link>
      ),
    },
    {
      key: 'invite',
      header: 'Invite Code and Link',
      label: 'Invite Code and Link',
      cell: (g) =>
        g.inviteCode ? (
          <div className="invite-cell">
            <code>{g.inviteCode}</code>
            {g.inviteLink && (
              <a href={g.inviteLink} className="text-sm invite-cell__link" title={g.inviteLink}>
                Invite link<span className="visually-hidden"> for {g.name}</span>
              </a>
            )}
          </div>
        ) : (
          <span className="muted">(none / invite-only)</span>
        ),
    },
    { key: 'since', ...header('since', 'Since'), nowrap: true, cell: (g) => formatDate(g.createdDate) },
    ...(org.hasPerpetualFreeDuration
      ? []
      : [
          {
            key: 'free',
            ...header('free', 'Free Duration'),
            nowrap: true,
            cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : freeDurationText(g)),
          },
        ]),
    ...(showPrivacy
      ? [
          {
            key: 'coach-privacy',
            ...header('coach-privacy', `${vocab.Word('coach')} Privacy`),
            cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : PRIVACY_LEVEL_NAMES[g.managerPrivacyLevel]),
          },
          {
            key: 'speaker-privacy',
            ...header('speaker-privacy', `${vocab.Word('speaker')} Privacy`),
            cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : PRIVACY_LEVEL_NAMES[g.speakerPrivacyLevel]),
          },
        ]
      : []),
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      nowrap: true,
      cell: (g) => (
        <div className="row-actions">
          {g.abilities.canEdit && (
            <Link to={groupEditPath(g.groupId)}>
              Edit {vocab.Word('group')}
              <span className="visually-hidden"> {g.name}</span>
            </Link>
          )}
          <Link to={groupMembersPath(g.groupId)}>
            Members<span className="visually-hidden"> of {groupName(g)}</span>
          </Link>
        </div>
      ),
    },
  ];

  return (
    <Card
      flush
      className="stacked-table-card"
      title={`Manage ${vocab.Word('groups')}`}
      titleId="admin-groups-title"
      actions={
        <ButtonLink to={groupEditPath('0')} icon={<Plus size={16} aria-hidden />}>
          {addNewGroupLabel(vocab)}
        </ButtonLink>
      }
    >
      <Table
        label={`${vocab.Word('groups')} of ${org.name}`}
        columns={columns}
        rows={rows}
        rowKey={(g) => g.groupId}
        rowClassName={(g) => (g.isPseudoGroup ? 'table__row--highlight' : undefined)}
        empty={`No ${vocab.word('groups')}`}
      />
    </Card>
  );
}
