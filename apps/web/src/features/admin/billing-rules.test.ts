import { describe, expect, it } from 'vitest';
import { batchFileName, dollarsToCents, formatMoney, generateFormSchema, PLAN_FORM_MSG, planFormSchema, planLabel } from './billing-rules';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('plan form', () => {
  it('reads dollars as cents', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' $1,200.05 ')).toBe(120005);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('12.345')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });

  it('gives the body in cents and days, name trimmed', () => {
    expect(planFormSchema.parse({ name: ' Quarter ', price: '25', duration: '90', recurring: true })).toEqual({
      name: 'Quarter',
      price: 2500,
      duration: 90,
      recurring: true,
    });
  });

  it('says what is wrong with each field', () => {
    const r = planFormSchema.safeParse({ name: '  ', price: '12.345', duration: '1.5', recurring: false });
    expect(messages(r)).toEqual([PLAN_FORM_MSG.nameRequired, PLAN_FORM_MSG.price, PLAN_FORM_MSG.duration]);
    expect(messages(planFormSchema.safeParse({ name: 'x'.repeat(101), price: '100000.01', duration: '0', recurring: false }))).toEqual([
      PLAN_FORM_MSG.nameTooLong,
      PLAN_FORM_MSG.priceTooHigh,
      PLAN_FORM_MSG.duration,
    ]);
    expect(messages(planFormSchema.safeParse({ name: 'x', price: '1', duration: '5480', recurring: false }))).toEqual([
      PLAN_FORM_MSG.duration,
    ]);
    expect(PLAN_FORM_MSG.priceTooHigh).toBe('The price is at most $100,000.00.');
  });
});

describe('generate form', () => {
  it('needs a plan and a count from 1 to 1000', () => {
    expect(generateFormSchema.parse({ planId: 'p', groupId: '', count: '3' })).toEqual({ planId: 'p', groupId: '', count: 3 });
    expect(messages(generateFormSchema.safeParse({ planId: '', groupId: '', count: '1001' }))).toEqual([
      PLAN_FORM_MSG.plan,
      PLAN_FORM_MSG.count,
    ]);
    expect(messages(generateFormSchema.safeParse({ planId: 'p', groupId: '', count: '' }))).toEqual([PLAN_FORM_MSG.count]);
  });
});

describe('labels', () => {
  it('shows dollars with 2 decimals', () => {
    expect(planLabel({ name: 'Annual', price: 9900, duration: 365 })).toBe('Annual ($99.00, 365 days)');
    expect(formatMoney(1200, 'usd')).toBe('$12.00');
    expect(formatMoney(1200, 'eur')).toBe('$12.00 EUR');
    expect(batchFileName('Annual Pass!', new Date('2026-11-24T10:00:00Z'))).toBe('prepaid-codes-annual-pass-2026-11-24.csv');
  });
});
