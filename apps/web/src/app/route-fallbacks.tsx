import { useEffect, useState } from 'react';
import { useNavigation, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { MSG } from '@rostrum/contract';
import { Button } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadingState, Spinner } from '../components/spinner';

/** Loads that finish within this time show no spinner, so a fast page load does not flash one. */
export const SPINNER_DELAY_MS = 400;

function useDelayed(active: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return setShown(false);
    const t = window.setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [active]);
  return active && shown;
}

/** First load of a lazily loaded page: nothing for a moment, then the usual 'Loading...'. */
export function DelayedLoading() {
  return useDelayed(true) ? <LoadingState /> : null;
}

/**
 * While the router fetches the next page's code, the current page stays; after a moment a small
 * status spinner shows in a fixed corner (it takes no space, so nothing on the page moves).
 */
export function RoutePending() {
  const navigation = useNavigation();
  if (!useDelayed(navigation.state === 'loading')) return null;
  return (
    <div className="route-pending">
      <Spinner label="Loading" />
    </div>
  );
}

/** A failed dynamic import is the browser failing to fetch the page's code (offline, or a new release). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script|importing a module/i.test(error.message);
}

/** A page that could not be loaded or rendered: the spec's connection or server message, and a reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="page page--narrow">
      <EmptyState icon={<AlertTriangle aria-hidden />} title={isChunkLoadError(error) ? MSG.offline : MSG.serverError}>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </EmptyState>
    </div>
  );
}
