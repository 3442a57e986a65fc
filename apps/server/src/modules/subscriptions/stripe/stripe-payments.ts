import Stripe from 'stripe';
import { z } from 'zod';
import type { TStripeConfig } from '../../../config.js';
import {
  PaymentFailedError,
  PaymentMismatchError,
  PaymentUnavailableError,
  type TConfirmedPayment,
  type TPaymentProvider,
  type TPaymentPurpose,
  type TPlanForPayment,
} from '../../../payments/payment-provider.js';

// Card payments with Stripe PaymentIntents (the Payment Element flow, so SCA works). The amount
// and currency always come from the plan on the server; the PaymentIntent's metadata records who
// pays for which group and plan, and confirmPayment checks all of it before access is granted.

export function createStripeClient(cfg: TStripeConfig): Stripe {
  return new Stripe(cfg.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(cfg.api ? { host: cfg.api.host, port: cfg.api.port, protocol: cfg.api.protocol } : {}),
  });
}

/** The metadata this server writes on every PaymentIntent and Subscription it creates. */
export const ZPaymentMetadataSchema = z.object({
  orgId: z.guid(),
  userId: z.guid(),
  groupId: z.guid(),
  planId: z.guid(),
});

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,250}$/;

export class StripePayments implements TPaymentProvider {
  readonly name = 'stripe';

  constructor(
    readonly stripe: Stripe,
    readonly cfg: TStripeConfig,
  ) {}

  async startPayment({ plan, purpose, email }: { plan: TPlanForPayment; purpose: TPaymentPurpose; email: string }) {
    return callStripe(async () => {
      const metadata = { ...purpose };
      if (!plan.recurring) {
        const pi = await this.stripe.paymentIntents.create({
          amount: plan.price,
          currency: plan.currency,
          automatic_payment_methods: { enabled: true },
          description: plan.name,
          metadata,
        });
        return { clientSecret: pi.client_secret!, publishableKey: this.cfg.publishableKey, paymentIntentId: pi.id };
      }
      // A recurring plan is a Stripe Subscription billed every plan.duration days; its first
      // invoice's PaymentIntent is paid in the Payment Element like a one-off payment.
      const customer = await this.stripe.customers.create({ email, metadata });
      const price = await this.stripe.prices.create({
        currency: plan.currency,
        unit_amount: plan.price,
        recurring: { interval: 'day', interval_count: plan.duration },
        product_data: { name: plan.name },
      });
      const sub = await this.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata,
        expand: ['latest_invoice.confirmation_secret'],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new PaymentUnavailableError('Stripe returned no payment for the subscription');
      const paymentIntentId = clientSecret.split('_secret_')[0]!;
      // The invoice's PaymentIntent gets the same metadata, so it is checked like a one-off payment.
      await this.stripe.paymentIntents.update(paymentIntentId, { metadata: { ...metadata, subscriptionId: sub.id } });
      return {
        clientSecret,
        publishableKey: this.cfg.publishableKey,
        paymentIntentId,
        subscription: { id: sub.id, customerId: customer.id },
      };
    });
  }

  async confirmPayment({
    paymentToken,
    plan,
    purpose,
  }: {
    paymentToken: string;
    plan: TPlanForPayment;
    purpose: TPaymentPurpose;
  }): Promise<TConfirmedPayment> {
    if (!PAYMENT_INTENT_ID.test(paymentToken)) throw new PaymentMismatchError('not a PaymentIntent id');
    const pi = await callStripe(() => this.stripe.paymentIntents.retrieve(paymentToken));
    assertPaymentFor(pi, plan, purpose);
    return succeededPayment(pi);
  }

  /**
   * Cancels at the end of the paid period (cancel_at_period_end), so Stripe charges no more and
   * later sends customer.subscription.deleted. A subscription whose first payment never happened
   * (incomplete) is cancelled now: there is no period to run out. Ended or unknown ones need nothing.
   */
  async endAutoRenew(subscriptionId: string): Promise<void> {
    try {
      await callStripe(async () => {
        const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.cancel_at_period_end) return;
        if (sub.status === 'incomplete') await this.stripe.subscriptions.cancel(subscriptionId);
        else await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      });
    } catch (err) {
      if (err instanceof PaymentMismatchError) return; // resource_missing: Stripe has no such subscription
      throw err;
    }
  }

  /**
   * The verified event, or throws (forged or stale signature, wrong secret). The SDK refuses a
   * signature older than the tolerance but not one dated in the future, which a signing secret
   * that leaked once could mint to outlive the window: that is refused here, after the SDK has
   * checked the timestamp is the signed one.
   */
  constructEvent(rawBody: Buffer, signature: string, now = Date.now()): Stripe.Event {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.cfg.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_SECONDS) {
      throw new Error('Stripe-Signature timestamp is in the future');
    }
    return event;
  }
}

/** Seconds a webhook signature's timestamp may be off from now, either way (the SDK's default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A payment is for a plan only at its price, in its currency: the update call and the webhook both ask. */
export function paidAtPlanPrice(paid: { amount: number; currency: string }, plan: { price: number; currency: string }): boolean {
  return paid.amount === plan.price && paid.currency.toLowerCase() === plan.currency.toLowerCase();
}

/** The PaymentIntent must be this caller's, for this group and plan, at the plan's price. */
function assertPaymentFor(pi: Stripe.PaymentIntent, plan: TPlanForPayment, purpose: TPaymentPurpose): void {
  const m = pi.metadata ?? {};
  const same =
    m.orgId === purpose.orgId &&
    m.userId === purpose.userId &&
    m.groupId === purpose.groupId &&
    m.planId === purpose.planId &&
    paidAtPlanPrice(pi, plan);
  if (!same) throw new PaymentMismatchError(`PaymentIntent ${pi.id} is not for this user, group, plan and price`);
}

/** A succeeded PaymentIntent as the ledger records it; any other status is a failed payment. */
export function succeededPayment(pi: Stripe.PaymentIntent): TConfirmedPayment {
  switch (pi.status) {
    case 'succeeded':
      return {
        paymentIntentId: pi.id,
        providerTransactionId: typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null),
        amountCents: pi.amount_received || pi.amount,
        currency: pi.currency,
      };
    case 'processing':
      throw new PaymentFailedError('The payment is still processing. Access is given when it completes.');
    case 'canceled':
      throw new PaymentFailedError('The payment was canceled.');
    default:
      throw new PaymentFailedError(pi.last_payment_error?.message ?? 'The payment was not completed.');
  }
}

/** Stripe's own failures: a card error is the card's (402), a missing object a mismatch, the rest unavailable. */
async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new PaymentFailedError(err.message);
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
      throw new PaymentMismatchError(err.message);
    }
    if (err instanceof Stripe.errors.StripeError) throw new PaymentUnavailableError(err.message, { cause: err });
    throw err;
  }
}
