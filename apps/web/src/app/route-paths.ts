import {
  ROUTES,
  dashboardRoute,
  type TLandingRoute,
  type TMeResponse,
  type TMode,
  type TNavItem,
  type TViewerAbilities,
} from '@rostrum/contract';

/** The routes this app mounts: the contract's route table. */
export const WEB_ROUTES = ROUTES;

/**
 * Where each landing route lives. Undefined means the page is not built yet; the rules stay
 * whole and only the link is held back.
 */
export const LANDING_PATHS: Record<TLandingRoute, string | undefined> = {
  'coach-dashboard': undefined,
  'speaker-dashboard': undefined,
  'customer-admin-groups': WEB_ROUTES.customerAdminGroups.path,
  manage: WEB_ROUTES.manage.path,
  evaluate: WEB_ROUTES.evaluate.path,
  subscription: WEB_ROUTES.subscription.path,
};

/** Navigation item -> route. Undefined means the page is not built yet, so the item is not linked. */
export const NAV_PATHS: Record<TNavItem, string | undefined> = {
  dashboard: undefined,
  record: WEB_ROUTES.record.path,
  results: WEB_ROUTES.evaluate.path,
  history: WEB_ROUTES.history.path,
  manage: WEB_ROUTES.manage.path,
  admin: WEB_ROUTES.customerAdminGroups.path,
  help: WEB_ROUTES.help.path,
};

export const NAV_LABELS: Record<TNavItem, string> = {
  dashboard: 'Dashboard',
  record: 'Record',
  results: 'Results',
  history: 'History',
  manage: 'Manage',
  admin: 'Admin',
  help: 'Help',
};

/**
 * The landing page as a path: the server decides it (GET me `landing`, the contract's landingPage,
 * with Manage standing in for the dashboards until they exist); the navigation always links it.
 */
export function landingPath(landing: TMeResponse['landing']): { path: string; forceMode?: TMode } {
  return { path: LANDING_PATHS[landing.route] ?? WEB_ROUTES.manage.path, forceMode: landing.forceMode };
}

/**
 * Where the mode switcher leads: the matching dashboard (section 4) once it exists; until then
 * the speaker's results or the coach's landing page.
 */
export function modeHomePath(mode: TMode, facts: TViewerAbilities, assignmentsOn: boolean): string {
  if (assignmentsOn) {
    const dash = LANDING_PATHS[dashboardRoute(mode)];
    if (dash) return dash;
  }
  if (mode === 'speaker') return WEB_ROUTES.evaluate.path;
  return facts.canAdministerOrg ? WEB_ROUTES.customerAdminGroups.path : WEB_ROUTES.manage.path;
}
