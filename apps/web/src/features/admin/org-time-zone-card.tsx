import { useMemo, useState } from 'react';
import { MSG, timeZoneOptions, type TAdminOrgSettings } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { notifications } from '../../app/notification-store';
import { orgSettingsErrorMessage, useUpdateOrgTimeZone } from './admin-org-settings.queries';

export const TIME_ZONE_LABEL = 'Time zone';

/**
 * The organisation's time zone (issue 41 item 8): assignment due dates are entered and shown on
 * its clock, whatever the time zone of each browser. Saved on its own (PATCH admin/org-settings).
 */
export function OrgTimeZoneCard({ saved }: { saved: TAdminOrgSettings }) {
  const [zone, setZone] = useState(saved.timeZone);
  const options = useMemo(() => {
    const zones = timeZoneOptions();
    // A stored zone this browser does not list still shows as chosen.
    return (zones.includes(saved.timeZone) ? zones : [saved.timeZone, ...zones]).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  }, [saved.timeZone]);
  const save = useUpdateOrgTimeZone({
    onSuccess: (next) => notifications.success(MSG.changesSaved, `Due dates are now shown in ${next.timeZone}.`),
    onError: (e) => {
      const message = orgSettingsErrorMessage(e);
      if (message !== null) notifications.error('The time zone could not be saved', message);
    },
  });
  const dirty = zone !== saved.timeZone;
  return (
    <Card
      title={TIME_ZONE_LABEL}
      titleId="org-time-zone-title"
      description="Assignment due dates are entered and shown in this time zone, for everyone in your organization."
    >
      <form
        className="stack"
        aria-labelledby="org-time-zone-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty) save.mutate(zone);
        }}
      >
        <SelectField label={TIME_ZONE_LABEL} value={zone} options={options} onValueChange={setZone} disabled={save.isPending} />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending} disabled={!dirty}>
            {save.isPending ? 'Saving...' : 'Save time zone'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
