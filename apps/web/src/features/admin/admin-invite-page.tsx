import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Send } from 'lucide-react';
import {
  coachNotSpeakerMessage,
  INVITE_MESSAGE_MS,
  inviteNeedsManagerWarning,
  inviteSentMessage,
  speakerRoleGrantable,
  ZRequiredEmailSchema,
  type TCreateInviteBody,
  type TOrgGroup,
  type TVocabulary,
} from '@rostrum/contract';
import { setServerError, type TServerErrorRule } from '../../api/form-errors';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';
import { LoadingState } from '../../components/spinner';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import {
  GroupRoleRow,
  groupRolesOf,
  OrgAccessChoices,
  orgRolesOf,
  speakerLockText,
  type TGroupChoice,
  type TOrgAccess,
} from './admin-role-controls';
import { useOrgGroups } from './admin-groups.queries';
import { inviteSendErrorMessage, useCreateInvite } from './admin-users.queries';
import './admin-users.css';

const NO_ROLES: TGroupChoice = { manager: false, speaker: false };

/** The invite's email, checked by the API's rule for it (ZCreateInviteBodySchema: required, then valid). */
const ZInviteFormSchema = z.object({ email: ZRequiredEmailSchema });
type TInviteInput = { email: string };

/** An invite already pending for the email (409) shows on the email field. */
const INVITE_ERRORS: ReadonlyArray<TServerErrorRule<TInviteInput>> = [{ on: 409, field: 'email' }];

/**
 * /customer-admin/invites, 'Add Coach' ('Add Instructor') (000 sections 2.11 and 5): an invite
 * by email with the roles it grants. Send stays disabled until some manager access is granted.
 */
export function AdminInvitePage() {
  const { org, vocab } = useViewer();
  const groupsQuery = useOrgGroups();
  const form = useForm<TInviteInput, unknown, TInviteInput>({
    resolver: zodResolver(ZInviteFormSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [orgAccess, setOrgAccess] = useState<TOrgAccess>({ manager: false, admin: false });
  const [choices, setChoices] = useState<Record<string, TGroupChoice>>({});

  const groups = (groupsQuery.data ?? []).filter((g) => !g.isPseudoGroup).sort((a, b) => a.name.localeCompare(b.name));
  const choiceOf = (id: string) => choices[id] ?? NO_ROLES;
  const managerAccess = orgAccess.manager || orgAccess.admin || Object.values(choices).some((c) => c.manager);

  const send = useCreateInvite({
    onSuccess: (invite) => {
      const id = notifications.show({ kind: 'success', title: inviteSentMessage(invite.email) });
      window.setTimeout(() => notifications.dismiss(id), INVITE_MESSAGE_MS);
      form.reset();
      setOrgAccess({ manager: false, admin: false });
      setChoices({});
    },
    onError: (e) => {
      if (setServerError(e, form.setError, INVITE_ERRORS)) return;
      const message = inviteSendErrorMessage(e);
      if (message !== null) notifications.error('The invite could not be sent', message);
    },
  });

  const onSubmit = form.handleSubmit(({ email }) => {
    const roles = [
      { groupId: null, roles: orgRolesOf(orgAccess) },
      ...groups.map((g) => ({ groupId: g.groupId, roles: groupRolesOf(choiceOf(g.groupId)) })),
    ].filter((r) => r.roles.length > 0) as TCreateInviteBody['roles'];
    // At least one role entry with a non-empty role, otherwise nothing is sent (000 section 5).
    if (roles.length === 0 || !managerAccess) return;
    send.mutate({ email, roles });
  });

  if (groupsQuery.isPending) return <LoadingState />;
  const orgFacts = { freeDuration: org.settings.freeDuration ?? null, billingModel: org.billingModel };

  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="invite-title">
      <Card
        title={`Add ${vocab.Word('coach')}`}
        titleId="invite-title"
        description="Invite someone by email. The email carries a link to create an account with the access you choose here."
      >
        <div className="stack">
          <Controller
            control={form.control}
            name="email"
            render={(c) => (
              <TextField
                label="Email"
                type="email"
                required
                autoComplete="off"
                {...bindField(c)}
                onValueChange={(v) => {
                  c.field.onChange(v);
                  form.clearErrors('email');
                }}
                className="admin-invite__email"
              />
            )}
          />
          <OrgAccessChoices orgType={org.type} value={orgAccess} onChange={setOrgAccess} />
        </div>
      </Card>
      <Card flush title={`${vocab.Word('group')} access`} description={coachNotSpeakerMessage(org.type)}>
        {groups.length === 0 ? (
          <p className="role-rows__empty">No {vocab.word('groups')} yet.</p>
        ) : (
          <ul className="role-rows">
            {groups.map((g) => (
              <GroupRoleRow
                key={g.groupId}
                groupId={g.groupId}
                name={g.name}
                orgType={org.type}
                value={choiceOf(g.groupId)}
                onChange={(c) => setChoices((all) => ({ ...all, [g.groupId]: c }))}
                speakerLock={speakerLockText(
                  org.type,
                  speakerRoleGrantable({ freeDuration: g.settings.freeDuration, expiredRoles: [] }, orgFacts),
                  false,
                )}
                speakerJoin={<SpeakerJoin group={g} vocab={vocab} />}
              />
            ))}
          </ul>
        )}
      </Card>
      {!managerAccess && <Banner kind="warning" inline title={inviteNeedsManagerWarning(org.type)} />}
      <div className="row row--end admin-form__actions">
        <Button type="submit" disabled={!managerAccess} busy={send.isPending} icon={<Send size={16} aria-hidden />}>
          Send Invite
        </Button>
      </div>
    </form>
  );
}

/**
 * Beside a checked Speaker box: an emailed invite needs coach access (000 section 5), so this says
 * how speakers join the group instead, with its invite code and link to copy (issue 12 item 7).
 */
function SpeakerJoin({ group, vocab }: { group: TOrgGroup; vocab: TVocabulary }) {
  const speakers = vocab.Word('speakers');
  if (!group.inviteCode) {
    return (
      <p className="role-row__note" data-testid="speaker-join">
        {speakers} join {group.name} with its invite code, but it has none (none / invite-only). Give an existing user the{' '}
        {vocab.Word('speaker')} role on their roles page.
      </p>
    );
  }
  return (
    <div className="stack" data-testid="speaker-join">
      <p className="role-row__note">
        {speakers} join {group.name} with its invite code or link; an emailed invite is for {vocab.word('coach')} access. Share these with
        your {vocab.word('speakers')}:
      </p>
      <div className="grid-2">
        <CopyField id={`speaker-code-${group.groupId}`} label="Invite code" value={group.inviteCode} />
        {group.inviteLink && <CopyField id={`speaker-link-${group.groupId}`} label="Invite link" value={group.inviteLink} />}
      </div>
    </div>
  );
}
