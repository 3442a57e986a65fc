import { OWN_RECORDINGS, ROUTES, dashboardPath, routePath } from '@rostrum/contract';
import { WEB_ROUTES } from './route-paths';
import type { TViewer } from './viewer';

/** What a link into a recording carries so the recording page can send the user back: `<Link state={backState(location)}>`. */
export interface TBackState {
  from: string;
}

export interface TBackTarget {
  to: string;
  label: string;
}

/** The location state for a link into a recording page: where the user is now. */
export function backState(location: { pathname: string; search?: string }): TBackState {
  return { from: location.pathname + (location.search ?? '') };
}

/** An in-app path only: never another origin ("//host", "https:") or a protocol-relative trick. */
function safeFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  return from;
}

function labelFor(path: string): string {
  const p = path.split(/[?#]/)[0] ?? path;
  if (p === WEB_ROUTES.evaluate.path) return OWN_RECORDINGS;
  if (p.startsWith(WEB_ROUTES.manage.path)) return 'Back to Manage';
  if (p.startsWith(WEB_ROUTES.history.path)) return 'Back to History';
  if (p === WEB_ROUTES.reviewQueue.path) return 'Back to Review Queue';
  if (p.startsWith('/customer-admin')) return 'Back to Admin';
  if (p.includes('dashboard')) return 'Back to Dashboard';
  if (p.startsWith('/assignment/details/')) return 'Back to Assignment';
  if (p.startsWith('/assignments/') && p.endsWith('/preview')) return 'Back to Assignment Preview';
  return 'Back';
}

/** Where a coach (or anyone viewing another's recording) goes back to: their dashboard with Assignments on, else Manage. */
function coachHome(viewer: Pick<TViewer, 'mode' | 'assignmentsOn'>): TBackTarget {
  return viewer.assignmentsOn
    ? { to: dashboardPath(viewer.mode), label: 'Back to Dashboard' }
    : { to: WEB_ROUTES.manage.path, label: 'Back to Manage' };
}

/** The assignment a results page was opened for (?assignmentId=): a uuid, else nothing. */
function assignmentParam(search: string | null | undefined): string | null {
  const id = new URLSearchParams(search ?? '').get('assignmentId');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/**
 * Where the results page's back link ("All results") goes (issue 12 item 5): where the user came from
 * when the link into the page said so; else, for /evaluate/{id}?assignmentId= (001 section 2), the
 * assignment: its details page for a speaker, its preview for a coach; else the speaker's own
 * results list for their own recording; else (a coach or peer on someone else's recording) the
 * dashboard or Manage, never an empty results list that leads to a record page they cannot use.
 */
export function resultsBackTarget(
  viewer: Pick<TViewer, 'facts' | 'mode' | 'assignmentsOn'>,
  locationState: unknown,
  recording?: { isOwner: boolean },
  search?: string,
): TBackTarget {
  const from = safeFrom(locationState);
  if (from) return { to: from, label: labelFor(from) };
  const assignmentId = viewer.assignmentsOn ? assignmentParam(search) : null;
  if (assignmentId && viewer.mode === 'manager' && viewer.facts.canCoach)
    return { to: routePath(ROUTES.assignmentPreview.path, { assignmentId }), label: 'Back to Assignment Preview' };
  if (assignmentId) return { to: routePath(ROUTES.assignmentDetails.path, { assignmentId }), label: 'Back to Assignment' };
  const own = recording?.isOwner ?? true;
  if (own && viewer.facts.canRecord) return { to: WEB_ROUTES.evaluate.path, label: OWN_RECORDINGS };
  return coachHome(viewer);
}
