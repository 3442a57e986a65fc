import { Link } from 'react-router';
import { Plus, Users } from 'lucide-react';
import { groupInviteLink, type TGroup, withArticle } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { SelectField } from '../../components/select-field';
import type { TViewer } from '../../app/viewer';
import { DownloadReportButton } from '../assignment-report/download-report-button';
import { BulkInviteButton } from '../admin/bulk-invite-dialog';
import { useNewGroupForm } from './create-group-form';
import { GroupSpeakers } from './group-speakers';
import { useCoachGroups } from './use-group-param';

/**
 * 'My Groups' ('My Classes'): pick a group, share its invite, review its speakers. Coaches
 * choose among the groups they manage; org admins, who see recordings as every group's coach
 * does, among all groups of the organisation. Org managers create groups here.
 */
export function MyGroupsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const { groups, managed, selected, select } = useCoachGroups(viewer);
  const { creating, open: openCreate, form: createForm } = useNewGroupForm(viewer, select);

  if (groups.isPending) return <LoadingState />;

  const createButton = viewer.canCreateGroups && !creating && (
    <Button variant="accent" icon={<Plus size={16} aria-hidden />} onClick={openCreate}>
      Create New {vocab.Word('group')}
    </Button>
  );

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

export function GroupInviteCard({ group, viewer }: { group: TGroup; viewer: TViewer }) {
  const { vocab } = viewer;
  const link = group.inviteLink ?? (group.inviteCode ? groupInviteLink(window.location.origin, group.inviteCode) : null);
  return (
    <Card
      title={group.name}
      titleId="group-invite-title"
      description={`Share the code or the link with new ${vocab.word('speakers')} so they can join this ${vocab.word('group')}.`}
      actions={
        (group.abilities.canInviteSpeakers || group.abilities.canDownloadReport) && (
          <div className="row">
            <BulkInviteButton group={group} viewer={viewer} />
            {group.abilities.canDownloadReport && <DownloadReportButton kind="group" id={group.groupId} name={group.name} />}
          </div>
        )
      }
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
