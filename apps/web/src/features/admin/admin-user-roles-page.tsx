import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, UserX } from 'lucide-react';
import {
  ADMIN_USERS_MSG,
  coachNotSpeakerMessage,
  groupRoleWord,
  MSG,
  PSEUDO_GROUP_ID,
  vocabulary,
  type TAdminUserGroup,
  type TAdminUserRoles,
  type TUpdateUserRolesBody,
} from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';
import { GroupRoleRow, OrgAccessChoices, speakerLockText } from './admin-role-controls';
import { roleSaveErrorMessage, useAdminUser, useUpdateUserRoles } from './admin-users.queries';
import { type TUserRolesInput, userRolesDefaults, userRolesFormSchema } from './user-roles-form';
import './admin-users.css';

/**
 * /customer-admin/users/:userId[/:groupId] (000 sections 2.11, 5, 7): the user's roles in
 * every group and at organisation level. With a groupId the page scrolls to that group.
 */
export function AdminUserRolesPage() {
  const { userId = '', groupId } = useParams();
  const query = useAdminUser(userId);
  if (query.isPending) return <LoadingState />;
  if (!query.data) {
    return (
      <Card>
        <EmptyState icon={<UserX size={24} aria-hidden />} title="User not found">
          <p>This user does not exist in your organization.</p>
          <BackLink />
        </EmptyState>
      </Card>
    );
  }
  // Re-mounted with fresh state after every save (the query data changes).
  return <UserRolesForm key={query.dataUpdatedAt} data={query.data} focusGroupId={groupId} />;
}

function BackLink() {
  return (
    <ButtonLink to={R.customerAdminUsers.path} variant="ghost" size="sm" icon={<ArrowLeft size={16} aria-hidden />}>
      Back to Manage Users
    </ButtonLink>
  );
}

/** 'Access as X expired on date', 'Perpetual Access / No expiration', or the expiry date. */
function accessText(g: TAdminUserGroup, data: TAdminUserRoles): string {
  const { type, billingModel } = data.org;
  if (g.membershipStatus === 'inactive' && g.expiredRoles.length > 0 && g.membershipExpires) {
    return `Access as ${g.expiredRoles.map((r) => groupRoleWord(r, type)).join(' and ')} expired on ${formatDate(g.membershipExpires)}`;
  }
  if (g.membershipStatus === null) return 'Not a member';
  if (g.membershipStatus === 'inactive') return 'Inactive';
  // Billing model 1: expiry applies to the whole organisation, none is shown per user.
  if (billingModel === 1) return 'Active';
  if (g.membershipPerpetual) return ADMIN_USERS_MSG.perpetualAccess;
  return `Access expires on ${formatDate(g.membershipExpires)}`;
}

function UserRolesForm({ data, focusGroupId }: { data: TAdminUserRoles; focusGroupId?: string }) {
  const viewer = useViewer();
  const { user, org, groups } = data;
  const vocab = vocabulary(org.type);
  const schema = useMemo(() => userRolesFormSchema(groups), [groups]);
  // The boxes start as the server reads the user's roles; the page is mounted again with the
  // saved ones after a save (AdminUserRolesPage's key).
  const form = useForm<TUserRolesInput, unknown, TUpdateUserRolesBody>({
    resolver: zodResolver(schema),
    defaultValues: userRolesDefaults(data),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  /** The body waiting for the confirmation that the caller removes their own admin access. */
  const [confirming, setConfirming] = useState<TUpdateUserRolesBody | null>(null);
  const isSelf = user.userId === viewer.user.userId;

  useEffect(() => {
    if (!focusGroupId) return;
    document
      .getElementById(focusGroupId === PSEUDO_GROUP_ID ? 'role-org' : `role-group-${focusGroupId}`)
      ?.scrollIntoView({ block: 'center' });
  }, [focusGroupId]);

  const save = useUpdateUserRoles(user.userId, isSelf, {
    onSuccess: () => notifications.success(MSG.changesSaved),
    onError: (e) => {
      const { title, text } = roleSaveErrorMessage(e);
      notifications.error(title, text);
    },
  });

  const onSubmit = form.handleSubmit((body) => {
    if (user.abilities.confirmsOwnAdminRemoval && !form.getValues('orgAccess.admin')) setConfirming(body);
    else save.mutate(body);
  });

  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} aria-labelledby="user-roles-title">
      <div>
        <BackLink />
      </div>
      <Card
        title={user.name}
        titleId="user-roles-title"
        description={user.email}
        actions={isSelf ? <span className="badge badge--info">You</span> : undefined}
      >
        <Controller
          control={form.control}
          name="orgAccess"
          render={({ field }) => (
            <OrgAccessChoices
              id="role-org"
              orgType={org.type}
              value={field.value}
              onChange={field.onChange}
              highlighted={focusGroupId === PSEUDO_GROUP_ID}
            />
          )}
        />
      </Card>
      <Card flush title={`${vocab.Word('group')} roles`} description={coachNotSpeakerMessage(org.type)}>
        {groups.length === 0 ? (
          <p className="role-rows__empty">No {vocab.word('groups')} yet.</p>
        ) : (
          <ul className="role-rows">
            {groups.map((g, i) => (
              <Controller
                key={g.groupId}
                control={form.control}
                name={`groups.${i}`}
                render={({ field }) => (
                  <GroupRoleRow
                    groupId={g.groupId}
                    name={g.name}
                    orgType={org.type}
                    value={field.value}
                    onChange={(c) => field.onChange({ groupId: g.groupId, manager: c.manager, speaker: c.speaker })}
                    // A role the user holds now can always be removed and put back.
                    speakerLock={speakerLockText(org.type, g.abilities.canGrantSpeaker, g.expiredRoles.length > 0)}
                    access={
                      <p className={g.membershipStatus === 'active' ? 'role-row__access' : 'role-row__access muted'}>
                        {accessText(g, data)}
                      </p>
                    }
                    highlighted={g.groupId === focusGroupId}
                  />
                )}
              />
            ))}
          </ul>
        )}
      </Card>
      <div className="row row--end admin-form__actions">
        <Button type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
      <ConfirmDialog
        open={!!confirming}
        title="Remove your admin access?"
        confirmLabel="Remove admin access"
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          if (confirming) save.mutate(confirming);
        }}
      >
        <p>{ADMIN_USERS_MSG.removeOwnAdmin}</p>
      </ConfirmDialog>
    </form>
  );
}
