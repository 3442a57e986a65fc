import { describe, expect, it } from 'vitest';
import { freeAccessUntil, grantedFreeYears, hasPerpetualFreeDuration, isPerpetualExpiry, orgExpiryWarning } from './org.js';

describe('free duration', () => {
  it("a group grants its own free duration, else the organisation's, else 0", () => {
    expect(grantedFreeYears({ freeDuration: { years: 2 } }, { freeDuration: { years: 5 } })).toBe(2);
    expect(grantedFreeYears({ freeDuration: null }, { freeDuration: { years: 5 } })).toBe(5);
    expect(grantedFreeYears({}, { freeDuration: { years: 5 } })).toBe(5);
    expect(grantedFreeYears({ freeDuration: null }, { freeDuration: null })).toBe(0);
    expect(grantedFreeYears({}, {})).toBe(0);
    // The group's own 0 wins: that group grants no free access.
    expect(grantedFreeYears({ freeDuration: { years: 0 } }, { freeDuration: { years: 5 } })).toBe(0);
  });

  it('free access lasts the free years in calendar years; none without free years', () => {
    const now = new Date('2026-03-15T10:30:00Z');
    expect(freeAccessUntil(1, now)).toEqual(new Date('2027-03-15T10:30:00Z'));
    expect(freeAccessUntil(15, now)).toEqual(new Date('2041-03-15T10:30:00Z'));
    expect(freeAccessUntil(0.5, now)).toEqual(new Date('2026-09-15T10:30:00Z'));
    expect(freeAccessUntil(0, now)).toBeNull();
    // A leap day ends on the last day of February.
    expect(freeAccessUntil(1, new Date('2028-02-29T12:00:00Z'))).toEqual(new Date('2029-02-28T12:00:00Z'));
  });

  it('a 15-year grant is perpetual, shown or not', () => {
    const now = new Date('2026-03-15T10:30:00Z');
    expect(hasPerpetualFreeDuration({ years: 15 })).toBe(true);
    expect(hasPerpetualFreeDuration({ years: 14.9 })).toBe(false);
    expect(isPerpetualExpiry(freeAccessUntil(15, now)!.toISOString(), now)).toBe(true);
    expect(isPerpetualExpiry(freeAccessUntil(14, now)!.toISOString(), now)).toBe(false);
    expect(isPerpetualExpiry(new Date('2041-03-15T10:29:59Z').toISOString(), now)).toBe(false);
    expect(isPerpetualExpiry(null, now)).toBe(true);
  });

  it('the invoice warning shows from 45 days before the organisation expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(orgExpiryWarning('2026-02-15T00:00:00Z', now, 45)).toBe(true);
    expect(orgExpiryWarning('2026-02-15T00:00:01Z', now, 45)).toBe(false);
    expect(orgExpiryWarning('2025-12-01T00:00:00Z', now, 45)).toBe(true);
    expect(orgExpiryWarning(null, now, 45)).toBe(false);
  });
});
