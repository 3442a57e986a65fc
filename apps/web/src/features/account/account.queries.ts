import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmailPreferences, TEmailSettings, TMeResponse, TUpdateMeBody, TUser } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';

/** POST auth/password/update. */
export function useUpdatePassword(on: { onSuccess: () => void; onError: (e: Error) => void }) {
  return useMutation({
    mutationFn: (body: { password: string; newPassword: string }) => operations.updatePassword({ body }),
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}

/** PUT me; GET me takes the saved user in place (it is kept a minute, so no refetch). */
export function useUpdateMe(on: { onSuccess: (updated: TUser) => void; onError: (e: Error) => void; onSettled?: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateMeBody) => operations.updateMe({ body: body }),
    onSuccess: (updated) => {
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) => (me ? { ...me, user: updated } : me));
      on.onSuccess(updated);
    },
    onError: on.onError,
    onSettled: on.onSettled,
  });
}

/** GET email-preferences: the six switches, the sections offered, and the access reminder switch. */
export function useEmailSettings() {
  return useQuery({ queryKey: queryKeys.emailSettings, queryFn: () => operations.getEmailSettings() });
}

/** What changed on the email settings page; an absent part is not sent. */
interface TEmailSettingsChange {
  preferences?: TEmailPreferences;
  accessReminders?: boolean;
}

/**
 * One Save for both: each PUT only for the part that changed, the other keeping what `settings`
 * holds. GET me and the settings take the saved values in place.
 */
export function useSaveEmailSettings(
  settings: TEmailSettings,
  on: { onSuccess: (saved: { preferences: TEmailPreferences; enabled: boolean }) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ preferences: sent, accessReminders }: TEmailSettingsChange) => ({
      preferences: sent ? ((await operations.updateEmailPreferences({ body: sent })) ?? sent) : settings.preferences,
      enabled:
        accessReminders !== undefined
          ? (await operations.updateAccessReminders({ body: { enabled: accessReminders } })).enabled
          : settings.accessReminders.enabled,
    }),
    onSuccess: (saved) => {
      const { preferences, enabled } = saved;
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
        me ? { ...me, user: { ...me.user, emailPreferences: preferences } } : me,
      );
      queryClient.setQueryData<TEmailSettings>(queryKeys.emailSettings, (s) =>
        s ? { ...s, preferences, accessReminders: { ...s.accessReminders, enabled } } : s,
      );
      on.onSuccess(saved);
    },
  });
}
