import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ROUTES, routeNeedsSubscription, type TRouteDef, type TViewerAbilities } from '@rostrum/contract';
import { viewerAbilities } from '../test/fixtures';
import { RequireAssignments, RequireSubscription } from './route-guard';
import type { RouteHandle } from './root-layout';
import { ViewerContext, type TViewer } from './viewer';
import { routes } from './router';

const page = (def: TRouteDef): RouteObject => ({ path: def.path, element: <p>{def.announcer} page</p>, handle: { route: def } });

function renderAt(path: string, facts: TViewerAbilities) {
  const viewer = { facts } as TViewer;
  const router = createMemoryRouter(
    [
      {
        element: (
          <ViewerContext.Provider value={viewer}>
            <RequireSubscription />
          </ViewerContext.Provider>
        ),
        children: [ROUTES.history, ROUTES.manage, ROUTES.evaluate, ROUTES.profile, ROUTES.help, ROUTES.record, ROUTES.subscription].map(
          page,
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const lapsed = viewerAbilities({ hasActiveGroups: false, canRecord: false });

describe('RequireSubscription (002 section 2.1)', () => {
  it('sends a user without an active subscription from a page that needs one to Subscription, replacing the entry', async () => {
    for (const path of ['/history', '/manage', '/evaluate']) {
      const router = renderAt(path, lapsed);
      expect(await screen.findByText('Subscription page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/subscription');
      expect(router.state.historyAction).toBe('REPLACE');
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('lets them open Profile, Help and Record', async () => {
    for (const def of [ROUTES.profile, ROUTES.help, ROUTES.record]) {
      const router = renderAt(def.path, lapsed);
      expect(await screen.findByText(`${def.announcer} page`)).toBeTruthy();
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('lets members, org admins and org managers through', async () => {
    for (const facts of [
      viewerAbilities({ canRecord: true }),
      viewerAbilities({ hasActiveGroups: false, canAdministerOrg: true, canCreateGroups: true }),
      viewerAbilities({ hasActiveGroups: false, canCreateGroups: true }),
    ]) {
      const router = renderAt('/history', facts);
      expect(await screen.findByText('History page')).toBeTruthy();
      router.dispose();
      document.body.innerHTML = '';
    }
  });
});

/** The route table's defs under `r`, with whether the subscription guard is on their path. */
function defsOf(r: RouteObject, guarded: boolean): { def: TRouteDef; guarded: boolean }[] {
  const here = guarded || (r.element as { type?: unknown } | undefined)?.type === RequireSubscription;
  const def = (r.handle as RouteHandle | undefined)?.route;
  return [...(def ? [{ def, guarded: here }] : []), ...(r.children ?? []).flatMap((c) => defsOf(c, here))];
}

describe('the router', () => {
  it('puts every route that needs a subscription behind the guard', () => {
    const mounted = routes.flatMap((r) => defsOf(r, false));
    const unguarded = mounted.filter((m) => routeNeedsSubscription(m.def) && !m.guarded).map((m) => m.def.path);
    expect(unguarded).toEqual([]);
    expect(mounted.filter((m) => m.guarded).map((m) => m.def.path)).toContain('/history');
  });
});

describe('RequireAssignments (the dashboards, 002 section 2.1)', () => {
  function renderDashboard(path: string, assignmentsOn: boolean) {
    const viewer = { assignmentsOn, me: { landing: { route: 'evaluate' } } } as TViewer;
    const router = createMemoryRouter(
      [
        {
          element: (
            <ViewerContext.Provider value={viewer}>
              <RequireAssignments />
            </ViewerContext.Provider>
          ),
          children: [ROUTES.speakerDashboard, ROUTES.coachDashboard].map(page),
        },
        page(ROUTES.evaluate),
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('sends users of an organisation without Assignments to their landing page, replacing the entry', async () => {
    for (const path of ['/speaker-dashboard', '/coach-dashboard']) {
      const router = renderDashboard(path, false);
      expect(await screen.findByText(`${ROUTES.evaluate.announcer} page`)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/evaluate');
      expect(router.state.historyAction).toBe('REPLACE');
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('opens the dashboard with Assignments on', async () => {
    const router = renderDashboard('/speaker-dashboard', true);
    expect(await screen.findByText('Speaker Dashboard page')).toBeTruthy();
    router.dispose();
    document.body.innerHTML = '';
  });

  it('guards both dashboards in the router', () => {
    const under = (r: RouteObject, inside: boolean): string[] => {
      const here = inside || (r.element as { type?: unknown } | undefined)?.type === RequireAssignments;
      const def = (r.handle as RouteHandle | undefined)?.route;
      return [...(def && here ? [def.path] : []), ...(r.children ?? []).flatMap((c) => under(c, here))];
    };
    expect(routes.flatMap((r) => under(r, false)).sort()).toEqual(['/coach-dashboard', '/speaker-dashboard']);
  });
});
