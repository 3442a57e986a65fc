import { describe, expect, it } from 'vitest';
import { readCardPaymentReturn } from './card-payment-return';

const PLAN = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('readCardPaymentReturn', () => {
  it("reads Stripe's return parameters and our plan", () => {
    const search = new URLSearchParams({
      plan: PLAN,
      payment_intent: 'pi_3Abc',
      payment_intent_client_secret: 'x',
      redirect_status: 'succeeded',
    });
    expect(readCardPaymentReturn(search)).toEqual({ planId: PLAN, paymentIntentId: 'pi_3Abc', failed: false });
    search.set('redirect_status', 'failed');
    expect(readCardPaymentReturn(search)?.failed).toBe(true);
  });

  it('ignores an address without a PaymentIntent, with a malformed one or without a valid plan', () => {
    expect(readCardPaymentReturn(new URLSearchParams({ plan: PLAN }))).toBeNull();
    expect(readCardPaymentReturn(new URLSearchParams({ plan: PLAN, payment_intent: 'pi_1;drop' }))).toBeNull();
    expect(readCardPaymentReturn(new URLSearchParams({ plan: 'annual', payment_intent: 'pi_1' }))).toBeNull();
    expect(readCardPaymentReturn(new URLSearchParams())).toBeNull();
  });
});
