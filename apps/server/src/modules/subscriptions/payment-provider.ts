import type { TPlan } from '@rostrum/contract';

/**
 * The seam for card payments (issue 17, Stripe later): confirms that a payment for the plan
 * succeeded and returns the provider's ids, or throws a PaymentFailedError with the provider's
 * message ("Payment failed: {message}", 002 section 8). Access and the ledger row are then written
 * by the subscriptions service, exactly as for a prepaid code. No provider: card payment is not
 * configured and only prepaid codes work.
 */
export interface TPaymentProvider {
  readonly name: string;
  confirmPayment(input: {
    /** The spec's stripeToken (a PaymentIntent id with Stripe). */
    paymentToken: string;
    plan: TPlan & { currency: string };
    userId: string;
    groupId: string;
  }): Promise<{ providerTransactionId: string | null; paymentIntentId: string; amountCents: number; currency: string }>;
}

export class PaymentFailedError extends Error {}
