import { describe, expect, it } from 'vitest';
import type { TMeResponse } from '@rostrum/contract';
import { paymentRequiredTarget } from './payment-required';

const me = (isOrgManager: boolean) => ({ user: { isOrgManager } }) as TMeResponse;

describe('paymentRequiredTarget (000 section 8: 402 for a user who is not an org manager)', () => {
  it('sends a user who is not an org manager to Subscription', () => {
    expect(paymentRequiredTarget(me(false), '/history')).toBe('/subscription');
    // Before GET me has loaded the user is not known to be an org manager.
    expect(paymentRequiredTarget(undefined, '/evaluate')).toBe('/subscription');
  });
  it('leaves an org manager where they are, and a user already on Subscription', () => {
    expect(paymentRequiredTarget(me(true), '/history')).toBeNull();
    expect(paymentRequiredTarget(me(false), '/subscription')).toBeNull();
    expect(paymentRequiredTarget(me(false), '/subscription/0b0e8c3e-8a55-4d55-9f0e-6a6f6a6f6a6f')).toBeNull();
  });
});
