import { useQueries, useQuery } from '@tanstack/react-query';
import { GROUP_MEMBER_CACHE_SECONDS } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';

/** A speaker's history points (null: the caller's own). */
export function useHistory(userId: string | null) {
  return useQuery({ queryKey: queryKeys.history(userId), queryFn: () => api.getHistory(userId ?? undefined) });
}

/** The medians of the speaker's groups, beside their progress. */
export function useHistoryGroupMedians(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.historyGroupMedians(userId),
    queryFn: () => api.getHistoryGroupMedians(userId ?? undefined),
  });
}

/** The members of each group, in the order given, kept as long as the server caches them. */
export function useMembersOfGroups(groupIds: string[]) {
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: queryKeys.groupMembers(groupId),
      queryFn: () => api.getGroupMembers(groupId),
      staleTime: GROUP_MEMBER_CACHE_SECONDS * 1000,
    })),
  });
}
