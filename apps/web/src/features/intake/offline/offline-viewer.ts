import type { QueryClient } from '@tanstack/react-query';
import type { TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../../api/rostrum-api';
import { sessionStore } from '../../../app/session-store';

// The installable recorder opens /record without a connection (issue 41): the route guard needs
// GET me, so the last answer of the signed-in session is kept in local storage and, only when the
// app starts offline, stands in for it. No other API answer is kept. It is dropped at sign-out,
// and an answer kept for another session (another user, a new sign-in) is never used.

export const OFFLINE_ME_KEY = 'rostrum.offlineMe';

interface TKeptMe {
  /** A hash of the session's token: which session the answer belongs to. */
  session: string;
  me: TMeResponse;
}

/** FNV-1a: tells sessions apart without keeping the token a second time. */
export function sessionFingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function read(): TKeptMe | null {
  try {
    const raw = window.localStorage.getItem(OFFLINE_ME_KEY);
    return raw ? (JSON.parse(raw) as TKeptMe) : null;
  } catch {
    return null;
  }
}

function write(value: TKeptMe | null): void {
  try {
    if (value) window.localStorage.setItem(OFFLINE_ME_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(OFFLINE_ME_KEY);
  } catch {
    // Storage full or refused: the app then needs the connection to start, as before.
  }
}

/**
 * Before the first render: offline, the kept GET me of this session fills the cache; from then
 * on each GET me answer is kept, and sign-out drops it.
 */
export function keepViewerForOffline(queryClient: QueryClient, online = navigator.onLine): void {
  const token = sessionStore.token();
  const kept = read();
  if (!online && token && kept?.session === sessionFingerprint(token)) {
    queryClient.setQueryData(queryKeys.me, kept.me);
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== queryKeys.me[0]) return;
    const t = sessionStore.token();
    const me = event.query.state.data as TMeResponse | undefined;
    if (t && me) write({ session: sessionFingerprint(t), me });
  });
  sessionStore.subscribe(() => {
    if (!sessionStore.get()) write(null);
  });
}
