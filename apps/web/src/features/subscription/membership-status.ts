import { hasPerpetualFreeDuration, isPerpetualExpiry, type TGroup } from '@rostrum/contract';

export type TAccessStatus = 'active' | 'not-active-yet' | 'expired';

export const ACCESS_STATUS_LABELS: Record<TAccessStatus, string> = {
  active: 'Active',
  'not-active-yet': 'Not active yet',
  expired: 'Expired',
};

/** A membership's access (002 section 2.10): active, expired (an expiry in the past), else not active yet. */
export function accessStatus(g: Pick<TGroup, 'membershipStatus' | 'membershipExpires'>, now: Date): TAccessStatus {
  if (g.membershipStatus === 'active') return 'active';
  if (g.membershipExpires && Date.parse(g.membershipExpires) < now.getTime()) return 'expired';
  return 'not-active-yet';
}

/** Expiry text: an expiry 15+ years away (or a perpetual membership) reads as perpetual. */
export function expiryKind(
  g: Pick<TGroup, 'membershipExpires' | 'membershipPerpetual' | 'settings'>,
  now: Date,
): { kind: 'perpetual' } | { kind: 'date'; iso: string } | { kind: 'none' } {
  // A group whose free duration is 15+ years grants perpetual access, even minutes after joining.
  if (g.membershipPerpetual || hasPerpetualFreeDuration(g.settings.freeDuration)) return { kind: 'perpetual' };
  if (!g.membershipExpires) return { kind: 'none' };
  if (isPerpetualExpiry(g.membershipExpires, now)) return { kind: 'perpetual' };
  return { kind: 'date', iso: g.membershipExpires };
}
