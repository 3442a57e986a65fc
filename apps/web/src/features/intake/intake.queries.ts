import { useCallback } from 'react';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hideVideoKey, type TCreateRecordingBody, type TMeResponse, type TSaveUnsavedTakeBody } from '@rostrum/contract';
import { meQuery, queryKeys, listOwnRecordings } from '../../api/rostrum-api';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { savePreferences } from '../../app/preferences';

/** The caller's open assignments (the chooser lists them). */
export function useAssignedAssignments(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.assignedAssignments,
    queryFn: () => operations.listAssignments({ params: { query: { scope: 'assigned' } } }),
    enabled,
  });
}

/** The caller's own recordings (the default title numbers them; /home opens the newest). */
export function useOwnRecordings(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.recordings, queryFn: () => listOwnRecordings(), enabled });
}

/** Every recording query (the lists, the dashboards and each recording) loads again. */
export function useReloadRecordings(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.recordings }), [queryClient]);
}

/** GET live-captures: the signed-in speaker's unsaved takes. */
export function useUnsavedTakeList(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.unsavedTakes, queryFn: () => operations.listUnsavedTakes(), enabled });
}

/** The unsaved takes load again; resolves once they have. */
export function useReloadUnsavedTakes(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.unsavedTakes }), [queryClient]);
}

/** Discards an unsaved take on the server (the caller reloads the list: useReloadUnsavedTakes). */
export function discardUnsavedTake(captureId: string) {
  return operations.deleteLiveCapture(withId(captureId));
}

/**
 * Saves an unsaved take from what reached the server (POST live-captures/{id}/recording); the
 * recordings reload. Resolves to the new recording's id.
 */
export function useSaveUnsavedTake(): (
  captureId: string,
  body: TSaveUnsavedTakeBody,
  source: TCreateRecordingBody['source'],
) => Promise<string> {
  const queryClient = useQueryClient();
  return async (captureId, body, source) => {
    const { recordingId } = await operations.saveUnsavedTake({ ...withId(captureId), body });
    void hideVideoOfConversation(queryClient, recordingId, { ...body, source });
    void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
    return recordingId;
  };
}

/** POST recordings for a take uploaded while recording (the caller watches its live upload). */
export function createRecording(body: TCreateRecordingBody) {
  return operations.createRecording({ body });
}

/** The session is checked before the countdown: GET me, fresh (a 401 goes to sign-in). */
export function checkSession() {
  return meQuery.queryFn();
}

/** Creates a recording from a URL; the recordings reload before `on.onSuccess` (which is awaited). */
export function useCreateUrlRecording(on: { onSuccess: (created: { recordingId: string }) => Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateRecordingBody) => {
      const created = await operations.createRecording({ body });
      void hideVideoOfConversation(queryClient, created.recordingId, body);
      return created;
    },
    onSuccess: async (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      await on.onSuccess(created);
    },
  });
}

/** hideVideoOfConversation bound to the app's cache, for the upload tabs. */
export function useHideVideoOfConversation(): (recordingId: string, body: TCreateRecordingBody) => void {
  const queryClient = useQueryClient();
  return (recordingId, body) => void hideVideoOfConversation(queryClient, recordingId, body);
}

/**
 * A conversational recording's video starts hidden (001 section 3: hideVideo per recording, set
 * when the chosen algorithm contains 'conversational'). Best effort: the recording is made either way.
 */
async function hideVideoOfConversation(queryClient: QueryClient, recordingId: string, body: TCreateRecordingBody) {
  if (!body.algorithm?.includes('conversational')) return;
  const key = hideVideoKey(recordingId);
  try {
    await savePreferences({ [key]: true });
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
      me ? { ...me, user: { ...me.user, preferences: { ...me.user.preferences, [key]: true } } } : me,
    );
  } catch {
    // The video then shows, with its Hide video button.
  }
}
