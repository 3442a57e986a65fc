import { ERROR_CODES, MSG, type TEndAutoRenewResponse } from '@rostrum/contract';
import type { TAuth } from '../../auth/auth-context.js';
import type { TDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { findMembership, findOrgGroup } from '../memberships/index.js';
import { endCardSubscription, listUserCardSubscriptions } from './card-subscriptions.repository.js';
import { withPaymentErrors } from './subscriptions.service.js';

// Turning auto-renew off (issue 17): the caller's own recurring card subscriptions for a group
// are cancelled at the end of the paid period with the provider, then marked ended here. Access
// runs until the current expiry; nothing is refunded. Stripe's later customer.subscription.deleted
// finds them ended and changes nothing.

/**
 * Only the owner's subscriptions are looked at: a group without one of the caller's (any other
 * user's, or none) is 404, the same answer as an unknown group, so nothing leaks. Again after it
 * is off: 200, nothing more to do.
 */
export async function endAutoRenew(deps: TDeps, auth: TAuth, groupId: string): Promise<TEndAutoRenewResponse> {
  const group = await findOrgGroup(deps.db, auth.orgId, groupId);
  const subs = group ? await listUserCardSubscriptions(deps.db, auth.userId, group.id) : [];
  if (!group || subs.length === 0) throw notFound();
  const live = subs.filter((s) => !s.endedAt);
  if (live.length > 0) {
    const payments = deps.payments;
    if (!payments) throw badRequest(MSG.cardPaymentNotConfigured, ERROR_CODES.paymentNotConfigured);
    // The provider first: if it cannot be reached (503) the row stays live and the user can retry.
    for (const s of live) {
      await withPaymentErrors(() => payments.endAutoRenew(s.id));
      await endCardSubscription(deps.db, s.id, new Date());
    }
  }
  const m = await findMembership(deps.db, auth.userId, group.id);
  return { autoRenew: false, expires: m?.expiresAt ? m.expiresAt.toISOString() : null };
}
