import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff } from 'lucide-react';
import {
  MSG,
  ZEmailPreferencesSchema,
  type TEmailPreferenceKey,
  type TEmailPreferences,
  type TMeResponse,
  withArticle,
} from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Switch } from '../../components/switch';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';

interface SwitchDef {
  key: TEmailPreferenceKey;
  label: string;
  description: string;
}

/**
 * Which switch belongs to which audience (docs/decisions.md): speakers hear about their own
 * recordings and assignments; coaches hear about work handed in to them.
 */
function audiences(v: TViewer['vocab']): { speakers: SwitchDef[]; coaches: SwitchDef[] } {
  return {
    speakers: [
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
        description: `When ${withArticle(v.word('coach'))} gives you a new assignment.`,
      },
    ],
    coaches: [
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
    ],
  };
}

/** The six on/off email settings (000 section 2.10), saved with PUT email-preferences. */
export function EmailPreferencesForm({ viewer }: { viewer: TViewer }) {
  const queryClient = useQueryClient();
  const form = useForm<TEmailPreferences>({
    resolver: zodResolver(ZEmailPreferencesSchema),
    defaultValues: viewer.user.emailPreferences,
  });
  const prefs = form.watch();
  const { vocab, org } = viewer;
  const { speakers, coaches } = audiences(vocab);
  const showSpeakers = !!org.settings.Email_Notifications_For_Speakers;
  const showCoaches = !!org.settings.Email_Notifications_For_Managers;
  const dirty = JSON.stringify(prefs) !== JSON.stringify(viewer.user.emailPreferences);

  // The banner shows generic failures; the switches keep their state for another try.
  const save = useMutation({
    mutationFn: api.updateEmailPreferences,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
        me ? { ...me, user: { ...me.user, emailPreferences: saved ?? sent } } : me,
      );
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
      {!showSpeakers && !showCoaches && (
        <Card>
          <EmptyState icon={<BellOff size={24} aria-hidden />} title="No email notifications to set">
            <p>Your organization has not turned on email notifications.</p>
          </EmptyState>
        </Card>
      )}
      {showSpeakers && (
        <Card
          title={`For ${vocab.word('speakers')}`}
          description="Emails about your own recordings and assignments."
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
      <div className="row row--between">
        {viewer.speaker && !viewer.manager ? (
          <p className="subtle">
            Looking for your access dates? See <Link to="/subscription">Subscription</Link>.
          </p>
        ) : (
          <span />
        )}
        {(showSpeakers || showCoaches) && (
          <Button onClick={form.handleSubmit((v) => save.mutate(v))} busy={save.isPending} disabled={!dirty}>
            Save changes
          </Button>
        )}
      </div>
    </div>
  );
}
