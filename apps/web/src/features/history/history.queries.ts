import { useQueries, useQuery } from '@tanstack/react-query';
import { GROUP_MEMBER_CACHE_SECONDS } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';

/** A speaker's history points (null: the caller's own). */
export function useHistory(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.history(userId),
    queryFn: () => operations.getHistory({ params: { query: { userId: userId ?? undefined } } }),
  });
}

/** The medians of the speaker's groups, beside their progress. */
export function useHistoryGroupMedians(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.historyGroupMedians(userId),
    queryFn: () => operations.getHistoryGroupMedians({ params: { query: { userId: userId ?? undefined } } }),
  });
}

/** The members of each group, in the order given, kept as long as the server caches them. */
export function useMembersOfGroups(groupIds: string[]) {
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: queryKeys.groupMembers(groupId),
      queryFn: () => operations.listGroupMembers(withId(groupId)),
      staleTime: GROUP_MEMBER_CACHE_SECONDS * 1000,
    })),
  });
}
