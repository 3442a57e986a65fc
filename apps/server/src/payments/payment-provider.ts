import type { TPlan } from '@rostrum/contract';

/** Who pays for what: checked against what the provider recorded when the payment was started. */
export type TPaymentPurpose = { orgId: string; userId: string; groupId: string; planId: string };

export type TPlanForPayment = TPlan & { currency: string };

/** A confirmed payment, as the ledger records it. */
export type TConfirmedPayment = { providerTransactionId: string | null; paymentIntentId: string; amountCents: number; currency: string };

/**
 * The seam for card payments (issue 17): starts a payment for a plan (the browser then collects
 * the card with the provider's script), and confirms that a payment for the plan succeeded,
 * returning the provider's ids, or throws a PaymentFailedError with the provider's message
 * ("Payment failed: {message}", 002 section 8) or a PaymentMismatchError when the payment is not
 * this caller's for this plan and group. Access and the ledger row are then written by the
 * subscriptions service, exactly as for a prepaid code. No provider: card payment is not
 * configured and only prepaid codes work.
 */
export interface TPaymentProvider {
  readonly name: string;
  startPayment(input: { plan: TPlanForPayment; purpose: TPaymentPurpose; email: string }): Promise<{
    clientSecret: string;
    publishableKey: string;
    paymentIntentId: string;
    /** Recurring plans: the provider's subscription, which renews until it is ended. */
    subscription?: { id: string; customerId: string };
  }>;
  confirmPayment(input: {
    /** The spec's stripeToken (a PaymentIntent id with Stripe). */
    paymentToken: string;
    plan: TPlanForPayment;
    purpose: TPaymentPurpose;
  }): Promise<TConfirmedPayment>;
  /**
   * Turns auto-renew off for a recurring subscription the provider started: no further charge;
   * the period paid for runs to its end and nothing is refunded. A subscription already ended
   * (or unknown to the provider) needs nothing and is not an error.
   */
  endAutoRenew(subscriptionId: string): Promise<void>;
}

/** Stripe's limits: its longest billing interval is a year, its smallest charge 0.50 (major currencies). */
export const RECURRING_MAX_DAYS = 365;
export const CARD_MIN_CENTS = 50;

export class PaymentFailedError extends Error {}

/** The payment exists but is not for this caller, group, plan or price (or does not exist). */
export class PaymentMismatchError extends Error {}

/** The provider could not be reached or answered with an error of its own (not the card's). */
export class PaymentUnavailableError extends Error {}
