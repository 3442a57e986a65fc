import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreatedShareLink, TCreateShareLinkBody, TShareLink } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';

export function useShareLinks(recordingId: string) {
  return useQuery({ queryKey: queryKeys.shareLinks(recordingId), queryFn: () => api.getShareLinks(recordingId), retry: false });
}

/** A new public link; the list reloads after `onSuccess` (which shows the link once). */
export function useCreateShareLink(recordingId: string, on: { onSuccess: (link: TCreatedShareLink) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: TCreateShareLinkBody['expiresInDays']) => api.createShareLink(recordingId, { expiresInDays }),
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
    mutationFn: (linkId: string) => api.revokeShareLink(recordingId, linkId),
    onSuccess: (link) => {
      on.onSuccess(link);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(recordingId) });
    },
    onError: on.onError,
  });
}
