import { ROUTES, type TMeResponse } from '@rostrum/contract';

/**
 * The global 402 rule (000 section 8): a 402 for a user who is not an org manager leads to
 * Subscription (the server's subscription.required on the calls of subscribed pages, and any
 * other 402 a call does not handle itself with own402). Null: stay where the user is.
 */
export function paymentRequiredTarget(me: TMeResponse | undefined, pathname: string): string | null {
  if (me?.user.isOrgManager) return null;
  const onSubscription = pathname === ROUTES.subscription.path || pathname.startsWith(`${ROUTES.subscription.path}/`);
  return onSubscription ? null : ROUTES.subscription.path;
}
