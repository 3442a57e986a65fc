import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type TRecording, type TRecordingSummary } from '@rostrum/contract';
import { lanesQuery, queryKeys, recordingQuery, listOwnRecordings, storeChangedRecording } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError, withId } from '../../api/http-client';
import { recordingPollMs } from './recording-status';

/** The results page's recording, polled while it processes (recordingPollMs). */
export function useRecording(recordingId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...recordingQuery(queryClient, recordingId),
    refetchInterval: (q) => recordingPollMs(q.state.data, q.state.dataUpdateCount),
    // Media addresses are signed: refetching on focus would swap them under a playing player.
    refetchOnWindowFocus: false,
  });
}

/** Whether a failed retrieval is the recording's (gone or not allowed), not the session's, the network's or the server's. */
export function recordingIsUnavailable(e: unknown): boolean {
  return !(isApiError(e) && (e.status === 401 || e.status === 0 || e.status >= 500));
}

/** The list's state icons follow the recording once it settles: the list reloads when its state changes. */
export function useRecordingsFollowState(r: TRecording | undefined) {
  const queryClient = useQueryClient();
  const lastState = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (r && lastState.current && lastState.current !== r.state)
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
    lastState.current = r?.state;
  }, [r, queryClient]);
}

/** The speaker's recordings (the results list and the recording picker). */
export function useRecordings() {
  return useQuery({ queryKey: queryKeys.recordings, queryFn: () => listOwnRecordings() });
}

/** Deletes a recording: it leaves the list and its cached copy goes before `on.onSuccess`. */
export function useDeleteRecording(recordingId: string, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.deleteRecording(withId(recordingId)),
    onSuccess: () => {
      queryClient.setQueryData<TRecordingSummary[]>(queryKeys.recordings, (list) => list?.filter((x) => x.recordingId !== recordingId));
      queryClient.removeQueries({ queryKey: queryKeys.recording(recordingId) });
      on.onSuccess();
    },
    onError: on.onError,
  });
}

/** Claims a speaker of the recording (or none); the saved recording replaces the cached one. */
export function useSetSpeaker(recordingId: string, on: { onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: number | null) => operations.setRecordingSpeaker({ ...withId(recordingId), body: { speakerNum: n } }),
    onSuccess: (rec) => storeChangedRecording(queryClient, rec),
    onError: on.onError,
  });
}

/** Re-analyses with the current word list (002 section 2.9); `on.onStart` runs as it is sent. */
export function useReanalyzeRecording(recordingId: string, on: { onStart: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.reanalyzeRecording(withId(recordingId)),
    onMutate: on.onStart,
    onSuccess: (rec) => storeChangedRecording(queryClient, rec),
    onError: (e) => {
      // Busy: someone else started one; the refetch shows its progress.
      if (isApiError(e) && e.code === ERROR_CODES.recordingBusy)
        void queryClient.invalidateQueries({ queryKey: queryKeys.recording(recordingId) });
    },
  });
}

/** An earlier analysed take of the same title family or assignment, if the caller may hear one. */
export function usePreviousTake(recordingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.previousTake(recordingId),
    queryFn: () => operations.getPreviousTake(withId(recordingId)),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The recording's feedback beside its results, for a viewer who may hear it. */
export function useRecordingFeedback(recordingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.feedback(recordingId),
    queryFn: () => operations.listFeedback({ params: { query: { recordingId: recordingId } } }),
    enabled,
    retry: false,
  });
}

/** The voice lanes under the waveform, tried twice. */
export function useLanes(lanesUrl: string) {
  return useQuery({ ...lanesQuery(lanesUrl), retry: 1 });
}

/** A public share link's recording (no sign-in); `enabled` once the token is well formed. */
export function useSharedRecording(token: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sharedRecording(token),
    queryFn: () => operations.getSharedRecording({ params: { path: { token: token } } }),
    enabled,
    retry: false,
    // Media addresses are the link's: refetching would only re-render the player.
    refetchOnWindowFocus: false,
  });
}

/** Offline or a server failure is not the link's fault: the page says so, not that it ended. */
export function sharedLinkUnreachable(e: unknown): boolean {
  return isApiError(e) && (e.status === 0 || e.status >= 500);
}
