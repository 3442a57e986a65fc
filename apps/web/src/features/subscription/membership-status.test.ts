import { describe, expect, it } from 'vitest';
import { expiryKind } from './membership-status';

const expires = '2041-11-24T00:00:00.000Z';

describe('expiryKind (002 section 2.10)', () => {
  it('shows perpetual access, an expiry date, or nothing', () => {
    const active = { status: 'active', reason: null } as const;
    expect(expiryKind({ membershipExpires: expires, membershipPerpetual: true, membershipAccess: active })).toEqual({ kind: 'perpetual' });
    expect(
      expiryKind({
        membershipExpires: '2026-01-01T00:00:00.000Z',
        membershipPerpetual: false,
        membershipAccess: { status: 'expired', reason: 'expired' },
      }),
    ).toEqual({ kind: 'date', iso: '2026-01-01T00:00:00.000Z' });
    expect(expiryKind({ membershipExpires: null, membershipPerpetual: false, membershipAccess: null })).toEqual({ kind: 'none' });
  });

  it('shows no date for a membership an administrator removed, whatever date it kept', () => {
    expect(
      expiryKind({ membershipExpires: expires, membershipPerpetual: false, membershipAccess: { status: 'inactive', reason: 'removed' } }),
    ).toEqual({ kind: 'none' });
  });
});
