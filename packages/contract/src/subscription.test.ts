import { describe, expect, it } from 'vitest';
import { membershipAccessNote } from './group.js';
import { formatPlanPrice, planExpiry, sortPlans } from './subscription.js';
import { vocabulary } from './vocabulary.js';

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
    expect(formatPlanPrice(0)).toBe('$0.00');
    expect(formatPlanPrice(10_000_000)).toBe('$100,000.00');
    const plans = sortPlans([
      { name: 'Monthly', price: 1200 },
      { name: 'Annual', price: 9900 },
    ]);
    expect(plans.map((p) => p.name)).toEqual(['Annual', 'Monthly']);
  });
});

describe('membershipAccessNote points to the plans when the page offers one', () => {
  const words = vocabulary('edu');
  it('tells a speaker who can pay to choose a plan, and one who cannot to ask', () => {
    expect(membershipAccessNote('no-free-access', words, { canPay: true })).toBe(
      'You cannot record in this class yet: it does not give free access. Choose a plan to activate your access.',
    );
    expect(membershipAccessNote('no-free-access', words)).toContain('Ask your instructor or administrator to set a free duration');
    expect(membershipAccessNote('expired', words, { canPay: true })).toBe(
      'Your access to this class has ended. Choose a plan to renew it.',
    );
    expect(membershipAccessNote('expired', words)).toBe(
      'Your access to this class has ended. Ask your instructor or administrator to renew it.',
    );
  });
});
