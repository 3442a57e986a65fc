import { describe, expect, it } from 'vitest';
import { formatPlanPrice, planExpiry, sortPlans } from './subscription.js';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');

describe('planExpiry (the one expiry rule of server and subscription page)', () => {
  it('runs from now for a new or lapsed membership', () => {
    expect(planExpiry(null, 365, now)).toEqual(new Date(now.getTime() + 365 * DAY));
  });
  it('adds the days to the current expiry while active, as an ISO string or a Date', () => {
    const until = new Date(now.getTime() + 10 * DAY);
    expect(planExpiry(until, 30, now)).toEqual(new Date(now.getTime() + 40 * DAY));
    expect(planExpiry(until.toISOString(), 30, now)).toEqual(new Date(now.getTime() + 40 * DAY));
  });
});

describe('plans as shown (002 section 9)', () => {
  it('prices in dollars with 2 decimals, by price descending', () => {
    expect(formatPlanPrice(9900)).toBe('$99.00');
    expect(formatPlanPrice(1250)).toBe('$12.50');
    const plans = sortPlans([
      { name: 'Monthly', price: 1200 },
      { name: 'Annual', price: 9900 },
    ]);
    expect(plans.map((p) => p.name)).toEqual(['Annual', 'Monthly']);
  });
});
