import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MSG, ZCreateGroupBodySchema, type TGroup } from '@rostrum/contract';
import { AlertDialog } from '../../components/dialog';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { groupNamePlaceholder } from './manage-text';
import { FreeDurationField } from '../admin/free-duration-field';
import { initialFreeYears } from '../admin/group-form-rules';
import { useCreateGroup, useReloadGroups } from './manage.queries';

/** The name by the API's rule for it (required once trimmed); the rest of the body is not typed in. */
const ZCreateGroupFormSchema = ZCreateGroupBodySchema.pick({ name: true });
type TCreateGroupInput = z.input<typeof ZCreateGroupFormSchema>;

/**
 * Create New Group (org-level managers, 002 sections 2.2 and 2.5): a name and the free duration
 * (issue 12), then POST groups with them and the organisation's name. An empty name only focuses
 * the field. A failed save is the spec's alert (002 section 8); the form stays with the name kept.
 */
export function CreateGroupForm({
  viewer,
  onCreated,
  onCancel,
}: {
  viewer: TViewer;
  onCreated: (group: TGroup) => void;
  onCancel: () => void;
}) {
  const { vocab } = viewer;
  const form = useForm<TCreateGroupInput, unknown, z.output<typeof ZCreateGroupFormSchema>>({
    resolver: zodResolver(ZCreateGroupFormSchema),
    defaultValues: { name: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [failed, setFailed] = useState(false);
  // The organisation's free duration to start with; no field where the organisation's is perpetual.
  const [freeYears, setFreeYears] = useState<number | null>(() => initialFreeYears(viewer.org, null));
  const create = useCreateGroup({
    onSuccess: (group) => onCreated(group),
    // Any failure is the spec's alert (002 section 8); after OK the form is back with the name kept.
    onError: () => setFailed(true),
  });
  // The field takes the focus once the alert has closed: closing a modal dialog gives the focus
  // back to the button that opened it (the dialog's effect runs before this one).
  const refocus = useRef(false);
  useEffect(() => {
    if (failed || !refocus.current) return;
    refocus.current = false;
    form.setFocus('name');
  }, [failed, form]);
  const closeAlert = () => {
    refocus.current = true;
    setFailed(false);
  };

  // An empty name fails the schema: the field takes the focus (shouldFocusError), nothing is sent.
  const submit = form.handleSubmit(({ name }) =>
    create.mutate({
      name,
      orgName: viewer.org.name,
      ...(freeYears === null ? {} : { freeDuration: { years: freeYears } }),
    }),
  );

  return (
    <Card
      title={`Create New ${vocab.Word('group')}`}
      titleId="create-group-title"
      description={`Its invite code is made from the name; share it with your ${vocab.word('speakers')} once it is saved.`}
    >
      <form className="create-group-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="create-group-title">
        <div className="create-group-form__row">
          <Controller
            control={form.control}
            name="name"
            render={(c) => (
              <TextField
                label={`${vocab.Word('group')} name`}
                {...bindField(c)}
                // The spec's empty name only focuses the field: no message under it.
                error={undefined}
                placeholder={groupNamePlaceholder(viewer.org.type)}
                maxLength={100}
                autoFocus
                autoComplete="off"
              />
            )}
          />
          {freeYears !== null && <FreeDurationField vocab={vocab} years={freeYears} onChange={setFreeYears} />}
          <div className="create-group-form__actions">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending}>
              Save
            </Button>
          </div>
        </div>
      </form>
      <AlertDialog message={failed ? MSG.groupSaveFailed : null} onClose={closeAlert} />
    </Card>
  );
}

/** Groups reload this long after one is created (002 section 9). */
const RELOAD_AFTER_CREATE_MS = 1000;

/**
 * Create New Group where a page offers it (My Groups, the coach dashboard): whether the form is
 * open, how to open it, and the form. Once saved the groups reload after 1 s and the new group is
 * selected with a notice.
 */
export function useNewGroupForm(
  viewer: TViewer,
  select: (groupId: string) => void,
): { creating: boolean; open: () => void; form: ReactNode } {
  const { vocab } = viewer;
  const reloadGroups = useReloadGroups();
  const [creating, setCreating] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  const onCreated = (group: TGroup) => {
    setCreating(false);
    reloadTimer.current = window.setTimeout(() => {
      reloadGroups();
      // Selecting changes the address, and every navigation clears the banner: the notice follows it.
      notifications.showAfterNavigation({
        kind: 'success',
        title: `${vocab.Word('group')} Created`,
        text: `${group.name} is ready. Share its invite code with your ${vocab.word('speakers')}.`,
      });
      select(group.groupId);
    }, RELOAD_AFTER_CREATE_MS);
  };
  const form = creating && <CreateGroupForm viewer={viewer} onCreated={onCreated} onCancel={() => setCreating(false)} />;
  return { creating, open: () => setCreating(true), form };
}
