import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/rostrum-api';
import { operations } from '../api/operations.gen';

/** How often the count is fetched while the page is open (and whenever the window gets focus). */
const NOTICE_POLL_MS = 60_000;

/** The newest notices and the unread count, polled. */
export function useNotices() {
  return useQuery({
    queryKey: queryKeys.notices,
    queryFn: () => operations.getNotices(),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The notices load again (the panel opened). */
export function useReloadNotices(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.notices }), [queryClient]);
}

/** Marks notices read; the answer replaces the cached list. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeIds: string[]) => operations.readNotices({ body: { noticeIds } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notices, data),
  });
}
