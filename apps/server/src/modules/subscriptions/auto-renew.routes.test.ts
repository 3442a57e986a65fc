import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { ERROR_CODES } from '@rostrum/contract';
import type { TStripeConfig } from '../../config.js';
import { cardSubscriptions, ledgerEntries, memberships } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { createStripeClient, StripePayments } from './stripe/stripe-payments.js';

// Turning auto-renew off (issue 17): the owner of a recurring card subscription ends it at the end
// of the paid period (Stripe's cancel_at_period_end through the official SDK, here against the
// local stand-in); access keeps its expiry, the call is idempotent, nobody else can end it, and
// Stripe's later customer.subscription.deleted changes nothing more.

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_standin_secret';
const standIn = new StripeStandIn();
const sdk = new Stripe('sk_test_unused');
let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
let other: Awaited<ReturnType<typeof makeOrg>>;
let yearly: string;

beforeAll(async () => {
  const api = await standIn.start();
  const cfg: TStripeConfig = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: WEBHOOK_SECRET, api };
  t = await startTestApp({ payments: new StripePayments(createStripeClient(cfg), cfg), config: { stripe: cfg } });
  o = await makeOrg(t.db);
  other = await makeOrg(t.db);
  const admin = await signInAs(t, o.admin.email);
  yearly = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans',
      headers: { authorization: admin },
      payload: { name: 'Yearly', price: 9900, duration: 365, recurring: true },
    })
  ).json().data.planId;
});
afterAll(async () => {
  await t?.close();
  await standIn.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload });
const endAutoRenew = (authorization: string, groupId = o.group.id) =>
  call('DELETE', `/groups/${groupId}/subscription/auto-renew`, authorization);
const entryOf = async (authorization: string, groupId = o.group.id) =>
  ((await call('GET', '/subscription', authorization)).json().data.subscriptions as { groupId: string; autoRenew: boolean }[]).find(
    (s) => s.groupId === groupId,
  );

/** A lapsed speaker who starts a recurring card payment; `pay`: and completes it (the first period is granted). */
async function recurringSpeaker(pay = true) {
  const u = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - DAY) })
    .where(eq(memberships.userId, u.id));
  const auth = await signInAs(t, u.email);
  const started = await call('POST', `/groups/${o.group.id}/subscription/card-payment`, auth, { planId: yearly });
  expect(started.statusCode, started.body).toBe(200);
  if (pay) {
    const pi = standIn.succeed(started.json().data.paymentIntentId);
    const res = await call('POST', `/groups/${o.group.id}/subscription`, auth, { planId: yearly, stripeToken: pi.id });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [sub] = await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.userId, u.id));
  return { user: u, auth, subId: sub!.id };
}

const rowOf = async (id: string) => (await t.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, id)))[0]!;
const expiryOf = async (userId: string) =>
  (await t.db.select().from(memberships).where(eq(memberships.userId, userId)))[0]!.expiresAt!.toISOString();
const stripeCallsFor = (subId: string) => standIn.requests.filter((r) => r.path === `/v1/subscriptions/${subId}`);

let eventNo = 0;
function webhook(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_autorenew_${++eventNo}_${Date.now()}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1,
    livemode: false,
    data: { object },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

describe('turning auto-renew off', () => {
  it('the owner ends it at the end of the paid period: Stripe gets cancel_at_period_end, access keeps its expiry', async () => {
    const s = await recurringSpeaker();
    expect(await entryOf(s.auth)).toMatchObject({ autoRenew: true });
    const expires = await expiryOf(s.user.id);

    const res = await endAutoRenew(s.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ autoRenew: false, expires });
    const updates = stripeCallsFor(s.subId).filter((r) => r.method === 'POST');
    expect(updates.map((r) => r.body)).toEqual([{ cancel_at_period_end: 'true' }]);
    expect(standIn.subscriptions.get(s.subId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const ended = await rowOf(s.subId);
    expect(ended.endedAt).not.toBeNull();
    expect(await expiryOf(s.user.id)).toBe(expires);
    expect(await entryOf(s.auth)).toMatchObject({ autoRenew: false });

    // Again: 200, nothing more sent or changed.
    const before = standIn.requests.length;
    const again = await endAutoRenew(s.auth);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ autoRenew: false, expires });
    expect(standIn.requests.length).toBe(before);
    expect((await rowOf(s.subId)).endedAt).toEqual(ended.endedAt);

    // Stripe deletes the subscription when the period ends: nothing more changes.
    const ledgerBefore = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id));
    const hook = await webhook('customer.subscription.deleted', { ...standIn.subscriptions.get(s.subId)!, status: 'canceled' });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await rowOf(s.subId)).endedAt).toEqual(ended.endedAt);
    expect(await expiryOf(s.user.id)).toBe(expires);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id))).toEqual(ledgerBefore);
    // Stripe's update announcing the cancellation is ignored too.
    const updated = await webhook('customer.subscription.updated', { ...standIn.subscriptions.get(s.subId)! });
    expect(updated.json().data.outcome).toBe('ignored');
    expect(await entryOf(s.auth)).toMatchObject({ autoRenew: false });
  });

  it('nobody else can end it: other members, the admin, another organisation get 404 and it keeps renewing', async () => {
    const s = await recurringSpeaker();
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const callers = await Promise.all([peer, o.coach, o.admin, other.admin, other.speaker].map((u) => signInAs(t, u.email)));
    const before = standIn.requests.length;
    for (const who of callers) {
      const res = await endAutoRenew(who);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errors[0]).toMatchObject({ status: 404, code: ERROR_CODES.resourceNotFound });
    }
    // The owner's own call for another organisation's group, or an unknown one, is 404 too.
    expect((await endAutoRenew(s.auth, other.group.id)).statusCode).toBe(404);
    expect((await endAutoRenew(s.auth, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await endAutoRenew(s.auth, 'not-an-id')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/groups/${o.group.id}/subscription/auto-renew` })).statusCode).toBe(401);
    expect(standIn.requests.length).toBe(before);
    expect((await rowOf(s.subId)).endedAt).toBeNull();
    expect(await entryOf(s.auth)).toMatchObject({ autoRenew: true });
    expect(await entryOf(callers[0]!)).toMatchObject({ autoRenew: false });
  });

  it('a first payment never made is cancelled at Stripe right away', async () => {
    const s = await recurringSpeaker(false);
    const res = await endAutoRenew(s.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripeCallsFor(s.subId).map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(standIn.subscriptions.get(s.subId)).toMatchObject({ status: 'canceled' });
    expect((await rowOf(s.subId)).endedAt).not.toBeNull();
  });

  it('a subscription Stripe no longer has is marked ended', async () => {
    const s = await recurringSpeaker();
    standIn.subscriptions.delete(s.subId);
    const res = await endAutoRenew(s.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(s.subId)).endedAt).not.toBeNull();
  });
});
