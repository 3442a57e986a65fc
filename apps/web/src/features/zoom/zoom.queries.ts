import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, ZOOM_MSG, type TZoomImportBody, type TZoomLinkBody } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError } from '../../api/http-client';
import { goLinkZoom } from './zoom-link';

/** Whether Zoom import is offered to the caller and their Zoom account is linked. */
export function useZoomConnection(enabled = true) {
  return useQuery({ queryKey: queryKeys.zoomConnection, queryFn: () => operations.getZoomConnection(), enabled });
}

/** The cloud recordings of the linked account; a failure is shown, not retried. */
export function useZoomMeetings(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.zoomMeetings, queryFn: () => operations.listZoomMeetings(), enabled, retry: false });
}

/** Zoom refused the stored grant (revoked or expired), so the account has to be linked again. */
export function isZoomNotLinked(e: unknown): boolean {
  return isApiError(e) && e.code === ERROR_CODES.zoomNotLinked;
}

/** A refusal with a reason (title, trim, size, a recording gone) says it; anything else is the spec's text. */
export function zoomImportErrorMessage(e: Error): string {
  return isApiError(e) && e.status < 500 && e.hasBody && !isZoomNotLinked(e) ? e.message : ZOOM_MSG.uploadError;
}

/** DELETE zoom/connection: the answer is the connection now, and the meetings go stale. */
export function useDisconnectZoom(on: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.disconnectZoom(),
    onSuccess: (next) => {
      queryClient.setQueryData(queryKeys.zoomConnection, next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.zoomMeetings });
      on.onSuccess();
    },
  });
}

/**
 * Unlinks the Zoom account and goes to Zoom's page to link one again. The cache is left alone:
 * the browser leaves the page, and an unlinked connection would replace the list meanwhile.
 */
export function useResetZoomLink() {
  return useMutation({
    mutationFn: async (assignmentId: string | null) => {
      await operations.disconnectZoom();
      await goLinkZoom(assignmentId);
    },
    // A failure only re-enables the link, as the plain calls did.
    meta: { ownsErrors: true },
  });
}

/** Zoom: save code; everything Zoom-related is read again. */
export function useLinkZoomAccount(on: { onSuccess: () => void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TZoomLinkBody) => operations.linkZoomAccount({ body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.zoom });
      on.onSuccess();
    },
    onError: on.onError,
    // The link-failure confirm is the only answer to a failure.
    meta: { ownsErrors: true },
  });
}

/** Zoom: upload recording; the new recording joins the lists. */
export function useImportZoomRecording(on: { onSuccess: (recordingId: string) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TZoomImportBody) => operations.importZoomRecording({ body }),
    onSuccess: ({ recordingId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      on.onSuccess(recordingId);
    },
    onError: on.onError,
  });
}
