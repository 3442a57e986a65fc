import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { MSG, type TMeResponse } from '@rostrum/contract';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shared.css';
import './styles/shell.css';
import './styles/pages.css';
import { configureHttp } from './api/http-client';
import { queryKeys } from './api/rostrum-api';
import { notifications } from './app/notification-store';
import { paymentRequiredTarget } from './app/payment-required';
import { queryClient } from './app/query-client';
import { signInWithNext } from './app/route-guard';
import { router } from './app/router';
import { sessionStore } from './app/session-store';
import { startErrorReporting } from './app/error-reporting';
import { prefetchFirstPage } from './app/first-page-data';
import { readDesignTokens } from './components/design-tokens';
import { keepViewerForOffline } from './features/intake/offline/offline-viewer';
import { startWaitingTakeUploads } from './features/intake/offline/waiting-takes';
void startErrorReporting();

// At start, sign in from local storage unless the URL carries a key to sign in with.
sessionStore.init(new URLSearchParams(window.location.search).has('key'));
if (!sessionStore.storageAvailable()) {
  notifications.show({ kind: 'error', title: MSG.cookiesTitle, text: MSG.cookiesText, sticky: true });
}

const PUBLIC_AUTH_PATHS = ['/sign-in', '/sign-up', '/sign-out', '/password/forgot', '/password/reset'];

configureHttp({
  token: sessionStore.token,
  beforeWrite: () => notifications.clear(),
  // 401 while signed in: sign out and go to sign-in with next set to the current path.
  onUnauthorized: () => {
    if (!sessionStore.get()) return;
    sessionStore.signOut();
    queryClient.clear();
    const { pathname, search } = router.state.location;
    const target = PUBLIC_AUTH_PATHS.includes(pathname) ? '/sign-in' : signInWithNext(pathname + search);
    void router.navigate(target, { replace: true });
  },
  // 402 for a user who is not an org manager: go to subscription.
  onPaymentRequired: () => {
    const target = paymentRequiredTarget(queryClient.getQueryData<TMeResponse>(queryKeys.me), router.state.location.pathname);
    if (!target) return;
    // The access has changed since GET me: Subscription shows it as it is now.
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void router.navigate(target, { replace: true });
  },
});

// The installable recorder (issue 41): opened offline, the last GET me stands in; takes saved
// offline upload themselves (the record page registers the service worker that caches the shell).
keepViewerForOffline(queryClient);
startWaitingTakeUploads(queryClient);
prefetchFirstPage(queryClient, window.location.pathname);
// While the page is one empty element: reading them later would style a long results page again.
readDesignTokens();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
