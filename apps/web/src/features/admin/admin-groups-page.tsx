import { useQuery } from '@tanstack/react-query';
import { PRIVACY_LEVEL_NAMES, pseudoGroupName, type TOrgGroup } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Card } from '../../components/card';
import { Table, type Column } from '../../components/table';
import { formatDate } from '../../components/date-format';
import { useViewer } from '../../app/viewer';

function freeDurationText(g: TOrgGroup): string {
  const years = g.settings.freeDuration?.years;
  if (years == null) return '—';
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** /customer-admin/groups (000 section 2.11), inside AdminArea: the organisation's groups, pseudo-group first. */
export function AdminGroupsPage() {
  const viewer = useViewer();
  const { org, vocab } = viewer;
  const groups = useQuery({ queryKey: queryKeys.orgGroups, queryFn: api.getOrgGroups });

  if (groups.isPending) {
    return <p className="loading-text">Loading...</p>;
  }

  const rows = [...(groups.data ?? [])].sort((a, b) => Number(b.isPseudoGroup) - Number(a.isPseudoGroup));
  const showPrivacy = !org.settings.Hide_Privacy_Levels_In_Admin;
  const columns: Column<TOrgGroup>[] = [
    {
      key: 'name',
      header: 'Name',
      nowrap: true,
      cell: (g) => <span className="table-strong">{g.isPseudoGroup ? pseudoGroupName(org.type) : g.name}</span>,
    },
    { key: 'active', header: 'Active Users', numeric: true, cell: (g) => g.activeUsers },
    { key: 'total', header: 'Total Users', numeric: true, cell: (g) => g.totalUsers },
    {
      key: 'invite',
      header: 'Invite Code and Link',
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
    { key: 'since', header: 'Since', nowrap: true, cell: (g) => formatDate(g.createdDate) },
    ...(org.hasPerpetualFreeDuration
      ? []
      : [{ key: 'free', header: 'Free Duration', cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : freeDurationText(g)) }]),
    ...(showPrivacy
      ? [
          {
            key: 'coach-privacy',
            header: `${vocab.Word('coach')} Privacy`,
            cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : PRIVACY_LEVEL_NAMES[g.managerPrivacyLevel]),
          },
          {
            key: 'speaker-privacy',
            header: `${vocab.Word('speaker')} Privacy`,
            cell: (g: TOrgGroup) => (g.isPseudoGroup ? '—' : PRIVACY_LEVEL_NAMES[g.speakerPrivacyLevel]),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card flush title={`Manage ${vocab.Word('groups')}`} titleId="admin-groups-title">
        <Table
          label={`${vocab.Word('groups')} of ${org.name}`}
          columns={columns}
          rows={rows}
          rowKey={(g) => g.groupId}
          rowClassName={(g) => (g.isPseudoGroup ? 'table__row--highlight' : undefined)}
          empty={`No ${vocab.word('groups')}`}
        />
      </Card>
    </>
  );
}
