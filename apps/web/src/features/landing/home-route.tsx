import { Navigate } from 'react-router';
import { LoadingState } from '../../components/spinner';
import { landingPath } from '../../app/route-paths';
import { useSession } from '../../app/session-store';
import { useMe } from '../../app/viewer';
import { LandingPage } from './landing-page';

/** /: the landing copy for visitors; a signed-in user goes to their landing page (section 2.3). */
export function HomeRoute() {
  const session = useSession();
  const me = useMe();
  if (!session) return <LandingPage />;
  if (me.data) {
    return <Navigate to={landingPath(me.data.landing).path} replace />;
  }
  if (me.isError) return <LandingPage />;
  return <LoadingState />;
}
