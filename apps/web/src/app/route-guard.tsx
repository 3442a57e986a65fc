import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/button';
import { LoadingState } from '../components/spinner';
import { EmptyState } from '../components/empty-state';
import { AlertTriangle } from 'lucide-react';
import { useSession } from './session-store';
import { ViewerContext, buildViewer, useMe, useViewer } from './viewer';
import { WEB_ROUTES, landingPath } from './route-paths';
import { needsSubscription, reviewQueueOffered, routeNeedsSubscription } from '@rostrum/contract';
import { useCurrentRoute } from './root-layout';

/** Where an unauthenticated user is sent: sign-in with next holding the wanted path. */
export function signInWithNext(pathWithSearch: string): string {
  return `${WEB_ROUTES.signIn.path}?next=${encodeURIComponent(pathWithSearch)}`;
}

/** Routes that need sign-in (002 section 2.1): waits for GET me and provides the viewer. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const me = useMe();
  if (!session) return <Navigate to={signInWithNext(location.pathname + location.search)} replace />;
  if (me.data) {
    return (
      <ViewerContext.Provider value={buildViewer(me.data)}>
        <Outlet />
      </ViewerContext.Provider>
    );
  }
  if (me.isError) {
    return (
      <div className="page page--narrow">
        <EmptyState icon={<AlertTriangle aria-hidden />} title="We could not load your account">
          <p>{me.error.message}</p>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </EmptyState>
      </div>
    );
  }
  return <LoadingState />;
}

/** The admin area: only org admins; others are redirected to subscription (000 section 2.11). */
export function RequireOrgAdmin() {
  const viewer = useViewer();
  if (!viewer.canAdministerOrg) return <Navigate to={WEB_ROUTES.subscription.path} replace />;
  return <Outlet />;
}

/**
 * Pages that need an active subscription (002 section 2.1; the route table's flag, on unless a
 * route sets noSubscription): a user without one (needsSubscription) is sent to Subscription.
 * Inside RequireAuth, so the viewer is loaded; the server answers such a user's calls with 402.
 */
export function RequireSubscription() {
  const viewer = useViewer();
  const route = useCurrentRoute();
  if (route && routeNeedsSubscription(route) && needsSubscription(viewer.facts)) {
    return <Navigate to={WEB_ROUTES.subscription.path} replace />;
  }
  return <Outlet />;
}

/**
 * The dashboards exist only where the organisation has Assignments on (000 section 2.2, 002
 * section 2.1); anyone else opening one is sent to their landing page (GET me `landing`), which
 * is then never a dashboard.
 */
export function RequireAssignments() {
  const viewer = useViewer();
  if (!viewer.assignmentsOn) return <Navigate to={landingPath(viewer.me.landing).path} replace />;
  return <Outlet />;
}

/**
 * The review queue: users who may coach, in coach mode (reviewQueueOffered); anyone else is sent
 * to their landing page. The server decides what is in it.
 */
export function RequireCoach() {
  const viewer = useViewer();
  if (!reviewQueueOffered(viewer.facts, viewer.mode)) return <Navigate to={landingPath(viewer.me.landing).path} replace />;
  return <Outlet />;
}
