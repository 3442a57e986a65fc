import type Stripe from 'stripe';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import { badRequest, HttpError } from '../../../errors.js';
import { findOrgGroup } from '../../memberships/index.js';
import { endCardSubscription, findCardSubscription, markPaymentEvent, paymentEventSeen } from '../card-subscriptions.repository.js';
import { findPlan } from '../plans.repository.js';
import { grantPaidAccess, isUniqueViolation, type TPaid } from '../subscriptions.service.js';
import { reportError } from '../../../observability/error-reporting.js';
import { paidAtPlanPrice, StripePayments, succeededPayment, ZPaymentMetadataSchema } from './stripe-payments.js';

// Stripe's webhook: verified with the signing secret on the raw body, each event applied once
// (its id is stored in the transaction that applies it). payment_intent.succeeded grants the first
// payment (the update call may have granted it already: then nothing changes), invoice.paid of a
// subscription's later period extends access, customer.subscription.deleted ends auto-renew.

type TOutcome = string;

const PRICE_MISMATCH = 'refused: the amount or currency is not the plan price';

class AlreadyProcessed extends Error {}

type TLog = { error: (obj: object, msg: string) => void };

export async function handleStripeWebhook(
  deps: TDeps,
  log: TLog,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ received: true; outcome: TOutcome }> {
  const stripe = deps.payments instanceof StripePayments ? deps.payments : null;
  if (!stripe) throw badRequest(MSG.cardPaymentNotConfigured, ERROR_CODES.paymentNotConfigured);
  let event: Stripe.Event;
  try {
    if (!rawBody || !signature) throw new Error('no body or signature');
    event = stripe.constructEvent(rawBody, signature);
  } catch {
    throw badRequest(MSG.paymentWebhookInvalid, ERROR_CODES.paymentWebhookInvalid);
  }
  if (await paymentEventSeen(deps.db, event.id)) return { received: true, outcome: 'replay' };
  const outcome = await applyEvent(deps, log, event);
  return { received: true, outcome };
}

const record = (deps: TDeps, event: Stripe.Event, outcome: TOutcome) =>
  markPaymentEvent(deps.db, { eventId: event.id, provider: 'stripe', type: event.type, outcome }).then((fresh) =>
    fresh ? outcome : 'replay',
  );

async function applyEvent(deps: TDeps, log: TLog, event: Stripe.Event): Promise<TOutcome> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const meta = ZPaymentMetadataSchema.safeParse(pi.metadata);
      if (!meta.success) return record(deps, event, 'ignored: not a Rostrum payment');
      return grantForEvent(deps, log, event, meta.data, { kind: 'card', ...succeededPayment(pi) });
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      // The first invoice's PaymentIntent grants through payment_intent.succeeded.
      if (invoice.billing_reason !== 'subscription_cycle') return record(deps, event, 'ignored: not a renewal');
      const subRef = invoice.parent?.subscription_details?.subscription;
      const subId = typeof subRef === 'string' ? subRef : subRef?.id;
      const sub = subId ? await findCardSubscription(deps.db, subId) : null;
      if (!sub?.userId || !sub.groupId || !sub.planId) return record(deps, event, 'ignored: unknown subscription');
      return grantForEvent(
        deps,
        log,
        event,
        { orgId: sub.orgId, userId: sub.userId, groupId: sub.groupId, planId: sub.planId },
        { kind: 'card', amountCents: invoice.amount_paid, currency: invoice.currency, providerTransactionId: invoice.id },
        'renewed',
      );
    }
    case 'customer.subscription.updated':
      // An abandoned first payment: Stripe expires the incomplete subscription after a day.
      if (event.data.object.status !== 'incomplete_expired') return record(deps, event, 'ignored');
      return endSubscription(deps, event, event.data.object.id);
    case 'customer.subscription.deleted':
      return endSubscription(deps, event, event.data.object.id);
    default:
      return record(deps, event, 'ignored');
  }
}

async function endSubscription(deps: TDeps, event: Stripe.Event, subscriptionId: string): Promise<TOutcome> {
  const ended = await deps.db.transaction(async (tx) => {
    if (!(await markPaymentEvent(tx, { eventId: event.id, provider: 'stripe', type: event.type, outcome: 'auto-renew ended' }))) {
      return false;
    }
    await endCardSubscription(tx, subscriptionId, new Date());
    return true;
  });
  return ended ? 'auto-renew ended' : 'replay';
}

/**
 * Grants the plan's days with the event recorded in the same transaction. A grant that cannot
 * apply (membership gone, no seat) is recorded with its reason and logged: retrying would not help,
 * and the operator refunds or grants by hand.
 */
async function grantForEvent(
  deps: TDeps,
  log: TLog,
  event: Stripe.Event,
  who: { orgId: string; userId: string; groupId: string; planId: string },
  paid: TPaid,
  granted: TOutcome = 'granted',
): Promise<TOutcome> {
  const [group, plan] = await Promise.all([findOrgGroup(deps.db, who.orgId, who.groupId), findPlan(deps.db, who.orgId, who.planId)]);
  if (!group || !plan) return record(deps, event, 'refused: group or plan not found');
  // The synchronous path's check: a payment grants its plan only at the plan's price and currency.
  if (!paidAtPlanPrice({ amount: paid.amountCents, currency: paid.currency }, { price: plan.priceCents, currency: plan.currency })) {
    const mismatch = { eventId: event.id, type: event.type, ...who, amountCents: paid.amountCents, currency: paid.currency };
    log.error(
      { ...mismatch, planPriceCents: plan.priceCents, planCurrency: plan.currency },
      'Stripe payment not applied: not the plan price',
    );
    reportError(new Error('Stripe payment not applied: the amount or currency is not the plan price'), {
      eventId: event.id,
      type: event.type,
      orgId: who.orgId,
    });
    return record(deps, event, PRICE_MISMATCH);
  }
  try {
    await grantPaidAccess(deps, who, group, plan, async (tx) => {
      const fresh = await markPaymentEvent(tx, { eventId: event.id, provider: 'stripe', type: event.type, outcome: granted });
      if (!fresh) throw new AlreadyProcessed();
      return paid;
    });
    return granted;
  } catch (err) {
    if (err instanceof AlreadyProcessed) return 'replay';
    // The update call applied this PaymentIntent first.
    if (isUniqueViolation(err)) return record(deps, event, 'already granted');
    if (err instanceof HttpError) {
      log.error({ eventId: event.id, type: event.type, ...who }, `Stripe payment not applied: ${err.message}`);
      return record(deps, event, `refused: ${err.message}`);
    }
    throw err;
  }
}
