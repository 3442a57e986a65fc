import { MEMBERSHIP_ACCESS_LABELS, type TGroup, type TMembershipAccess } from '@rostrum/contract';

export type TAccessStatus = TMembershipAccess['status'];

export const ACCESS_STATUS_LABELS = MEMBERSHIP_ACCESS_LABELS;

/** The server's access status (membershipAccess); a group without a membership reads as inactive. */
export function accessStatus(g: Pick<TGroup, 'membershipAccess'>): TAccessStatus {
  return g.membershipAccess?.status ?? 'inactive';
}

/**
 * Expiry text as the server sent it: perpetual only while active (membershipPerpetual), a date
 * when there is one, else nothing. "Perpetual" and "Not active yet" never show together, and a
 * membership an administrator removed has no expiry to show (its old date would read as access).
 */
export function expiryKind(
  g: Pick<TGroup, 'membershipExpires' | 'membershipPerpetual' | 'membershipAccess'>,
): { kind: 'perpetual' } | { kind: 'date'; iso: string } | { kind: 'none' } {
  if (g.membershipPerpetual) return { kind: 'perpetual' };
  if (g.membershipAccess?.reason === 'removed') return { kind: 'none' };
  if (g.membershipExpires) return { kind: 'date', iso: g.membershipExpires };
  return { kind: 'none' };
}
