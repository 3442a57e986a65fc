import { useQueries, useQueryClient } from '@tanstack/react-query';
import { recordingQuery } from '../../api/rostrum-api';

/** The takes side by side, each from GET recordings/{id}. */
export function useCompareRecordings(ids: string[]) {
  const queryClient = useQueryClient();
  return useQueries({
    queries: ids.map((id) => ({
      ...recordingQuery(queryClient, id),
      // Media addresses are signed: refetching on focus would swap them under a playing player.
      refetchOnWindowFocus: false,
    })),
  });
}
