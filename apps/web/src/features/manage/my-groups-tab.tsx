import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Users } from 'lucide-react';
import { PSEUDO_GROUP_ID, groupInviteLink, type TGroup, withArticle } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { SelectField } from '../../components/select-field';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { DownloadReportButton } from '../assignment-report/download-report-button';
import { CreateGroupForm } from './create-group-form';
import { GroupSpeakers } from './group-speakers';
import { useGroupParam } from './use-group-param';

/** Groups reload this long after one is created (002 section 9). */
const RELOAD_AFTER_CREATE_MS = 1000;

/**
 * 'My Groups' ('My Classes'): pick a group, share its invite, review its speakers. Coaches
 * choose among the groups they manage; org admins, who see recordings as every group's coach
 * does, among all groups of the organisation. Org managers create groups here.
 */
export function MyGroupsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const queryClient = useQueryClient();
  const allGroups = viewer.canAdministerOrg;
  const groups = useQuery<TGroup[]>({
    queryKey: allGroups ? queryKeys.orgGroups : queryKeys.myGroups,
    queryFn: allGroups ? api.getOrgGroups : api.getMyGroups,
  });
  // The server's group abilities: every group for org admins, the groups they coach for others.
  const managed = (groups.data ?? []).filter(
    (g) => g.groupId !== PSEUDO_GROUP_ID && (allGroups ? g.abilities.canManageMembers : g.abilities.canCoach),
  );
  const [selected, select] = useGroupParam(managed);

  const [creating, setCreating] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  const onCreated = (group: TGroup) => {
    setCreating(false);
    reloadTimer.current = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      // Selecting changes the address, and every navigation clears the banner: the notice follows it.
      notifications.showAfterNavigation({
        kind: 'success',
        title: `${vocab.Word('group')} Created`,
        text: `${group.name} is ready. Share its invite code with your ${vocab.word('speakers')}.`,
      });
      select(group.groupId);
    }, RELOAD_AFTER_CREATE_MS);
  };

  if (groups.isPending) return <LoadingState />;

  const createButton = viewer.canCreateGroups && !creating && (
    <Button variant="accent" icon={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      Create New {vocab.Word('group')}
    </Button>
  );
  const createForm = creating && <CreateGroupForm viewer={viewer} onCreated={onCreated} onCancel={() => setCreating(false)} />;

  if (!selected) {
    return (
      <div className="stack stack--xl">
        {createForm}
        <Card>
          <EmptyState icon={<Users size={24} aria-hidden />} title={`You do not manage any ${vocab.word('groups')} yet`}>
            {viewer.canCreateGroups ? (
              <p>
                Create your first {vocab.word('group')}, then share its invite code with your {vocab.word('speakers')}.
              </p>
            ) : (
              <p>
                When you are made {withArticle(vocab.word('coach'))} of a {vocab.word('group')}, it appears here. To join a{' '}
                {vocab.word('group')} as {withArticle(vocab.word('speaker'))}, use an invite code on the{' '}
                <Link to="/subscription">Subscription</Link> page.
              </p>
            )}
            {createButton}
          </EmptyState>
        </Card>
      </div>
    );
  }

  return (
    <div className="stack stack--xl">
      {(managed.length > 1 || createButton) && (
        <div className="manage-toolbar">
          {managed.length > 1 && (
            <div className="manage-picker">
              <SelectField
                label={vocab.Word('group')}
                value={selected.groupId}
                onValueChange={select}
                options={managed.map((g) => ({ value: g.groupId, label: g.name }))}
              />
            </div>
          )}
          {createButton}
        </div>
      )}
      {createForm}
      <GroupInviteCard group={selected} viewer={viewer} />
      <GroupSpeakers key={selected.groupId} group={selected} viewer={viewer} />
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
      actions={group.abilities.canDownloadReport && <DownloadReportButton kind="group" id={group.groupId} name={group.name} />}
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
