import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import {
  coachNotSpeakerMessage,
  INVITE_MESSAGE_MS,
  inviteNeedsManagerWarning,
  inviteSentMessage,
  speakerRoleGrantable,
  ZEmailSchema,
  type TCreateInviteBody,
} from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
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
import '../../styles/admin-users.css';

const NO_ROLES: TGroupChoice = { manager: false, speaker: false };

/**
 * /customer-admin/invites, 'Add Coach' ('Add Instructor') (000 sections 2.11 and 5): an invite
 * by email with the roles it grants. Send stays disabled until some manager access is granted.
 */
export function AdminInvitePage() {
  const { org, vocab } = useViewer();
  const qc = useQueryClient();
  const groupsQuery = useQuery({ queryKey: queryKeys.orgGroups, queryFn: api.getOrgGroups });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [orgAccess, setOrgAccess] = useState<TOrgAccess>({ manager: false, admin: false });
  const [choices, setChoices] = useState<Record<string, TGroupChoice>>({});

  const groups = (groupsQuery.data ?? []).filter((g) => !g.isPseudoGroup).sort((a, b) => a.name.localeCompare(b.name));
  const choiceOf = (id: string) => choices[id] ?? NO_ROLES;
  const managerAccess = orgAccess.manager || orgAccess.admin || Object.values(choices).some((c) => c.manager);

  const send = useMutation({
    mutationFn: (body: TCreateInviteBody) => api.createInvite(body),
    onSuccess: (invite) => {
      void qc.invalidateQueries({ queryKey: queryKeys.invites });
      const id = notifications.show({ kind: 'success', title: inviteSentMessage(invite.email) });
      window.setTimeout(() => notifications.dismiss(id), INVITE_MESSAGE_MS);
      setEmail('');
      setOrgAccess({ manager: false, admin: false });
      setChoices({});
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 409) setEmailError(e.message);
      else if (isApiError(e) && e.status < 500 && e.hasBody) notifications.error('The invite could not be sent', e.message);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZEmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(email.trim() ? 'Enter a valid email address' : 'Email is required');
      return;
    }
    const roles = [
      { groupId: null, roles: orgRolesOf(orgAccess) },
      ...groups.map((g) => ({ groupId: g.groupId, roles: groupRolesOf(choiceOf(g.groupId)) })),
    ].filter((r) => r.roles.length > 0) as TCreateInviteBody['roles'];
    // At least one role entry with a non-empty role, otherwise nothing is sent (000 section 5).
    if (roles.length === 0 || !managerAccess) return;
    send.mutate({ email: parsed.data, roles });
  };

  if (groupsQuery.isPending) return <LoadingState />;
  const orgFacts = { freeDuration: org.settings.freeDuration ?? null, billingModel: org.billingModel };

  return (
    <form className="stack stack--lg" onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <Card
        title={`Add ${vocab.Word('coach')}`}
        titleId="invite-title"
        description="Invite someone by email. The email carries a link to create an account with the access you choose here."
      >
        <div className="stack">
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onValueChange={(v) => {
              setEmail(v);
              setEmailError(null);
            }}
            error={emailError ?? undefined}
            className="admin-invite__email"
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
