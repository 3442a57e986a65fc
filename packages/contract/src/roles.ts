// Who counts as what (000 section 4 "Mode", section 6), and where a user lands (section 2.3).
// Pure rules shared by the web app (navigation, switcher) and the server (landing on sign-in).

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

/**
 * The mode the user is in: the stored preference when the user has both roles (default manager),
 * forced to manager when no longer a speaker and to speaker when not a manager.
 */
export function resolveMode(f: TRoleFacts, stored: TMode | undefined | null): TMode {
  const manager = isManager(f);
  const speaker = isSpeaker(f);
  if (manager && !speaker) return 'manager';
  if (!manager) return 'speaker';
  return stored ?? 'manager';
}

/** Both roles: only these users see the mode switcher. */
export function canSwitchMode(f: TRoleFacts): boolean {
  return isManager(f) && isSpeaker(f);
}

export type TLandingRoute = 'coach-dashboard' | 'speaker-dashboard' | 'customer-admin-groups' | 'manage' | 'evaluate' | 'subscription';

/** Section 2.3: where a user lands after signing in, and the mode they land in. */
export function landingRoute(f: TRoleFacts, assignmentsOn: boolean): { route: TLandingRoute; forceMode?: TMode } {
  if (!hasActiveGroups(f) && !f.isOrgAdmin && !f.isOrgManager) {
    return { route: 'subscription', forceMode: 'speaker' };
  }
  const manager = isManager(f);
  const speaker = isSpeaker(f);
  if (assignmentsOn) {
    if (manager) return { route: 'coach-dashboard' };
    if (speaker) return { route: 'speaker-dashboard' };
  }
  if (f.isOrgAdmin) return { route: 'customer-admin-groups' };
  if (manager) return { route: 'manage' };
  if (speaker) return { route: 'evaluate' };
  return { route: 'subscription' };
}

export type TNavItem = 'dashboard' | 'record' | 'results' | 'history' | 'manage' | 'admin' | 'help';

/** Section 2.2: which items the signed-in navigation bar shows, in order. */
export function navigationItems(f: TRoleFacts, mode: TMode, assignmentsOn: boolean): TNavItem[] {
  const manager = isManager(f);
  const speaker = isSpeaker(f);
  const items: TNavItem[] = [];
  if (assignmentsOn && (manager || speaker)) items.push('dashboard');
  if (speaker && mode !== 'manager') items.push('record', 'results');
  if (speaker || manager) items.push('history');
  if (!assignmentsOn) items.push('manage');
  if (f.isOrgAdmin && !(mode === 'speaker' && assignmentsOn)) items.push('admin');
  items.push('help');
  return items;
}

/** The dashboard the Dashboard item and the mode switcher lead to. */
export function dashboardRoute(mode: TMode): 'coach-dashboard' | 'speaker-dashboard' {
  return mode === 'manager' ? 'coach-dashboard' : 'speaker-dashboard';
}
