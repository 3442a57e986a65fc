import { Navigate, useLocation } from 'react-router';
import { useViewer } from '../../app/viewer';
import { needsSubscription, ROUTES } from '@rostrum/contract';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { Welcome } from '../practice/welcome';
import { RecordPage, recordIntro } from './record-page';
import { useOwnRecordings } from './intake.queries';

/**
 * /home, the intake home page (001 section 2) and where sign-up leads: people without an active
 * group go to subscription (or manage, when they only coach); a speaker who already has
 * recordings goes to the newest one's results unless the address ends in #stay; a speaker with
 * nothing recorded is welcomed and chooses what to record (issue 41); #stay gives the record page.
 */
export function HomeIntakeRoute() {
  const viewer = useViewer();
  const { hash } = useLocation();
  const speaks = viewer.speaker;
  const stay = hash === '#stay';
  const recordings = useOwnRecordings(speaks && !stay);

  if (needsSubscription(viewer.facts)) return <Navigate to={ROUTES.subscription.path} replace />;
  if (!speaks) return <Navigate to={ROUTES.manage.path} replace />;
  if (!stay) {
    if (recordings.isPending) return <Spinner size="lg" label="Loading" />;
    const newest = recordings.data?.[0];
    if (newest) return <Navigate to={`/evaluate/${newest.recordingId}`} replace />;
    return (
      <div className="page page--medium">
        <PageHeader eyebrow="Get started" title="Record. Review. Improve." lead={recordIntro(viewer)} />
        <Welcome viewer={viewer} />
      </div>
    );
  }
  return <RecordPage />;
}
