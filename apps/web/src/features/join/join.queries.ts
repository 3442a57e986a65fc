import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, alreadyCoachMessage } from '@rostrum/contract';
import { meQuery, queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError } from '../../api/http-client';
import { landingForMe } from '../auth/complete-sign-in';

/** POST auth/sign-up/invite for the code: a refusal is the answer (no retry), and it is kept. */
export function useInviteCheck(code: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inviteCheck(code),
    queryFn: () => operations.checkInvite({ body: { inviteCode: code ?? '' } }, { own402: true }),
    enabled: !!code,
    retry: false,
    staleTime: Infinity,
  });
}

/** A full organisation: the only 402 the join and the invite check answer (seats.limit_reached), which may be tried again. */
export function isSeatLimit(e: unknown): boolean {
  return isApiError(e) && e.status === 402;
}

/** What the confirm page says when the invite check fails. */
export function inviteCheckErrorMessage(e: Error): string {
  // A status check: a malformed request (request.invalid) says the same as an unknown code.
  if (isApiError(e) && e.status === 400) return MSG.inviteCodeInvalid;
  return isSeatLimit(e) ? MSG.joinSeatLimit : e.message;
}

type TJoinFailure = { kind: 'seat-limit' } | { kind: 'already-coach'; title: string; text: string } | { kind: 'invalid'; text: string };

/** 000 section 8: a failed join is the seat limit, already a coach, or an invalid code (with the server's text below 500). */
export function joinFailure(e: Error, orgType: string): TJoinFailure {
  if (isSeatLimit(e)) return { kind: 'seat-limit' };
  // The only 409 of the join (group.already_coach).
  if (isApiError(e) && e.status === 409) return { kind: 'already-coach', ...alreadyCoachMessage(orgType) };
  return { kind: 'invalid', text: isApiError(e) && e.hasBody && e.status < 500 ? e.message : MSG.joinInvalidText };
}

/**
 * POST groups/join. On success the groups are refreshed and GET me is read afresh for the
 * landing page, which `onJoined` receives.
 */
export function useJoinGroupRequest(on: { onJoined: (landing: string) => Promise<void>; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => operations.joinGroup({ body: { inviteCode: inviteCode.trim() } }, { own402: true }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups });
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      await on.onJoined(await landingForMe(queryClient, me));
    },
    onError: on.onError,
  });
}
