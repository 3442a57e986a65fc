import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, routePath } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';

// The coach's review queue (GET review-queue and its count). Comments and scores invalidate
// queryKeys.reviewQueue (feedback.queries), so a reviewed recording leaves every view of it.

/** The queue, oldest first, with its count. */
export function useReviewQueue() {
  return useQuery({ queryKey: queryKeys.reviewQueue, queryFn: () => operations.getReviewQueue() });
}

/** How many recordings wait (the dashboard's line, the bell's entry); only asked where the queue is offered. */
export function useReviewQueueCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviewQueueCount,
    queryFn: () => operations.getReviewQueueCount(),
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** The count loads again (the bell's panel opened). */
export function useReloadReviewQueueCount(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueueCount }), [queryClient]);
}

/** The recording to offer as "Next in queue" from this one (null: nothing else waits); asked only when opened from the queue. */
export function useNextInQueue(recordingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviewQueueNext(recordingId),
    queryFn: () => operations.getReviewQueue({ params: { query: { after: recordingId } } }),
    select: (q) => q.next,
    enabled,
  });
}

/** The results page opened from the queue carries ?queue=1, so it offers the next one. */
export const QUEUE_PARAM = 'queue';

/** The results page of a recording in the queue, with the flag that offers "Next in queue". */
export function queuedResultsPath(recordingId: string): string {
  return `${routePath(ROUTES.evaluateRecording.path, { recordingId })}?${QUEUE_PARAM}=1`;
}

/** Whether a results page's address says it was opened from the queue. */
export function openedFromQueue(search: string): boolean {
  return new URLSearchParams(search).get(QUEUE_PARAM) === '1';
}
