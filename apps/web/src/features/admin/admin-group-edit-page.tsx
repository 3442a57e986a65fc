import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RefreshCw, SearchX } from 'lucide-react';
import {
  addNewGroupLabel,
  couplePrivacy,
  groupInviteLink,
  LIMITS,
  managerPrivacyChoices,
  managerPrivacyEffects,
  MSG,
  PRIVACY_LEVEL_NAMES,
  speakerPrivacyChoices,
  speakerPrivacyEffects,
  groupNameSchema,
  type TGroup,
  type TPrivacyLevel,
  type TPrivacyPair,
} from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useViewer, type TViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';
import { BackToGroups } from './back-to-groups';
import { BulkInviteButton } from './bulk-invite-dialog';
import { groupSaveBody, initialFreeYears, privacyControls } from './group-form-rules';
import { FreeDurationField } from './free-duration-field';
import { useAdminPlans } from './admin-billing.queries';
import { PrivacyLevelField } from './privacy-level-field';
import { groupMembersPath } from './admin-paths';
import {
  groupSaveErrorMessage,
  inviteCodeErrorMessage,
  useCreateGroup,
  useGroup,
  useRegenerateInviteCode,
  useUpdateGroup,
} from './admin-groups.queries';

/** The id in /customer-admin/groups/0 that means "a new group". */
const NEW_GROUP_ID = '0';

/** /customer-admin/groups/:groupId (000 sections 2.11, 4, 5, 6): create (id 0) or edit a group. */
export function AdminGroupEditPage() {
  const viewer = useViewer();
  const { groupId = NEW_GROUP_ID } = useParams();
  const isNew = groupId === NEW_GROUP_ID;
  const group = useGroup(groupId, !isNew);

  return (
    <div className="stack stack--lg">
      <BackToGroups viewer={viewer} />
      {isNew ? (
        <GroupForm key="new" viewer={viewer} group={null} />
      ) : group.isPending ? (
        <LoadingState />
      ) : group.data ? (
        <>
          <GroupForm key={groupId} viewer={viewer} group={group.data} />
          <InviteCard viewer={viewer} group={group.data} />
        </>
      ) : (
        <Card>
          <EmptyState icon={<SearchX size={24} aria-hidden />} title={`This ${viewer.vocab.word('group')} could not be found`}>
            <p>It may have been removed, or the address is not complete.</p>
          </EmptyState>
        </Card>
      )}
    </div>
  );
}

type TSide = 'manager' | 'speaker';

function GroupForm({ viewer, group }: { viewer: TViewer; group: TGroup | null }) {
  const { org, vocab, assignmentsOn } = viewer;
  const navigate = useNavigate();
  // The API's group name rule, its messages in the organization's word for a group.
  const schema = useMemo(() => z.object({ name: groupNameSchema(vocab.Word('group')) }), [vocab]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: group?.name ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [levels, setLevels] = useState<TPrivacyPair>({
    managerPrivacyLevel: group?.managerPrivacyLevel ?? 1,
    speakerPrivacyLevel: group?.speakerPrivacyLevel ?? 1,
  });
  const [coupled, setCoupled] = useState<{ side: TSide; note: string } | null>(null);
  // Null: no field (an organisation with perpetual free duration).
  const [freeYears, setFreeYears] = useState<number | null>(() => initialFreeYears(org, group));
  // "No free access" means paying first where the organisation sells plans.
  const plans = useAdminPlans();
  const plansSold = !!plans.data?.some((p) => !p.archived);

  const controls = privacyControls(org.settings);
  const sideWord = (side: TSide) => vocab.Word(side === 'manager' ? 'coach' : 'speaker');

  const change = (side: TSide, value: TPrivacyLevel) => {
    const next = couplePrivacy(levels, side, value);
    const other: TSide = side === 'manager' ? 'speaker' : 'manager';
    const otherKey = other === 'manager' ? 'managerPrivacyLevel' : 'speakerPrivacyLevel';
    setLevels(next);
    // The coupling rule (section 4) is shown where it acted, so the change is never a surprise.
    setCoupled(
      next[otherKey] !== levels[otherKey]
        ? {
            side: other,
            note:
              value === 0
                ? `Set to ${PRIVACY_LEVEL_NAMES[0]} because ${sideWord(side)} privacy is ${PRIVACY_LEVEL_NAMES[0]}.`
                : `Set to ${PRIVACY_LEVEL_NAMES[next[otherKey]]} because ${sideWord(side)} privacy is no longer ${PRIVACY_LEVEL_NAMES[0]}.`,
          }
        : null,
    );
  };

  const onSave = {
    onSuccess: () => {
      notifications.showAfterNavigation({ kind: 'success', title: MSG.changesSaved });
      navigate(R.customerAdminGroups.path);
    },
    onError: (e: Error) => {
      const message = groupSaveErrorMessage(e);
      if (message) notifications.error(message);
    },
  };
  const create = useCreateGroup(onSave);
  const update = useUpdateGroup(group?.groupId ?? '', onSave);
  const save = group ? update : create;

  const submit = form.handleSubmit((v) =>
    group
      ? update.mutate(groupSaveBody(org.settings, v.name, levels, freeYears, group.groupId))
      : create.mutate(groupSaveBody(org.settings, v.name, levels, freeYears)),
  );

  const title = group ? `Edit ${vocab.Word('group')}` : addNewGroupLabel(vocab);
  return (
    <Card
      title={title}
      titleId="group-form-title"
      description={
        group
          ? `${group.name}, created ${formatDate(group.createdDate)}`
          : `The invite code is made from the organization and ${vocab.word('group')} names when you save.`
      }
      actions={
        group && (
          <Link to={groupMembersPath(group.groupId)} className="text-sm nowrap">
            View members
          </Link>
        )
      }
    >
      <form className="stack stack--xl" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="group-form-title">
        <Controller
          control={form.control}
          name="name"
          render={(c) => (
            <TextField
              className="group-form__name"
              label={`${vocab.Word('group')} name`}
              {...bindField(c)}
              onValueChange={(v) => {
                c.field.onChange(v);
                form.clearErrors('name');
              }}
              maxLength={LIMITS.groupName}
              required
              autoComplete="off"
              hint={`Unique in your organization, at most ${LIMITS.groupName} characters.`}
            />
          )}
        />
        {freeYears !== null && (
          <FreeDurationField className="group-form__free" vocab={vocab} years={freeYears} plansSold={plansSold} onChange={setFreeYears} />
        )}
        {controls.any && (
          <div className="privacy-grid">
            {controls.coach && (
              <PrivacyLevelField
                legend={`${vocab.Word('coach')} privacy level`}
                description={`What ${vocab.word('coaches')} of this ${vocab.word('group')} see and hear of ${vocab.word('speaker')} recordings.`}
                choices={managerPrivacyChoices(assignmentsOn)}
                effects={managerPrivacyEffects(vocab)}
                value={levels.managerPrivacyLevel}
                onChange={(v) => change('manager', v)}
                coupledNote={coupled?.side === 'manager' ? coupled.note : null}
              />
            )}
            <PrivacyLevelField
              legend={`${vocab.Word('speaker')} privacy level`}
              description={`What ${vocab.word('speakers')} see of their peers in this ${vocab.word('group')}.`}
              choices={speakerPrivacyChoices(assignmentsOn)}
              effects={speakerPrivacyEffects(vocab)}
              value={levels.speakerPrivacyLevel}
              onChange={(v) => change('speaker', v)}
              coupledNote={coupled?.side === 'speaker' ? coupled.note : null}
            />
          </div>
        )}
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
          <ButtonLink to={R.customerAdminGroups.path} variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}

/**
 * The group's invite code and link, read-only with copy buttons. The generated code can be
 * guessed from the organisation and group names, so an admin can replace it with one that ends
 * in a random suffix; the old code and link stop working at once.
 */
function InviteCard({ viewer, group }: { viewer: TViewer; group: TGroup }) {
  const { vocab } = viewer;
  const [confirming, setConfirming] = useState(false);
  const link = group.inviteLink ?? (group.inviteCode ? groupInviteLink(window.location.origin, group.inviteCode) : null);

  const regenerate = useRegenerateInviteCode(group.groupId, {
    onSuccess: () => {
      setConfirming(false);
      notifications.success(MSG.inviteCodeRegenerated);
    },
    onError: (e) => {
      setConfirming(false);
      const message = inviteCodeErrorMessage(e);
      if (message) notifications.error(message);
    },
  });

  return (
    <Card
      title="Invite Code and Link"
      titleId="group-invite-title"
      description={`New ${vocab.word('speakers')} join this ${vocab.word('group')} with the code or the link, or by an emailed invite.`}
      actions={<BulkInviteButton group={group} viewer={viewer} />}
    >
      {group.inviteCode ? (
        <div className="stack stack--lg">
          <div className="grid-2">
            <CopyField id="group-invite-code" label="Invite code" value={group.inviteCode} />
            {link && <CopyField id="group-invite-link" label="Invite link" value={link} />}
          </div>
          <div className="row row--between">
            <p className="muted text-sm">
              Shared too widely, or easy to guess? A new code ends with random characters; the current code and link stop working.
            </p>
            <Button variant="secondary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => setConfirming(true)}>
              New invite code
            </Button>
          </div>
        </div>
      ) : (
        <p className="muted">(none / invite-only)</p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Replace the invite code?"
        confirmLabel="Replace code"
        destructive
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The code <strong className="break-anywhere">{group.inviteCode}</strong> and its link stop working at once.{' '}
          {vocab.Word('speakers')} who already joined stay in the {vocab.word('group')}.
        </p>
        <p className="muted">Share the new code or link with anyone who still needs to join.</p>
      </ConfirmDialog>
    </Card>
  );
}
