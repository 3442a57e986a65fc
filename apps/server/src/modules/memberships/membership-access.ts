import { grantedFreeYears, isPerpetualExpiry, type TMembershipAccess } from '@rostrum/contract';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import type { TGroupRow, TMembershipRow } from './memberships.repository.js';

type TFreeDurationSource = { freeDuration?: { years: number } | null };

/**
 * The caller's access through a membership and why it is not active (002 section 2.10). Activity
 * is the one rule of auth/membership-active.ts; this only names the inactive cases:
 * - an expiry in the past: expired;
 * - a speaker role waiting without an expiry: not active yet, because the group gave no free
 *   access when they joined (free-access-available once the group or organisation gives some);
 * - no role left: removed by an administrator.
 */
export function membershipAccess(
  m: TMembershipRow | null,
  group: Pick<TGroupRow, 'settings'>,
  org: TFreeDurationSource,
  now = new Date(),
): TMembershipAccess | null {
  if (!m) return null;
  if (isMembershipActiveNow(m, now)) return { status: 'active', reason: null };
  if (m.expiresAt && m.expiresAt <= now) return { status: 'expired', reason: 'expired' };
  if (m.roles.includes('speaker')) {
    const available = grantedFreeYears(group.settings, org) > 0;
    return { status: 'not-active-yet', reason: available ? 'free-access-available' : 'no-free-access' };
  }
  return { status: 'inactive', reason: 'removed' };
}

/**
 * Perpetual access: only while active, with no expiry or one 15+ years away. A membership that
 * began with a 15-year free duration counts from its start, so it reads perpetual minutes later too.
 */
export function membershipIsPerpetual(m: TMembershipRow | null, now = new Date()): boolean {
  if (!m || !isMembershipActiveNow(m, now)) return false;
  const expires = m.expiresAt ? m.expiresAt.toISOString() : null;
  return isPerpetualExpiry(expires, now) || isPerpetualExpiry(expires, m.startDate);
}
