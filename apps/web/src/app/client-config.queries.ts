import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClientConfig } from '@rostrum/contract';
import { api, queryKeys } from '../api/rostrum-api';

/** GET client-config: the server's settings for the web app, read once per page load. */
const clientConfigQuery = () => ({ queryKey: queryKeys.clientConfig, queryFn: api.getClientConfig, staleTime: Number.POSITIVE_INFINITY });

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}

/** The client config outside a render (after a form's save), from the cache once loaded. */
export function useFetchClientConfig(): () => Promise<TClientConfig> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(clientConfigQuery());
}
