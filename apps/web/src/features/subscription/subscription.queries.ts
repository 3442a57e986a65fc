import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, GROUP_RELOAD_DELAY_MS, MSG, type TEndAutoRenewResponse, type TUpdateSubscriptionResponse } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage, isApiError, withId } from '../../api/http-client';
import { subscriptionFailureMessage } from './subscription-failure';

type TPrepaidCodeBody = { planId: string; accessCode: string };

/** GET subscription: the caller's memberships, what each can do, and the plans. */
export function useSubscriptionPage() {
  return useQuery({ queryKey: queryKeys.subscriptionPage, queryFn: () => operations.getSubscriptionPage() });
}

/** Ends the card renewal of a membership; the subscription page reloads after `on.onSuccess`. */
export function useEndAutoRenew(on: { onSuccess: (res: TEndAutoRenewResponse) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => operations.endAutoRenew(withId(groupId)),
    onSuccess: (res) => {
      on.onSuccess(res);
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionPage });
    },
    onError: on.onError,
  });
}

/** After a payment, GET me and the groups (this page with them) reload after 1 s (002 section 9). */
export function useReloadAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return () => {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups });
    }, GROUP_RELOAD_DELAY_MS);
  };
}

/** Renews or activates the membership with a prepaid code (the caller reloads: useReloadAfterPayment). */
export function useRedeemPrepaidCode(
  groupId: string,
  on: { onSuccess: (res: TUpdateSubscriptionResponse) => void; onError: (e: Error) => void },
) {
  return useMutation({
    mutationFn: (body: TPrepaidCodeBody) => operations.updateSubscription({ ...withId(groupId), body: body }, { own402: true }),
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}

/**
 * Grants the access a card payment paid for, with its PaymentIntent id as the stripeToken. The
 * caller awaits it and shows every failure itself.
 */
export function useApplyCardPayment(groupId: string) {
  return useMutation({
    mutationFn: (body: { planId: string; stripeToken: string }) =>
      operations.updateSubscription({ ...withId(groupId), body: body }, { own402: true }),
    meta: { ownsErrors: true },
  });
}

/** Starts a card payment for a plan (a PaymentIntent); the caller shows its failure (cardPaymentStartErrorMessage). */
export function useStartCardPayment(groupId: string) {
  return useMutation({
    mutationFn: (planId: string) => operations.startCardPayment({ ...withId(groupId), body: { planId } }, { own402: true }),
    meta: { ownsErrors: true },
  });
}

/**
 * A card refused while starting: "Payment failed: ..."; anything else (no free seat, a plan
 * that cannot be paid by card) in the server's own words.
 */
export function cardPaymentStartErrorMessage(e: unknown): string {
  return isApiError(e) && e.code === ERROR_CODES.paymentFailed ? subscriptionFailureMessage(e) : errorMessage(e, MSG.serverError);
}
