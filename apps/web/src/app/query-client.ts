import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MSG } from '@rostrum/contract';
import { isApiError } from '../api/http-client';
import { notifications } from './notification-store';

/** Generic failures (server errors, offline, no body) get the spec's message in the banner. */
function reportGeneric(error: unknown) {
  if (!isApiError(error)) return;
  if (error.status >= 500 || error.status === 0 || !error.hasBody) {
    notifications.error(error.message || MSG.networkError);
  }
}

// GET calls are de-duplicated while in flight by the query cache (000 section 7).
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportGeneric }),
  // A write whose meta says ownsErrors shows every failure itself (its form or its own message).
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.ownsErrors) reportGeneric(error);
    },
  }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 1 && isApiError(error) && (error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});
