import { useNavigate } from 'react-router';
import { JOIN_ERROR_DELAY_MS, MSG } from '@rostrum/contract';
import { notifications } from '../../app/notification-store';
import { joinFailure, useJoinGroupRequest } from './join.queries';

/**
 * POST groups/join with the outcomes of 000 section 8: success -> 'Changes Saved' on the landing
 * page; 402 -> seat limit; 409 -> already a coach; anything else -> home, then after 1 s
 * 'Invite Code Invalid'.
 */
export function useJoinGroup(orgType: string) {
  const navigate = useNavigate();
  return useJoinGroupRequest({
    onJoined: async (landing) => {
      notifications.showAfterNavigation({ kind: 'success', title: MSG.changesSaved });
      await navigate(landing);
    },
    onError: (e) => {
      const failure = joinFailure(e, orgType);
      if (failure.kind === 'seat-limit') {
        notifications.error(MSG.joinSeatLimit);
      } else if (failure.kind === 'already-coach') {
        notifications.error(failure.title, failure.text);
      } else {
        void navigate('/');
        notifications.showAfter(JOIN_ERROR_DELAY_MS, { kind: 'error', title: MSG.joinInvalidTitle, text: failure.text });
      }
    },
  });
}
