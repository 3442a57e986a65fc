import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff } from 'lucide-react';
import {
  MSG,
  ZEmailPreferencesSchema,
  type TEmailPreferenceKey,
  type TEmailPreferences,
  type TEmailSettings,
  withArticle,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { useEmailSettings, useSaveEmailSettings } from './account.queries';

interface SwitchDef {
  key: TEmailPreferenceKey;
  label: string;
  description: string;
}

/**
 * The words of each switch. Which of them show, in which section, is the server's answer (GET
 * email-preferences `sections`): the org settings, whether the user coaches a group, Assignments.
 */
function switchDefs(v: TViewer['vocab']): SwitchDef[] {
  return [
    {
      key: 'feedbackReceivedFrequency',
      label: 'Feedback received',
      description: `When ${withArticle(v.word('coach'))} or peer comments on or scores one of your recordings.`,
    },
    {
      key: 'recordingProcessedFrequency',
      label: 'Recording analyzed',
      description: 'When a recording has finished processing and its results are ready.',
    },
    {
      key: 'recordingSharedFrequency',
      label: `Recording shared with your ${v.word('group')}`,
      description: `When someone in your ${v.word('group')} shares a recording for peer review.`,
    },
    {
      key: 'assignmentReceivedFrequency',
      label: 'New assignment',
      // The due-date reminder follows this switch too (docs/decisions/assignments.md, "Due dates").
      description: `When ${withArticle(v.word('coach'))} gives you a new assignment, and a day before one you have not completed is due.`,
    },
    {
      key: 'recordingSubmittedFrequency',
      label: 'Recording submitted for review',
      description: `When ${withArticle(v.word('speaker'))} submits a recording for your review.`,
    },
    {
      key: 'assignmentCompletedFrequency',
      label: 'Assignment completed',
      description: `When ${withArticle(v.word('speaker'))} completes an assignment you gave.`,
    },
  ];
}

/**
 * The six on/off email settings (000 section 2.10), loaded with GET and saved with PUT
 * email-preferences, and the access reminder switch (its own PUT) when the server offers it.
 */
export function EmailPreferencesForm({ viewer }: { viewer: TViewer }) {
  const settings = useEmailSettings();
  if (!settings.data) return <LoadingState />;
  return <PreferencesForm viewer={viewer} settings={settings.data} />;
}

function PreferencesForm({ viewer, settings }: { viewer: TViewer; settings: TEmailSettings }) {
  const form = useForm<TEmailPreferences>({
    resolver: zodResolver(ZEmailPreferencesSchema),
    defaultValues: settings.preferences,
  });
  const prefs = form.watch();
  const { vocab } = viewer;
  const defs = switchDefs(vocab);
  const inSection = (keys: TEmailPreferenceKey[]) => defs.filter((d) => keys.includes(d.key));
  const speakers = inSection(settings.sections.speakers);
  const coaches = inSection(settings.sections.coaches);
  const showSpeakers = speakers.length > 0;
  const showCoaches = coaches.length > 0;
  const showReminders = settings.accessReminders.offered;
  const [reminders, setReminders] = useState(settings.accessReminders.enabled);
  const prefsDirty = JSON.stringify(prefs) !== JSON.stringify(settings.preferences);
  const remindersDirty = reminders !== settings.accessReminders.enabled;

  // One Save for both: each call only when its switches changed. The banner shows generic
  // failures; the switches keep their state for another try.
  const save = useSaveEmailSettings(settings, {
    onSuccess: ({ preferences, enabled }) => {
      form.reset(preferences);
      setReminders(enabled);
      notifications.success(MSG.changesSaved);
    },
  });

  const renderSwitches = (defs: SwitchDef[]) =>
    defs.map((d) => (
      <Switch
        key={d.key}
        label={d.label}
        description={d.description}
        checked={prefs[d.key] === '1'}
        onCheckedChange={(on) => form.setValue(d.key, on ? '1' : '0')}
      />
    ));

  return (
    <div className="stack stack--lg">
      {!showSpeakers && !showCoaches && !showReminders && (
        <Card>
          <EmptyState icon={<BellOff size={24} aria-hidden />} title="No email notifications to set">
            <p>Your organization has not turned on the email notifications that apply to you.</p>
          </EmptyState>
        </Card>
      )}
      {showSpeakers && (
        <Card
          title={`For ${vocab.word('speakers')}`}
          description={`Emails about your own recordings${settings.sections.speakers.includes('assignmentReceivedFrequency') ? ' and assignments' : ''}.`}
          titleId="email-speakers"
        >
          {renderSwitches(speakers)}
        </Card>
      )}
      {showCoaches && (
        <Card
          title={`For ${vocab.word('coaches')}`}
          description={`Emails about work your ${vocab.word('speakers')} hand in.`}
          titleId="email-coaches"
        >
          {renderSwitches(coaches)}
        </Card>
      )}
      {showReminders && (
        <Card title="Your access" description={`Emails about your access to your ${vocab.word('groups')}.`} titleId="email-access">
          <Switch
            label="Remind me 7 days before my access ends"
            description="An email with a link to renew, unless your plan renews by itself."
            checked={reminders}
            onCheckedChange={setReminders}
          />
        </Card>
      )}
      <div className="row row--between">
        {viewer.speaker && !viewer.manager ? (
          <p className="subtle">
            Looking for your access dates? See <Link to="/subscription">Subscription</Link>.
          </p>
        ) : (
          <span />
        )}
        {(showSpeakers || showCoaches || showReminders) && (
          <Button
            onClick={form.handleSubmit((v) =>
              save.mutate({ preferences: prefsDirty ? v : undefined, accessReminders: remindersDirty ? reminders : undefined }),
            )}
            busy={save.isPending}
            disabled={!prefsDirty && !remindersDirty}
          >
            Save changes
          </Button>
        )}
      </div>
    </div>
  );
}
