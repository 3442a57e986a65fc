import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client';
import { subscriptionFailureMessage } from './subscription-failure';

describe('subscriptionFailureMessage (002 section 8)', () => {
  it('has the spec words for 400 and 402, the server message otherwise', () => {
    expect(subscriptionFailureMessage(new ApiError(400, 'anything', true))).toBe(
      'Subscription update failed. Please double check the code you entered and try again',
    );
    expect(subscriptionFailureMessage(new ApiError(402, 'Your card was declined.', true))).toBe('Payment failed: Your card was declined.');
    expect(subscriptionFailureMessage(new ApiError(429, 'Too many attempts. Try again later.', true))).toBe(
      'Too many attempts. Try again later.',
    );
  });
});
