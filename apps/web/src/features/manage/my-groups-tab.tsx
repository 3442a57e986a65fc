import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { GROUP_MEMBER_CACHE_SECONDS, groupInviteLink, type TGroup, type TGroupMember } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { SelectField } from '../../components/select-field';
import { Table, type Column } from '../../components/table';
import { formatDate } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { withArticle } from '../../app/indefinite-article';
import type { TViewer } from '../../app/viewer';

/** 'My Groups' ('My Classes'): pick a managed group, share its invite, see its speakers. */
export function MyGroupsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const groups = useQuery({ queryKey: queryKeys.myGroups, queryFn: api.getMyGroups });
  const managed = (groups.data ?? []).filter((g) => g.roles.includes('manager') && g.membershipStatus === 'active');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = managed.find((g) => g.groupId === selectedId) ?? managed[0];

  if (groups.isPending) return <LoadingState />;
  if (!selected) {
    return (
      <Card>
        <EmptyState icon={<Users size={24} aria-hidden />} title={`You do not manage any ${vocab.word('groups')} yet`}>
          <p>
            When you are made {withArticle(vocab.word('coach'))} of a {vocab.word('group')}, it appears here. To join a{' '}
            {vocab.word('group')} as {withArticle(vocab.word('speaker'))}, use an invite code on the{' '}
            <Link to="/subscription">Subscription</Link> page.
          </p>
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className="stack stack--xl">
      {managed.length > 1 && (
        <div className="manage-picker">
          <SelectField
            label={vocab.Word('group')}
            value={selected.groupId}
            onValueChange={setSelectedId}
            options={managed.map((g) => ({ value: g.groupId, label: g.name }))}
          />
        </div>
      )}
      <GroupInviteCard group={selected} viewer={viewer} />
      <GroupSpeakers group={selected} viewer={viewer} />
    </div>
  );
}

function GroupInviteCard({ group, viewer }: { group: TGroup; viewer: TViewer }) {
  const { vocab } = viewer;
  const link = group.inviteLink ?? (group.inviteCode ? groupInviteLink(window.location.origin, group.inviteCode) : null);
  return (
    <Card
      title={group.name}
      titleId="group-invite-title"
      description={`Share the code or the link with new ${vocab.word('speakers')} so they can join this ${vocab.word('group')}.`}
    >
      {group.inviteCode ? (
        <div className="grid-2">
          <CopyField id="invite-code" label="Invite code" value={group.inviteCode} />
          {link && <CopyField id="invite-link" label="Invite link" value={link} />}
        </div>
      ) : (
        <p className="muted">(none / invite-only)</p>
      )}
    </Card>
  );
}

function GroupSpeakers({ group, viewer }: { group: TGroup; viewer: TViewer }) {
  const { vocab } = viewer;
  const members = useQuery({
    queryKey: queryKeys.groupMembers(group.groupId),
    queryFn: () => api.getGroupMembers(group.groupId),
    staleTime: GROUP_MEMBER_CACHE_SECONDS * 1000,
  });
  const speakers = (members.data ?? [])
    .filter((m) => m.roles.includes('speaker') || m.expiredRoles.includes('speaker'))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));

  const columns: Column<TGroupMember>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (m) => (
        <div className="person-cell">
          <span className="table-strong">{m.name}</span>
          <span className="subtle">{m.email}</span>
        </div>
      ),
    },
    { key: 'recordings', header: 'Recordings', numeric: true, cell: (m) => m.recordings },
    { key: 'duration', header: 'Total Duration', numeric: true, cell: (m) => formatDuration(m.totalDuration) },
    { key: 'last', header: 'Last Upload', cell: (m) => formatDate(m.lastRecordingDate) },
    {
      key: 'status',
      header: 'Status',
      cell: (m) => (
        <Badge tone={m.membershipStatus === 'active' ? 'success' : 'danger'}>
          {m.membershipStatus === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ];

  return (
    <Card flush title={vocab.Word('speakers')} titleId="speakers-title" description={`${vocab.Word('speakers')} in ${group.name}`}>
      {members.isPending ? (
        <LoadingState />
      ) : (
        <Table
          label={`${vocab.Word('speakers')} in ${group.name}`}
          columns={columns}
          rows={speakers}
          rowKey={(m) => m.userId}
          empty={`No ${vocab.word('speakers')} have joined this ${vocab.word('group')} yet.`}
        />
      )}
    </Card>
  );
}
