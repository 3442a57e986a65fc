import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../../api/rostrum-api';
import { sharedTakeStore } from '../take-store';
import { takeSender } from './take-sender';
import { UploadQueue, type TWaitingItem } from './upload-queue';

/** The page's one queue of takes saved while offline. */
export const waitingTakes = new UploadQueue(sharedTakeStore, takeSender);

/**
 * At start: the signed-in user's waiting takes upload once GET me has answered (on any page),
 * and again whenever the connection returns.
 */
export function startWaitingTakeUploads(queryClient: QueryClient): void {
  const userId = () => queryClient.getQueryData<TMeResponse>(queryKeys.me)?.user.userId;
  const run = () => {
    const id = userId();
    // Offline, the run only lists them from the device.
    if (id) void waitingTakes.run(id);
  };
  let last: string | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isMeKey(event.query.queryKey)) return;
    const id = userId();
    if (id === last) return;
    last = id;
    run();
  });
  window.addEventListener('online', run);
}

const isMeKey = (key: readonly unknown[]) => key.length === queryKeys.me.length && key[0] === queryKeys.me[0];

/** The waiting takes as they are now (re-rendered as each one uploads). */
export function useWaitingTakes(): TWaitingItem[] {
  return useSyncExternalStore(waitingTakes.subscribe, waitingTakes.snapshot);
}
