import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RefreshCw, SearchX, UserX } from 'lucide-react';
import {
  deactivateAllLabel,
  DEACTIVATION_NOTICE_DELAY_MS,
  groupMembersCaption,
  hasPerpetualFreeDuration,
  MSG,
  PSEUDO_GROUP_ID,
  pseudoGroupName,
  rosterSyncText,
  type TGroupMember,
  type TVocabulary,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { queryKeys } from '../../api/rostrum-api';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';
import { BackToGroups } from './back-to-groups';
import { groupEditPath, groupMembersPath, userGroupRolesPath } from './admin-paths';
import { useDeactivateGroupMembers, useGroupMembers, useOrgGroups } from './admin-groups.queries';

function roleWord(role: string, vocab: TVocabulary): string {
  if (role === 'speaker') return vocab.Word('speaker');
  if (role === 'manager') return vocab.Word('coach');
  return 'Admin';
}

/**
 * /customer-admin/groups/:groupId/users (000 sections 2.11 and 4): a group's members, active only
 * with ?active=1, and deactivating all of them. The pseudo-group lists the org admins and managers.
 */
export function AdminGroupMembersPage() {
  const viewer = useViewer();
  const { org, vocab } = viewer;
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  const activeOnly = params.get('active') === '1';
  const isPseudo = groupId === PSEUDO_GROUP_ID;
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const groups = useOrgGroups();
  const members = useGroupMembers(groupId, activeOnly);
  const group = groups.data?.find((g) => g.groupId === groupId);
  const groupName = isPseudo ? pseudoGroupName(org.type) : group?.name;
  // Expiries of a group with a perpetual free duration are not shown (000 section 9).
  const perpetualGroup = hasPerpetualFreeDuration(group?.settings.freeDuration);

  const deactivate = useDeactivateGroupMembers(groupId, {
    // 000 section 4: reload the member list (the hook), return to the groups, then the notice after 0.5 s.
    onSuccess: () => {
      setConfirming(false);
      navigate(R.customerAdminGroups.path);
      notifications.showAfter(DEACTIVATION_NOTICE_DELAY_MS, { kind: 'success', title: MSG.groupMembersDeactivated });
    },
    onError: (e) => {
      setConfirming(false);
      notifications.error(errorMessage(e, MSG.roleSaveFailed));
    },
  });

  // "Sync roster" (issue 42 item 5): only for a group linked to an LTI course with a roster.
  const queryClient = useQueryClient();
  const syncRoster = useMutation({
    mutationFn: () => operations.syncLtiRoster({ params: { path: { groupId } } }),
    onSuccess: async (result) => {
      notifications.success(rosterSyncText(result));
      await queryClient.invalidateQueries({ queryKey: queryKeys.groupMembers(groupId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orgGroups });
    },
    onError: (e) => notifications.error(errorMessage(e, 'The roster could not be synced. Try again in a few minutes.')),
  });

  if (groups.isPending) return <LoadingState />;
  if (!groupName || members.isError) {
    return (
      <div className="stack stack--lg">
        <BackToGroups viewer={viewer} />
        <Card>
          <EmptyState icon={<SearchX size={24} aria-hidden />} title={`This ${vocab.word('group')} could not be found`}>
            <p>It may have been removed, or the address is not complete.</p>
          </EmptyState>
        </Card>
      </div>
    );
  }

  const columns: Column<TGroupMember>[] = [
    { key: 'name', header: 'Name', nowrap: true, cell: (m) => <span className="table-strong">{m.name}</span> },
    { key: 'email', header: 'Email', label: 'Email', cell: (m) => <span className="break-anywhere">{m.email}</span> },
    {
      key: 'roles',
      header: 'Roles',
      label: 'Roles',
      cell: (m) => (
        <div className="person-cell">
          <span>{m.roles.length ? m.roles.map((r) => roleWord(r, vocab)).join(', ') : '—'}</span>
          {m.expiredRoles.length > 0 && <span className="subtle">Expired: {m.expiredRoles.map((r) => roleWord(r, vocab)).join(', ')}</span>}
        </div>
      ),
    },
    {
      key: 'status',
      header: `Status for this ${vocab.Word('group')}`,
      label: 'Status',
      cell: (m) => (
        <div className="status-cell">
          <Badge tone={m.membershipStatus === 'active' ? 'success' : 'danger'}>
            {m.membershipStatus === 'active' ? 'Active' : 'Inactive'}
          </Badge>
          {m.membershipExpires && !m.membershipPerpetual && !perpetualGroup && (
            <span className="subtle nowrap">
              {m.membershipStatus === 'active' ? 'Until' : 'Ended'} {formatDate(m.membershipExpires)}
            </span>
          )}
        </div>
      ),
    },
    { key: 'since', header: 'Since', label: 'Since', nowrap: true, cell: (m) => formatDate(m.membershipStartDate) },
    {
      key: 'login',
      header: 'Last login',
      label: 'Last login',
      nowrap: true,
      cell: (m) => (m.lastLoginDate ? formatDate(m.lastLoginDate) : 'Never'),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (m) =>
        m.abilities.canChangeRoles && (
          <Link to={userGroupRolesPath(m.userId, groupId)}>
            Roles<span className="visually-hidden"> of {m.name}</span>
          </Link>
        ),
    },
  ];

  return (
    <div className="stack stack--lg">
      <BackToGroups viewer={viewer} />
      <Card
        flush
        className="stacked-table-card members-card"
        title={groupName}
        titleId="group-members-title"
        description={
          isPseudo
            ? `Users with organization-level roles: admins and ${vocab.word('coaches')} who can add new ${vocab.word('groups')}.`
            : `Created ${formatDate(group?.createdDate)}. Invite code: ${group?.inviteCode ?? '(none / invite-only)'}`
        }
      >
        <div className="members-toolbar">
          <nav className="segmented-links" aria-label="Which members">
            <Link to={groupMembersPath(groupId, true)} aria-current={activeOnly ? 'page' : undefined}>
              Active{group ? ` (${group.activeUsers})` : ''}
            </Link>
            <Link to={groupMembersPath(groupId)} aria-current={activeOnly ? undefined : 'page'}>
              All{group ? ` (${group.totalUsers})` : ''}
            </Link>
          </nav>
          {(group?.abilities.canEdit || group?.abilities.canDeactivateAll || group?.ltiLinked) && (
            <div className="members-toolbar__actions">
              {group.ltiLinked && (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<RefreshCw size={16} aria-hidden />}
                  busy={syncRoster.isPending}
                  onClick={() => syncRoster.mutate()}
                >
                  Sync roster
                </Button>
              )}
              {group.abilities.canEdit && (
                <ButtonLink to={groupEditPath(groupId)} variant="secondary" size="sm">
                  Edit {vocab.Word('group')}
                </ButtonLink>
              )}
              {group.abilities.canDeactivateAll && (
                <Button variant="danger" size="sm" icon={<UserX size={16} aria-hidden />} onClick={() => setConfirming(true)}>
                  {deactivateAllLabel(vocab)}
                </Button>
              )}
            </div>
          )}
        </div>
        {members.isPending ? (
          <LoadingState />
        ) : (
          <Table
            caption={groupMembersCaption(vocab, activeOnly)}
            columns={columns}
            rows={members.data ?? []}
            rowKey={(m) => m.userId}
            empty="No users"
          />
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        title={`${deactivateAllLabel(vocab)}?`}
        confirmLabel="Deactivate All"
        destructive
        busy={deactivate.isPending}
        onConfirm={() => deactivate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Every {vocab.word('speaker')} and {vocab.word('coach')} of <strong>{groupName}</strong> becomes inactive and loses access to this{' '}
          {vocab.word('group')}. Their accounts and recordings stay; the {vocab.word('speaker')} seats they held are freed.
        </p>
        <p className="muted">Roles can be granted again one user at a time from the Roles link.</p>
      </ConfirmDialog>
    </div>
  );
}
