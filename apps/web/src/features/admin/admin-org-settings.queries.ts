import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type TAdminOrgSettings, type TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage } from '../../api/http-client';
import { isRefusal } from './admin-refusal';

export function useOrgSettings() {
  return useQuery({ queryKey: queryKeys.orgSettings, queryFn: () => operations.getOrgSettings() });
}

/** Saves Public_Share_Links. GET me carries the organisation's settings; recordings carry canShareLink. */
export function useUpdateOrgSettings(on: { onSuccess: (next: TAdminOrgSettings) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (Public_Share_Links: boolean) => operations.updateOrgSettings({ body: { Public_Share_Links } }),
    onSuccess: (next) => {
      queryClient.setQueryData<TAdminOrgSettings>(queryKeys.orgSettings, next);
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
        me ? { ...me, org: { ...me.org, settings: { ...me.org.settings, ...next.settings } } } : me,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      on.onSuccess(next);
    },
    onError: on.onError,
  });
}

/** Saves the organisation's time zone (due dates are entered and shown in it); GET me carries it too. */
export function useUpdateOrgTimeZone(on: { onSuccess: (next: TAdminOrgSettings) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => operations.updateOrgSettings({ body: { timeZone } }),
    onSuccess: (next) => {
      queryClient.setQueryData<TAdminOrgSettings>(queryKeys.orgSettings, next);
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) => (me ? { ...me, org: { ...me.org, timeZone: next.timeZone } } : me));
      on.onSuccess(next);
    },
    onError: on.onError,
  });
}

/** The server's reason for a refused save; null: the generic message (the switch keeps its position). */
export function orgSettingsErrorMessage(e: Error): string | null {
  return isRefusal(e) ? errorMessage(e, MSG.roleSaveFailed) : null;
}
