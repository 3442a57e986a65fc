import type { QueryClient } from '@tanstack/react-query';
import type { TMeResponse, TSignInResponse } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { savePreferences } from '../../app/preferences';
import { landingPath } from '../../app/route-paths';
import { sessionStore } from '../../app/session-store';

/**
 * Stores the new session, loads GET me and returns the landing path of section 2.3; a user sent
 * to subscription without active groups is set to speaker mode first.
 */
export async function completeSignIn(queryClient: QueryClient, signIn: TSignInResponse): Promise<string> {
  queryClient.clear();
  sessionStore.signIn(signIn);
  const me = await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: () => operations.getMe() });
  return landingForMe(queryClient, me);
}

/**
 * Where sign-in (password or key) goes (000 section 2.3): `next` when given (it wins over a code),
 * else confirm-code with the code when one came, else the landing page.
 */
export function afterSignInPath(next: string | null, code: string | null, landing: string): string {
  if (next) return next;
  if (code) return `/confirm-code?code=${encodeURIComponent(code)}`;
  return landing;
}

export async function landingForMe(queryClient: QueryClient, me: TMeResponse): Promise<string> {
  const { path, forceMode } = landingPath(me.landing);
  if (forceMode && me.user.preferences.currentMode !== forceMode) {
    try {
      await savePreferences({ currentMode: forceMode });
      queryClient.setQueryData<TMeResponse>(queryKeys.me, {
        ...me,
        user: { ...me.user, preferences: { ...me.user.preferences, currentMode: forceMode } },
      });
    } catch {
      // The mode is re-resolved from roles on every load; a failed save is not worth stopping for.
    }
  }
  return path;
}
