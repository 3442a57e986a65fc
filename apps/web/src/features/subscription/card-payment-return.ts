import { ZIdSchema } from '@rostrum/contract';
import { WEB_ROUTES } from '../../app/route-paths';

// Most cards pay in place (3-D Secure opens in Stripe's own frame), but a payment method that
// leaves for the bank's page comes back to the subscription page with Stripe's parameters added.
// The page then finishes the payment like an in-place one: the update call with the PaymentIntent.

/** Where Stripe sends a payment that left the page: the group's subscription page and the plan. */
export function cardPaymentReturnUrl(groupId: string, planId: string): string {
  return `${window.location.origin}${WEB_ROUTES.subscription.path}/${groupId}?plan=${encodeURIComponent(planId)}`;
}

export type TReturnedCardPayment = { planId: string; paymentIntentId: string; failed: boolean };

/** Stripe's return parameters (payment_intent, redirect_status) and our plan, or null. */
export function readCardPaymentReturn(search: URLSearchParams): TReturnedCardPayment | null {
  const planId = ZIdSchema.safeParse(search.get('plan'));
  const paymentIntentId = search.get('payment_intent');
  if (!planId.success || !paymentIntentId || !/^pi_[A-Za-z0-9]+$/.test(paymentIntentId)) return null;
  return { planId: planId.data, paymentIntentId, failed: search.get('redirect_status') === 'failed' };
}
