// Who counts as what (000 section 4 "Mode", section 6), and where a user lands (section 2.3).
// Pure rules shared by the server, which decides the viewer's abilities from their roles
// (viewerAbilities, sent with GET me), and the web app, which feeds those abilities to the
// navigation, landing and mode rules and compares no roles itself.

import { ROUTES } from './routes.js';

export type TMode = 'manager' | 'speaker';

export interface TRoleFacts {
  /** Roles of each membership; only active memberships count. */
  memberships: ReadonlyArray<{ roles: ReadonlyArray<string>; membershipStatus: 'active' | 'inactive' }>;
  isOrgAdmin: boolean;
  isOrgManager: boolean;
}

const active = (f: TRoleFacts) => f.memberships.filter((m) => m.membershipStatus === 'active');

/** Manager if any active membership has the manager role, or the user is an org-level manager. */
export function isManager(f: TRoleFacts): boolean {
  return f.isOrgManager || active(f).some((m) => m.roles.includes('manager'));
}

/** Speaker if active in any group as speaker. */
export function isSpeaker(f: TRoleFacts): boolean {
  return active(f).some((m) => m.roles.includes('speaker'));
}

export function hasActiveGroups(f: TRoleFacts): boolean {
  return active(f).length > 0;
}

/** Both roles: only these users see the mode switcher. */
export function canSwitchMode(f: TRoleFacts): boolean {
  return isManager(f) && isSpeaker(f);
}

/** What the signed-in user may do across the app, decided from their roles (GET me carries it). */
export interface TViewerAbilities {
  /** The admin area (000 section 2.11): org admins. */
  canAdministerOrg: boolean;
  /** Creating groups (the pseudo-group's manager role): org managers. */
  canCreateGroups: boolean;
  /** Coach mode and its pages: isManager. */
  canCoach: boolean;
  /** Recording and the speaker pages: isSpeaker. */
  canRecord: boolean;
  /** The mode switcher: canSwitchMode. */
  canSwitchMode: boolean;
  /** Any active membership; without one (and no org-level role) the user lands on the subscription page. */
  hasActiveGroups: boolean;
  /** The Wordspotting page, tab and button: a list is the user's to customise (mayCustomiseWordspotting). */
  canCustomiseWordspotting: boolean;
}

export function viewerAbilities(f: TRoleFacts, customisesWordspotting = false): TViewerAbilities {
  return {
    canCustomiseWordspotting: customisesWordspotting,
    canAdministerOrg: f.isOrgAdmin,
    canCreateGroups: f.isOrgManager,
    canCoach: isManager(f),
    canRecord: isSpeaker(f),
    canSwitchMode: canSwitchMode(f),
    hasActiveGroups: hasActiveGroups(f),
  };
}

/**
 * The mode the user is in: the stored preference when the user has both roles (default manager),
 * forced to manager when no longer a speaker and to speaker when not a manager.
 */
export function resolveMode(v: TViewerAbilities, stored: TMode | undefined | null): TMode {
  if (v.canCoach && !v.canRecord) return 'manager';
  // An org admin who is neither coach nor speaker is not put in speaker mode, which hides Admin.
  if (!v.canCoach) return !v.canRecord && v.canAdministerOrg ? 'manager' : 'speaker';
  return stored ?? 'manager';
}

export const LANDING_ROUTES = [
  'coach-dashboard',
  'speaker-dashboard',
  'customer-admin-groups',
  'manage',
  'evaluate',
  'subscription',
] as const;
export type TLandingRoute = (typeof LANDING_ROUTES)[number];

/**
 * The subscription rule (002 section 2.1, 000 section 2.3): a user has an active subscription when
 * they have an active membership or are an org admin or org-level manager. Without one they land
 * on the subscription page, the route guard sends them there from the pages that need one, and
 * the server answers 402 (subscription.required) on the calls that serve only those pages.
 */
export function needsSubscription(v: Pick<TViewerAbilities, 'hasActiveGroups' | 'canAdministerOrg' | 'canCreateGroups'>): boolean {
  return !v.hasActiveGroups && !v.canAdministerOrg && !v.canCreateGroups;
}

/** Section 2.3: where a user lands after signing in, and the mode they land in. */
export function landingRoute(v: TViewerAbilities, assignmentsOn: boolean): { route: TLandingRoute; forceMode?: TMode } {
  if (needsSubscription(v)) {
    return { route: 'subscription', forceMode: 'speaker' };
  }
  const manager = v.canCoach;
  const speaker = v.canRecord;
  if (assignmentsOn) {
    if (manager) return { route: 'coach-dashboard' };
    if (speaker) return { route: 'speaker-dashboard' };
  }
  if (v.canAdministerOrg) return { route: 'customer-admin-groups' };
  if (manager) return { route: 'manage' };
  if (speaker) return { route: 'evaluate' };
  return { route: 'subscription' };
}

export type TNavItem = 'dashboard' | 'record' | 'results' | 'history' | 'manage' | 'admin' | 'help';

/** Section 2.2: which items the signed-in navigation bar shows, in order. */
export function navigationItems(v: TViewerAbilities, mode: TMode, assignmentsOn: boolean): TNavItem[] {
  const manager = v.canCoach;
  const speaker = v.canRecord;
  const items: TNavItem[] = [];
  if (assignmentsOn && (manager || speaker)) items.push('dashboard');
  if (speaker && mode !== 'manager') items.push('record', 'results');
  if (speaker || manager) items.push('history');
  if (!assignmentsOn) items.push('manage');
  if (v.canAdministerOrg && !(mode === 'speaker' && assignmentsOn)) items.push('admin');
  items.push('help');
  return items;
}

/** Where "go to the dashboard" leads (after the editor, after a details-page action, the details page's heading link). */
export function dashboardPath(mode: TMode): string {
  return ROUTES[mode === 'manager' ? 'coachDashboard' : 'speakerDashboard'].path;
}

/** The navigation item that leads to a landing page (subscription has none: the logo leads there via home). */
export function navItemOfLanding(route: TLandingRoute): TNavItem | null {
  const map: Record<TLandingRoute, TNavItem | null> = {
    'coach-dashboard': 'dashboard',
    'speaker-dashboard': 'dashboard',
    'customer-admin-groups': 'admin',
    manage: 'manage',
    evaluate: 'results',
    subscription: null,
  };
  return map[route];
}
