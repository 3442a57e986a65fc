import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { meQuery, recordingQuery } from '../api/rostrum-api';
import { WEB_ROUTES } from './route-paths';
import { sessionStore } from './session-store';

/**
 * At start, before the first render: asks for GET me and, on a results page, for its recording,
 * beside the page's code chunk. Otherwise each would wait for the one before (the guard renders
 * after GET me, the page asks for its recording when it mounts), and on a results page those
 * round trips were most of the wait. The pages' own queries find the answers in the cache.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string): void {
  if (!sessionStore.get()) return;
  void queryClient.prefetchQuery(meQuery);
  const recordingId = matchPath(WEB_ROUTES.evaluateRecording.path, pathname)?.params.recordingId;
  if (recordingId) void queryClient.prefetchQuery(recordingQuery(queryClient, recordingId));
}
