import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { MSG, ZOrgAdminSettingValuesSchema, type TAdminOrgSettings, type TOperatorOrgSetting, type TVocabulary } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { orgSettingsErrorMessage, useOrgSettings, useUpdateOrgSettings } from './admin-org-settings.queries';
import { OrgTimeZoneCard } from './org-time-zone-card';
import { RecordingRetentionCard } from './recording-retention-card';
import './admin-org-settings.css';

/** The words of the operator's switches, in the organisation's vocabulary. */
function operatorFeatureLabels(v: TVocabulary): Record<TOperatorOrgSetting, string> {
  return {
    Assignments: 'Assignments',
    Video: 'Video recordings',
    Zoom_Integration: 'Zoom import',
    Debug_Recording_Options: 'Debug recording options',
    Email_Notifications_For_Speakers: `Email notifications for ${v.word('speakers')}`,
    Email_Notifications_For_Managers: `Email notifications for ${v.word('coaches')}`,
    Hide_Privacy_Levels_In_Admin: 'Privacy levels hidden in the admin area',
    Download_Report_Button: 'Download Report button',
    Custom_Wordspotting_For_Groups: `Custom word lists for ${v.word('groups')}`,
    Custom_Wordspotting_For_Orgs: 'Custom word list for the organization',
    Custom_Wordspotting_For_Users: `Custom word lists for ${v.word('speakers')}`,
  };
}

export const SHARE_LINKS_LABEL = 'Allow public share links';
export const SHARE_LINKS_DESCRIPTION =
  "Owners can create read-only links to one recording's results. Anyone with the link can see them until it expires or is revoked. Turning this off revokes every existing link for good: turning it on again does not bring them back.";

/**
 * /customer-admin/settings: the switches an org admin changes (GET and PATCH admin/org-settings),
 * saved with one button, and, read-only, the features the Rostrum operator turned on.
 */
export function AdminOrgSettingsPage() {
  const settings = useOrgSettings();
  if (settings.isPending) return <LoadingState />;
  if (!settings.data) {
    return <Banner inline kind="error" title="The organization settings could not be loaded" text="Please reload the page." />;
  }
  return <OrgSettingsForm saved={settings.data} />;
}

function OrgSettingsForm({ saved }: { saved: TAdminOrgSettings }) {
  const { vocab } = useViewer();
  // The admin's switches, starting as saved: the values the PATCH body (ZUpdateAdminOrgSettingsBodySchema) is built from.
  const form = useForm<TAdminOrgSettings['settings']>({
    resolver: zodResolver(ZOrgAdminSettingValuesSchema),
    defaultValues: saved.settings,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const shown = form.watch('Public_Share_Links');
  const dirty = shown !== saved.settings.Public_Share_Links;

  const save = useUpdateOrgSettings({
    onSuccess: (next) => {
      form.reset(next.settings);
      notifications.success(
        MSG.changesSaved,
        next.settings.Public_Share_Links
          ? 'Owners can now create public share links.'
          : 'Public share links are off: every existing link is revoked for good.',
      );
    },
    onError: (e) => {
      // Server errors and lost connections get the generic message (query-client.ts); the switch keeps its position.
      const message = orgSettingsErrorMessage(e);
      if (message !== null) notifications.error('The organization settings could not be saved', message);
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (dirty) save.mutate(values.Public_Share_Links);
  });

  const labels = operatorFeatureLabels(vocab);
  return (
    <div className="stack stack--lg org-settings">
      <Card
        title="Organization settings"
        titleId="org-settings-title"
        description="Choices that apply to everyone in your organization. Only admins see this page."
      >
        <form className="stack stack--lg" aria-labelledby="org-settings-title" onSubmit={(e) => void onSubmit(e)}>
          <div className="org-settings__switches">
            <Controller
              control={form.control}
              name="Public_Share_Links"
              render={({ field }) => (
                <Switch
                  label={SHARE_LINKS_LABEL}
                  description={SHARE_LINKS_DESCRIPTION}
                  checked={field.value}
                  disabled={save.isPending}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
          <div className="form-actions">
            <Button type="submit" busy={save.isPending} disabled={!dirty}>
              {save.isPending ? 'Saving...' : 'Save changes'}
            </Button>
            {dirty && !save.isPending && (
              <Button variant="ghost" onClick={() => form.reset()}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      </Card>
      <OrgTimeZoneCard saved={saved} />
      <RecordingRetentionCard saved={saved} />
      <Card
        title="Managed by your Rostrum operator"
        titleId="org-features-title"
        description="The features your organization has. The operator of this Rostrum server sets them; ask them to change one."
      >
        {saved.operatorFeatures.length ? (
          <ul className="org-settings__features" aria-labelledby="org-features-title">
            {saved.operatorFeatures.map((f) => (
              <li key={f}>
                <CheckCircle2 size={16} aria-hidden />
                {labels[f]}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None of the optional features is on.</p>
        )}
      </Card>
    </div>
  );
}
