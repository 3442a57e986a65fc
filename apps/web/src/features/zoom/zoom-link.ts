import { operations } from '../../api/operations.gen';

// Linking goes through Zoom's authorisation page and back to /zoom-loading, whose address is
// fixed (it is registered with Zoom): the assignment the import was started for waits here.

const RETURN_KEY = 'rostrum.zoomAssignmentId';

/** Sends the browser to Zoom's authorisation page; /zoom-loading comes back to the import. */
export async function goLinkZoom(assignmentId: string | null): Promise<void> {
  const { authorizeUrl } = await operations.startZoomAuthorization();
  try {
    if (assignmentId) sessionStorage.setItem(RETURN_KEY, assignmentId);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage off: the import opens without its assignment.
  }
  window.location.assign(authorizeUrl);
}

/** The assignment the import was started for (kept across the trip to Zoom), taken once. */
export function takeZoomAssignment(): string | null {
  try {
    const assignmentId = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return assignmentId;
  } catch {
    return null;
  }
}

export function zoomRecordingsPath(assignmentId: string | null | undefined): string {
  return assignmentId ? `/zoom-recordings?${new URLSearchParams({ assignmentId }).toString()}` : '/zoom-recordings';
}
