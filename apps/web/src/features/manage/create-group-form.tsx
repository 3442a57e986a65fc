import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MSG, type TGroup } from '@rostrum/contract';
import { AlertDialog } from '../../components/dialog';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { groupNamePlaceholder } from './manage-text';
import { FreeDurationField } from '../admin/free-duration-field';
import { initialFreeYears } from '../admin/group-form-rules';
import { useCreateGroup, useReloadGroups } from './manage.queries';

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
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  // The organisation's free duration to start with; no field where the organisation's is perpetual.
  const [freeYears, setFreeYears] = useState<number | null>(() => initialFreeYears(viewer.org, null));
  const field = useRef<HTMLInputElement>(null);
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
    field.current?.focus();
  }, [failed]);
  const closeAlert = () => {
    refocus.current = true;
    setFailed(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      field.current?.focus();
      return;
    }
    create.mutate({
      name: trimmed,
      orgName: viewer.org.name,
      ...(freeYears === null ? {} : { freeDuration: { years: freeYears } }),
    });
  };

  return (
    <Card
      title={`Create New ${vocab.Word('group')}`}
      titleId="create-group-title"
      description={`Its invite code is made from the name; share it with your ${vocab.word('speakers')} once it is saved.`}
    >
      <form className="create-group-form" onSubmit={submit} noValidate aria-labelledby="create-group-title">
        <div className="create-group-form__row">
          <TextField
            ref={field}
            label={`${vocab.Word('group')} name`}
            value={name}
            onValueChange={setName}
            placeholder={groupNamePlaceholder(viewer.org.type)}
            maxLength={100}
            autoFocus
            autoComplete="off"
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
