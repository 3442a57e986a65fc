import { describe, expect, it } from 'vitest';
import type { TMembershipRow } from '../memberships/index.js';
import { subscriptionAction, subscriptionExpiry } from './subscription-expiry.js';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');

function membership(over: Partial<TMembershipRow> = {}): TMembershipRow {
  return {
    userId: 'u',
    groupId: 'g',
    roles: ['speaker'],
    status: 'active',
    startDate: new Date(now.getTime() - 100 * DAY),
    expiresAt: new Date(now.getTime() + 10 * DAY),
    expiredRoles: [],
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

describe('subscriptionExpiry', () => {
  it('a new subscription runs from now', () => {
    expect(subscriptionExpiry(null, 30, now)).toEqual(new Date(now.getTime() + 30 * DAY));
    const notActiveYet = membership({ status: 'inactive', expiresAt: null });
    expect(subscriptionExpiry(notActiveYet, 30, now)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
  it('a renewal while active adds the days to the current expiry', () => {
    expect(subscriptionExpiry(membership(), 30, now)).toEqual(new Date(now.getTime() + 40 * DAY));
  });
  it('a renewal after the access lapsed runs from now, not from the old expiry', () => {
    const lapsed = membership({ expiresAt: new Date(now.getTime() - 5 * DAY) });
    expect(subscriptionExpiry(lapsed, 30, now)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});

describe('subscriptionAction (002 sections 2.10 and 5)', () => {
  const group = { settings: {} };
  it('renew for an active or expired speaker-only membership', () => {
    expect(subscriptionAction(membership(), group, {}, now)).toBe('renew');
    expect(subscriptionAction(membership({ expiresAt: new Date(now.getTime() - DAY) }), group, {}, now)).toBe('renew');
  });
  it('activate for one not active yet', () => {
    expect(subscriptionAction(membership({ status: 'inactive', expiresAt: null }), group, {}, now)).toBe('activate');
  });
  it('nothing for coaches, perpetual access, removed memberships or none', () => {
    expect(subscriptionAction(membership({ roles: ['manager'] }), group, {}, now)).toBeNull();
    expect(subscriptionAction(membership({ roles: ['speaker', 'manager'] }), group, {}, now)).toBeNull();
    expect(subscriptionAction(membership({ expiresAt: null }), group, {}, now)).toBeNull();
    expect(subscriptionAction(membership({ expiresAt: new Date(now.getTime() + 16 * 365 * DAY) }), group, {}, now)).toBeNull();
    expect(subscriptionAction(membership({ roles: [], status: 'inactive', expiresAt: null }), group, {}, now)).toBeNull();
    expect(subscriptionAction(null, group, {}, now)).toBeNull();
  });
  it('an expired membership that kept its roles as expiredRoles is renewed', () => {
    const m = membership({ roles: [], expiredRoles: ['speaker'], status: 'inactive', expiresAt: new Date(now.getTime() - DAY) });
    expect(subscriptionAction(m, group, {}, now)).toBe('renew');
  });
});
