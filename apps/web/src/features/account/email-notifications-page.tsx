import { PageHeader } from '../../components/page-header';
import { useViewer } from '../../app/viewer';
import { EmailPreferencesForm } from './email-preferences-form';

/** /email-notifications (000 section 2.10). */
export function EmailNotificationsPage() {
  const viewer = useViewer();
  return (
    <div className="page page--medium">
      <PageHeader
        eyebrow="Account"
        title="Email Notifications"
        lead="Choose which emails Rostrum sends you. Each one arrives as soon as it happens."
      />
      <EmailPreferencesForm viewer={viewer} />
    </div>
  );
}
