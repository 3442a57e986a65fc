import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeResponse, TMode } from '@rostrum/contract';
import { queryKeys } from '../api/rostrum-api';
import { savePreferences } from './preferences';

/**
 * Switches coach / speaker mode: GET me shows the new mode at once and it is saved in the
 * background; a failed save reloads me so the header shows the kept mode.
 */
export function useSwitchMode(): (next: TMode) => void {
  const queryClient = useQueryClient();
  const saveMode = useMutation({
    mutationFn: (next: TMode) => savePreferences({ currentMode: next }),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    meta: { ownsErrors: true },
  });
  return (next) => {
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
      me ? { ...me, user: { ...me.user, preferences: { ...me.user.preferences, currentMode: next } } } : me,
    );
    saveMode.mutate(next);
  };
}
