import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, RETENTION_NOTICE_DAYS, type TAdminOrgSettings, type TRecordingRetention } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { queryKeys } from '../../api/rostrum-api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { notifications } from '../../app/notification-store';
import { orgSettingsErrorMessage } from './admin-org-settings.queries';

export const RETENTION_LABEL = 'Keep recordings';

/** The choices, in the order shown; 'off' keeps recordings until their owner deletes them. */
export const RETENTION_OPTIONS: ReadonlyArray<{ value: TRecordingRetention; label: string }> = [
  { value: 'off', label: 'Until their owner deletes them (off)' },
  { value: '1y', label: '1 year after they are made' },
  { value: '2y', label: '2 years after they are made' },
  { value: '5y', label: '5 years after they are made' },
];

export const RETENTION_DESCRIPTION =
  `With a limit, Rostrum removes each recording, with its results and feedback, once it is older than the limit. ` +
  `Its owner gets a notice and an email ${RETENTION_NOTICE_DAYS} days before, so they can download what they want to keep.`;

const savedText = (r: TRecordingRetention) =>
  r === 'off'
    ? 'Recordings are kept until their owners delete them.'
    : `Recordings are now removed ${RETENTION_OPTIONS.find((o) => o.value === r)!.label}.`;

/**
 * The organisation's recording retention (issue 42 item 9), saved on its own like the time zone
 * (PATCH admin/org-settings { recordingRetention }).
 */
export function RecordingRetentionCard({ saved }: { saved: TAdminOrgSettings }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<TRecordingRetention>(saved.recordingRetention);
  const save = useMutation({
    mutationFn: (recordingRetention: TRecordingRetention) => operations.updateOrgSettings({ body: { recordingRetention } }),
    onSuccess: (next) => {
      queryClient.setQueryData<TAdminOrgSettings>(queryKeys.orgSettings, next);
      notifications.success(MSG.changesSaved, savedText(next.recordingRetention));
    },
    onError: (e) => {
      const message = orgSettingsErrorMessage(e);
      if (message !== null) notifications.error('The retention could not be saved', message);
    },
  });
  const dirty = value !== saved.recordingRetention;
  return (
    <Card title="Recording retention" titleId="org-retention-title" description={RETENTION_DESCRIPTION}>
      <form
        className="stack"
        aria-labelledby="org-retention-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty) save.mutate(value);
        }}
      >
        <SelectField
          label={RETENTION_LABEL}
          value={value}
          options={RETENTION_OPTIONS}
          onValueChange={(v) => setValue(v as TRecordingRetention)}
          disabled={save.isPending}
        />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending} disabled={!dirty}>
            {save.isPending ? 'Saving...' : 'Save retention'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
