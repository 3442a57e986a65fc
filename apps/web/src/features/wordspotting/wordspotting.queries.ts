import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, MSG, WORDSPOTTING_MSG, type TSaveWordspottingBody, type TWordspottingList } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { errorMessage, isApiError } from '../../api/http-client';
import { operations } from '../../api/operations.gen';

/** The lists the caller sees, with what they may change, and where they may add one. */
export function useWordspottingPage() {
  return useQuery({ queryKey: queryKeys.wordspottingPage, queryFn: () => operations.getWordspotting() });
}

/**
 * Saves one scope's list; null when the wizard's choices are not complete, which fails as a
 * save would. The lists reload before `on.onSuccess`. Its forms show every failure.
 */
export function useSaveWordspottingList(on: { onSuccess: (saved: TWordspottingList) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { ownsErrors: true },
    mutationFn: (body: TSaveWordspottingBody | null) => {
      if (!body) throw new Error('The wizard saved before its choices were made');
      return operations.saveWordspotting({ body });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordspottingPage });
      on.onSuccess(saved);
    },
    onError: on.onError,
  });
}

/** Reset: removes the list's own scope, so its recordings count the next list in order. */
export function useResetWordspottingList(on: { onSuccess: (list: TWordspottingList) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { ownsErrors: true },
    mutationFn: (l: TWordspottingList) =>
      operations.deleteWordspotting({
        params: {
          query: {
            algorithm: l.algorithm,
            ...(l.scope === 'org' ? { orgId: l.scopeId! } : l.scope === 'group' ? { groupId: l.scopeId! } : { userId: l.scopeId! }),
          },
        },
      }),
    onSuccess: (_r, l) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordspottingPage });
      on.onSuccess(l);
    },
    onError: on.onError,
  });
}

/** A refused reset: the invalid scope is the spec's alert ("Invalid delete request"); anything else a toast. */
export function resetFailure(e: Error): { alert: string } | { toast: string } {
  if (isApiError(e) && e.code === ERROR_CODES.wordspottingInvalidScope) return { alert: WORDSPOTTING_MSG.invalidDelete };
  return { toast: errorMessage(e, MSG.networkError) };
}
