import {
  OWN_RECORDINGS,
  ROUTES,
  dashboardPath,
  type TLandingRoute,
  type TMeResponse,
  type TMode,
  type TNavItem,
  type TViewerAbilities,
} from '@rostrum/contract';

/** The routes this app mounts: the contract's route table. */
export const WEB_ROUTES = ROUTES;

/** Where each landing route lives. */
export const LANDING_PATHS: Record<TLandingRoute, string> = {
  'coach-dashboard': WEB_ROUTES.coachDashboard.path,
  'speaker-dashboard': WEB_ROUTES.speakerDashboard.path,
  'customer-admin-groups': WEB_ROUTES.customerAdminGroups.path,
  manage: WEB_ROUTES.manage.path,
  evaluate: WEB_ROUTES.evaluate.path,
  subscription: WEB_ROUTES.subscription.path,
};

/** Navigation item -> route; the Dashboard item's depends on the mode (navPath). */
export const NAV_PATHS: Record<Exclude<TNavItem, 'dashboard'>, string> = {
  record: WEB_ROUTES.record.path,
  results: WEB_ROUTES.evaluate.path,
  history: WEB_ROUTES.history.path,
  manage: WEB_ROUTES.manage.path,
  admin: WEB_ROUTES.customerAdminGroups.path,
  help: WEB_ROUTES.help.path,
};

/** Where a navigation item leads: Dashboard to the dashboard of the current mode (000 section 2.2). */
export function navPath(item: TNavItem, mode: TMode): string {
  return item === 'dashboard' ? dashboardPath(mode) : NAV_PATHS[item];
}

export const NAV_LABELS: Record<TNavItem, string> = {
  dashboard: 'Dashboard',
  record: 'Record',
  results: OWN_RECORDINGS,
  history: 'History',
  manage: 'Manage',
  admin: 'Admin',
  help: 'Help',
};

/** The landing page as a path: the server decides it (GET me `landing`, the contract's landingRoute). */
export function landingPath(landing: TMeResponse['landing']): { path: string; forceMode?: TMode } {
  return { path: LANDING_PATHS[landing.route], forceMode: landing.forceMode };
}

/**
 * Where the mode switcher leads (000 section 4): the matching dashboard with Assignments on;
 * otherwise the speaker's results or the coach's landing page.
 */
export function modeHomePath(mode: TMode, facts: TViewerAbilities, assignmentsOn: boolean): string {
  if (assignmentsOn) return dashboardPath(mode);
  if (mode === 'speaker') return WEB_ROUTES.evaluate.path;
  return facts.canAdministerOrg ? WEB_ROUTES.customerAdminGroups.path : WEB_ROUTES.manage.path;
}
