import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLtiPlatformBody } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';

// The LTI admin screen's calls (issue 42 item 1): the organisation's platforms and the tool's
// signing keys. The keys are made with the first platform, so a new platform refreshes them too.

const ltiKeys = {
  platforms: ['lti', 'platforms'] as const,
  toolKeys: ['lti', 'keys'] as const,
};

export function useLtiPlatforms() {
  return useQuery({ queryKey: ltiKeys.platforms, queryFn: () => operations.listLtiPlatforms() });
}

export function useLtiToolKeys() {
  return useQuery({ queryKey: ltiKeys.toolKeys, queryFn: () => operations.listLtiToolKeys() });
}

/** Registers a platform (no id) or changes one. */
export function useSaveLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platformId, body }: { platformId?: string; body: TLtiPlatformBody }) =>
      platformId ? operations.updateLtiPlatform({ params: { path: { platformId } }, body }) : operations.createLtiPlatform({ body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['lti'] });
    },
  });
}

export function useDeleteLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platformId: string) => operations.deleteLtiPlatform({ params: { path: { platformId } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ltiKeys.platforms });
    },
  });
}

export function useRotateLtiToolKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.rotateLtiToolKey(),
    onSuccess: (keys) => queryClient.setQueryData(ltiKeys.toolKeys, keys),
  });
}
