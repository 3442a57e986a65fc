import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { pageTitle, type TRouteDef } from '@rostrum/contract';
import { AppFooter } from './app-footer';
import { BasicBar } from './basic-bar';
import { NavBar } from './nav-bar';
import { NotificationRegion } from './notification-region';
import { prefetchPages } from './lazy-pages';
import { RoutePending } from './route-fallbacks';
import { RouteAnnouncer } from './route-announcer';
import { useSession } from './session-store';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useViewerOrNull } from './viewer';

export interface RouteHandle {
  route: TRouteDef;
}

/** The deepest matched route's entry of the route table (its handle). */
export function useCurrentRoute(): TRouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/** The app frame: skip link, navigation bar, notification banner, content, footer; sets the page title. */
export function RootLayout() {
  const route = useCurrentRoute();
  const session = useSession();
  const viewer = useViewerOrNull();

  useEffect(() => {
    document.title = pageTitle(route?.announcer);
  }, [route]);
  // Once signed in, the other pages' code is fetched in idle time (visitors load only what they see).
  useEffect(() => {
    if (session) prefetchPages();
  }, [session]);

  const fullNav = viewer && !viewer.freeTrial;
  const basicSignIn = (!session || !!viewer?.freeTrial) && !route?.hideSignIn;
  return (
    <div className="app">
      <SkipLink />
      {fullNav ? <NavBar viewer={viewer} /> : <BasicBar showSignIn={basicSignIn} onSignOut={!!viewer?.freeTrial} />}
      <NotificationRegion />
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      <RoutePending />
      <RouteAnnouncer name={route?.announcer} />
    </div>
  );
}
