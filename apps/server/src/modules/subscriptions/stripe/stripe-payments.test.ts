import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { ERROR_CODES } from '@rostrum/contract';
import type { TStripeConfig } from '../../../config.js';
import { cardSubscriptions, ledgerEntries, memberships, organisations, paymentEvents } from '../../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';
import { StripeStandIn } from '../../../test/stripe-stand-in.js';
import { createStripeClient, StripePayments } from './stripe-payments.js';

// Card payments through the official SDK against a local Stripe stand-in, and Stripe's webhook
// signed with the SDK's own test header: grants with the right expiry and a ledger row, a decline
// is 402 with Stripe's message, another user's or a cheaper plan's PaymentIntent is refused, the
// update call and the webhook grant once between them, forged and replayed webhooks change
// nothing, and a recurring plan's renewal invoice extends access.

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_standin_secret';
const standIn = new StripeStandIn();
let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
let month: string;
let cheap: string;
let yearly: string;
const sdk = new Stripe('sk_test_unused');

beforeAll(async () => {
  const api = await standIn.start();
  const cfg: TStripeConfig = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: WEBHOOK_SECRET, api };
  t = await startTestApp({ payments: new StripePayments(createStripeClient(cfg), cfg), config: { stripe: cfg } });
  o = await makeOrg(t.db);
  const admin = await signInAs(t, o.admin.email);
  const plan = async (payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/admin/plans', headers: { authorization: admin }, payload })).json().data
      .planId as string;
  month = await plan({ name: 'Month', price: 1200, duration: 30 });
  cheap = await plan({ name: 'Week', price: 300, duration: 7 });
  yearly = await plan({ name: 'Yearly', price: 9900, duration: 365, recurring: true });
});
afterAll(async () => {
  await t?.close();
  await standIn.close();
});

async function lapsedSpeaker() {
  const u = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - DAY) })
    .where(eq(memberships.userId, u.id));
  return { user: u, auth: await signInAs(t, u.email) };
}

const start = (authorization: string, planId: string, groupId = o.group.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/groups/${groupId}/subscription/card-payment`,
    headers: { authorization },
    payload: { planId },
  });

const update = (authorization: string, planId: string, stripeToken: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/groups/${o.group.id}/subscription`,
    headers: { authorization },
    payload: { planId, stripeToken },
  });

let eventNo = 0;
function stripeEvent(type: string, object: object, id = `evt_test_${++eventNo}_${Date.now()}`) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: 1, livemode: false, data: { object } });
}

const webhook = (payload: string, secret = WEBHOOK_SECRET, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });

const expiryOf = async (userId: string) =>
  (await t.db.select().from(memberships).where(eq(memberships.userId, userId)))[0]!.expiresAt!.getTime();
const ledgerOf = (userId: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

describe('card payment with Stripe', () => {
  it('starts a PaymentIntent priced from the plan, and the update call grants with the right expiry and a ledger row', async () => {
    const s = await lapsedSpeaker();
    const started = await start(s.auth, month);
    expect(started.statusCode, started.body).toBe(200);
    const d = started.json().data;
    expect(d).toMatchObject({ publishableKey: 'pk_test_standin', recurring: false });
    const pi = standIn.paymentIntents.get(d.paymentIntentId)!;
    expect(d.clientSecret).toBe(pi.client_secret);
    expect(pi).toMatchObject({
      amount: 1200,
      currency: 'usd',
      metadata: { orgId: o.org.id, userId: s.user.id, groupId: o.group.id, planId: month },
    });

    standIn.succeed(pi.id);
    const res = await update(s.auth, month, pi.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(Math.abs(new Date(res.json().data.expires).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
    const rows = await ledgerOf(s.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json().data.transactionId,
      kind: 'card',
      amountCents: 1200,
      currency: 'usd',
      paymentIntentId: pi.id,
      providerTransactionId: pi.latest_charge,
      planId: month,
    });

    // Stripe's payment_intent.succeeded arriving after the update call changes nothing.
    const expires = await expiryOf(s.user.id);
    const hook = await webhook(stripeEvent('payment_intent.succeeded', pi));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().data.outcome).toBe('already granted');
    expect(await expiryOf(s.user.id)).toBe(expires);
    expect(await ledgerOf(s.user.id)).toHaveLength(1);
  });

  it('the webhook grants first; the update call then answers the same grant and changes nothing', async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.succeed((await start(s.auth, month)).json().data.paymentIntentId);
    const hook = await webhook(stripeEvent('payment_intent.succeeded', pi));
    expect(hook.json().data.outcome).toBe('granted');
    const expires = await expiryOf(s.user.id);
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
    const res = await update(s.auth, month, pi.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().data.expires).getTime()).toBe(expires);
    expect(await expiryOf(s.user.id)).toBe(expires);
    expect(await ledgerOf(s.user.id)).toHaveLength(1);
  });

  it('the update call and the webhook racing grant once', async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.succeed((await start(s.auth, month)).json().data.paymentIntentId);
    const [res, hook] = await Promise.all([update(s.auth, month, pi.id), webhook(stripeEvent('payment_intent.succeeded', pi))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(['granted', 'already granted']).toContain(hook.json().data.outcome);
    const rows = await ledgerOf(s.user.id);
    expect(rows).toHaveLength(1);
    expect(res.json().data.transactionId).toBe(rows[0]!.id);
    expect(Math.abs((await expiryOf(s.user.id)) - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
  });

  it("a declined card is 402 with Stripe's message and changes nothing", async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.decline((await start(s.auth, month)).json().data.paymentIntentId, 'Your card has insufficient funds.');
    const res = await update(s.auth, month, pi.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.paymentFailed, message: 'Your card has insufficient funds.' });
    expect(await ledgerOf(s.user.id)).toHaveLength(0);
    expect(await expiryOf(s.user.id)).toBeLessThan(Date.now());
  });

  it("refuses another user's PaymentIntent, a cheaper plan's, a wrong amount and an unknown id", async () => {
    const a = await lapsedSpeaker();
    const b = await lapsedSpeaker();
    const theirs = standIn.succeed((await start(a.auth, month)).json().data.paymentIntentId);
    const cheaper = standIn.succeed((await start(b.auth, cheap)).json().data.paymentIntentId);
    const wrongAmount = standIn.succeed(
      standIn.createPaymentIntent({
        amount: 100,
        currency: 'usd',
        metadata: { orgId: o.org.id, userId: b.user.id, groupId: o.group.id, planId: month },
      }).id,
    );
    for (const [planId, token] of [
      [month, theirs.id],
      [month, cheaper.id],
      [month, wrongAmount.id],
      [month, 'pi_doesnotexist'],
      [month, 'not-a-payment-intent'],
    ] as const) {
      const res = await update(b.auth, planId, token);
      expect(res.statusCode, `${token}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.paymentInvalid);
    }
    expect(await ledgerOf(b.user.id)).toHaveLength(0);
    expect(await expiryOf(b.user.id)).toBeLessThan(Date.now());
  });

  it('refuses to start a payment for a membership that cannot be paid for, before charging', async () => {
    const s = await lapsedSpeaker();
    const coach = await addMember(t.db, o.org.id, o.group.id, ['manager']);
    const before = standIn.paymentIntents.size;
    expect((await start(await signInAs(t, coach.email), month)).statusCode).toBe(409);
    expect((await start(s.auth, month, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A full organisation: no seat for a lapsed speaker.
    await t.db
      .update(organisations)
      .set({ settings: { seatLimit: 0 } })
      .where(eq(organisations.id, o.org.id));
    const full = await start(s.auth, month);
    await t.db.update(organisations).set({ settings: {} }).where(eq(organisations.id, o.org.id));
    expect(full.statusCode).toBe(402);
    expect(full.json().errors[0].code).toBe(ERROR_CODES.seatsLimitReached);
    expect(standIn.paymentIntents.size).toBe(before);
  });
});

describe("Stripe's webhook", () => {
  it('forged, unsigned or stale signatures are 400 and change nothing', async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.succeed((await start(s.auth, month)).json().data.paymentIntentId);
    const payload = stripeEvent('payment_intent.succeeded', pi);
    const stale = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const res of [
      await webhook(payload, 'whsec_someone_else'),
      await webhook(payload, WEBHOOK_SECRET, 't=1,v1=deadbeef'),
      await webhook(payload, WEBHOOK_SECRET, stale),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.paymentWebhookInvalid);
    }
    // Signed with a timestamp in the future beyond the tolerance (300 s): refused as a stale one.
    const ahead = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const aheadRes = await webhook(payload, WEBHOOK_SECRET, ahead);
    expect(aheadRes.statusCode, aheadRes.body).toBe(400);
    expect(aheadRes.json().errors[0].code).toBe(ERROR_CODES.paymentWebhookInvalid);
    // A clock a little ahead is within the tolerance.
    const ignored = stripeEvent('customer.subscription.updated', { id: 'sub_none', status: 'active' });
    const slightlyAhead = sdk.webhooks.generateTestHeaderString({
      payload: ignored,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await webhook(ignored, WEBHOOK_SECRET, slightlyAhead)).statusCode).toBe(200);
    // A body changed after signing.
    const signed = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace(pi.id, 'pi_other');
    expect((await webhook(tampered, WEBHOOK_SECRET, signed)).statusCode).toBe(400);
    expect(await ledgerOf(s.user.id)).toHaveLength(0);
    expect(await expiryOf(s.user.id)).toBeLessThan(Date.now());
  });

  it('a replayed event is 200 and changes nothing', async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.succeed((await start(s.auth, month)).json().data.paymentIntentId);
    const payload = stripeEvent('payment_intent.succeeded', pi);
    expect((await webhook(payload)).json().data.outcome).toBe('granted');
    const expires = await expiryOf(s.user.id);
    const again = await webhook(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('replay');
    expect(await expiryOf(s.user.id)).toBe(expires);
    expect(await ledgerOf(s.user.id)).toHaveLength(1);
  });

  it("refuses and reports a payment whose amount or currency is not the plan's: nothing is granted", async () => {
    const s = await lapsedSpeaker();
    const pi = standIn.succeed((await start(s.auth, month)).json().data.paymentIntentId);
    for (const [i, wrong] of [{ amount: 300, amount_received: 300 }, { currency: 'eur' }].entries()) {
      const res = await webhook(stripeEvent('payment_intent.succeeded', { ...pi, ...wrong, id: `${pi.id}_${i}` }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.outcome).toBe('refused: the amount or currency is not the plan price');
    }
    expect(await ledgerOf(s.user.id)).toHaveLength(0);
    expect(await expiryOf(s.user.id)).toBeLessThan(Date.now());
    const refused = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, 'refused: the amount or currency is not the plan price'));
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it('ignores PaymentIntents this server did not make', async () => {
    const pi = standIn.succeed(standIn.createPaymentIntent({ amount: 500, currency: 'usd' }).id);
    const res = await webhook(stripeEvent('payment_intent.succeeded', pi));
    expect(res.json().data.outcome).toMatch(/^ignored/);
  });
});

describe('recurring plans as Stripe subscriptions', () => {
  it('the first payment grants, a renewal invoice extends from the expiry, and deletion ends auto-renew', async () => {
    const s = await lapsedSpeaker();
    const started = await start(s.auth, yearly);
    expect(started.statusCode, started.body).toBe(200);
    const d = started.json().data;
    expect(d.recurring).toBe(true);
    const [sub] = await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.userId, s.user.id));
    expect(sub).toMatchObject({ provider: 'stripe', groupId: o.group.id, planId: yearly, endedAt: null });
    const stripeSub = standIn.subscriptions.get(sub!.id)!;
    expect(stripeSub).toMatchObject({ payment_behavior: 'default_incomplete', metadata: { userId: s.user.id, planId: yearly } });
    const pi = standIn.paymentIntents.get(d.paymentIntentId)!;
    expect(pi).toMatchObject({ amount: 9900, metadata: { userId: s.user.id, planId: yearly, subscriptionId: sub!.id } });

    standIn.succeed(pi.id);
    const first = await update(s.auth, yearly, pi.id);
    expect(first.statusCode, first.body).toBe(200);
    const firstExpiry = await expiryOf(s.user.id);
    expect(Math.abs(firstExpiry - (Date.now() + 365 * DAY))).toBeLessThan(10_000);

    // The first invoice's own invoice.paid is not a renewal.
    const invoice = (reason: string) => ({
      id: `in_${reason}_${Date.now()}`,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: 9900,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub!.id }, quote_details: null },
    });
    expect((await webhook(stripeEvent('invoice.paid', invoice('subscription_create')))).json().data.outcome).toMatch(/^ignored/);
    expect(await expiryOf(s.user.id)).toBe(firstExpiry);

    // A renewal invoice for less than the plan's price grants nothing.
    const short = stripeEvent('invoice.paid', { ...invoice('subscription_cycle'), amount_paid: 100 });
    expect((await webhook(short)).json().data.outcome).toBe('refused: the amount or currency is not the plan price');
    expect(await expiryOf(s.user.id)).toBe(firstExpiry);

    const renewal = stripeEvent('invoice.paid', invoice('subscription_cycle'));
    expect((await webhook(renewal)).json().data.outcome).toBe('renewed');
    expect(await expiryOf(s.user.id)).toBe(firstExpiry + 365 * DAY);
    expect((await webhook(renewal)).json().data.outcome).toBe('replay');
    expect(await expiryOf(s.user.id)).toBe(firstExpiry + 365 * DAY);
    const rows = await ledgerOf(s.user.id);
    expect(rows.map((r) => r.kind)).toEqual(['card', 'card']);
    expect(rows.find((r) => r.paymentIntentId === null)).toMatchObject({
      amountCents: 9900,
      providerTransactionId: expect.stringMatching(/^in_/),
    });

    const deleted = stripeEvent('customer.subscription.deleted', { ...stripeSub, status: 'canceled' });
    expect((await webhook(deleted)).json().data.outcome).toBe('auto-renew ended');
    expect((await webhook(deleted)).json().data.outcome).toBe('replay');
    const [ended] = await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, sub!.id));
    expect(ended!.endedAt).not.toBeNull();
    expect(await expiryOf(s.user.id)).toBe(firstExpiry + 365 * DAY);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'customer.subscription.deleted'))).toHaveLength(1);
  });

  it('an abandoned first payment (incomplete_expired) ends the subscription and grants nothing', async () => {
    const s = await lapsedSpeaker();
    await start(s.auth, yearly);
    const [sub] = await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.userId, s.user.id));
    const stripeSub = standIn.subscriptions.get(sub!.id)!;
    const active = await webhook(stripeEvent('customer.subscription.updated', { ...stripeSub, status: 'active' }));
    expect(active.json().data.outcome).toBe('ignored');
    const expired = await webhook(stripeEvent('customer.subscription.updated', { ...stripeSub, status: 'incomplete_expired' }));
    expect(expired.json().data.outcome).toBe('auto-renew ended');
    const [ended] = await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, sub!.id));
    expect(ended!.endedAt).not.toBeNull();
    expect(await ledgerOf(s.user.id)).toHaveLength(0);
  });
});
