import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClientConfig } from '@rostrum/contract';
import { queryKeys } from '../api/rostrum-api';
import { operations } from '../api/operations.gen';

/** GET client-config: the server's settings for the web app, read once per page load. */
const clientConfigQuery = () => ({
  queryKey: queryKeys.clientConfig,
  queryFn: () => operations.getClientConfig(),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}

/** The client config outside a render (after a form's save), from the cache once loaded. */
export function useFetchClientConfig(): () => Promise<TClientConfig> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(clientConfigQuery());
}
