import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreatedShareLink, TCreateShareLinkBody, TShareLink } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { withId } from '../../api/http-client';

export function useShareLinks(recordingId: string) {
  return useQuery({
    queryKey: queryKeys.shareLinks(recordingId),
    queryFn: () => operations.listShareLinks(withId(recordingId)),
    retry: false,
  });
}

/** A new public link; the list reloads after `onSuccess` (which shows the link once). */
export function useCreateShareLink(recordingId: string, on: { onSuccess: (link: TCreatedShareLink) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: TCreateShareLinkBody['expiresInDays']) =>
      operations.createShareLink({ ...withId(recordingId), body: { expiresInDays } }),
    onSuccess: (link) => {
      on.onSuccess(link);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(recordingId) });
    },
  });
}

/** Revokes a link; the list reloads after `on.onSuccess`. */
export function useRevokeShareLink(recordingId: string, on: { onSuccess: (link: TShareLink) => void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => operations.revokeShareLink({ params: { path: { id: recordingId, linkId: linkId } } }),
    onSuccess: (link) => {
      on.onSuccess(link);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(recordingId) });
    },
    onError: on.onError,
  });
}
