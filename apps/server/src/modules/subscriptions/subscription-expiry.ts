import { planExpiry } from '@rostrum/contract';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import { hasCoachRole, hasSpeakerRole } from '../../auth/roles.js';
import { membershipAccess, membershipIsPerpetual, type TGroupRow, type TMembershipRow } from '../memberships/index.js';

// The expiry rule of paid access (docs/decisions/payments.md, "Paid access"): a payment or a prepaid code
// for a plan of D days gives access until now + D days; a renewal while the membership is still
// active adds D days to its current expiry, so no paid day is lost by renewing early.

/** The new expiry after paying for `durationDays` (002 section 4: "now plus the plan's duration"). */
export function subscriptionExpiry(
  current: Pick<TMembershipRow, 'status' | 'expiresAt'> | null,
  durationDays: number,
  now = new Date(),
): Date {
  return planExpiry(current?.expiresAt && isMembershipActiveNow(current, now) ? current.expiresAt : null, durationDays, now);
}

export type TSubscriptionAction = 'renew' | 'activate';

/**
 * Which action the subscription page offers for a membership (002 sections 2.10 and 5): renewal
 * only for speaker-only, non-perpetual memberships; renew when active or expired, activate when
 * not active yet. Null: nothing to pay for (a coach role, perpetual access, a removed membership).
 */
export function subscriptionAction(
  m: TMembershipRow | null,
  group: Pick<TGroupRow, 'settings'>,
  org: { freeDuration?: { years: number } | null },
  now = new Date(),
): TSubscriptionAction | null {
  if (!m) return null;
  const roles = [...m.roles, ...m.expiredRoles];
  if (!hasSpeakerRole(roles) || hasCoachRole(roles) || membershipIsPerpetual(m, now)) return null;
  const access = membershipAccess(m, group, org, now);
  if (access?.status === 'active' || access?.status === 'expired') return 'renew';
  if (access?.status === 'not-active-yet') return 'activate';
  return null;
}
