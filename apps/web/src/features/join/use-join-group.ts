import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { JOIN_ERROR_DELAY_MS, MSG, alreadyCoachMessage } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { landingForMe } from '../auth/complete-sign-in';

/**
 * POST groups/join with the outcomes of 000 section 8: success -> 'Changes Saved' on the landing
 * page; 402 -> seat limit; 409 -> already a coach; anything else -> home, then after 1 s
 * 'Invite Code Invalid'.
 */
export function useJoinGroup(orgType: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (inviteCode: string) => api.joinGroup(inviteCode.trim()),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      const me = await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: api.getMe, staleTime: 0 });
      const landing = await landingForMe(queryClient, me);
      notifications.showAfterNavigation({ kind: 'success', title: MSG.changesSaved });
      await navigate(landing);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 402) {
        notifications.error(MSG.joinSeatLimit);
      } else if (isApiError(e) && e.status === 409) {
        const m = alreadyCoachMessage(orgType);
        notifications.error(m.title, m.text);
      } else {
        const text = isApiError(e) && e.hasBody && e.status < 500 ? e.message : MSG.joinInvalidText;
        void navigate('/');
        notifications.showAfter(JOIN_ERROR_DELAY_MS, { kind: 'error', title: MSG.joinInvalidTitle, text });
      }
    },
  });
}
