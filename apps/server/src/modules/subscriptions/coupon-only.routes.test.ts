import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TStripeConfig } from '../../config.js';
import { ledgerEntries, memberships, organisations } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { createStripeClient, StripePayments } from './stripe/stripe-payments.js';

// Coupon-only organisations (issue 17): the org admin's "Payment methods" setting, and the one
// rule that a coupon-only organisation takes no card payments while prepaid codes still work,
// with Stripe configured on the server (so only the setting refuses the card).

const DAY = 86_400_000;
const standIn = new StripeStandIn();
let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
let other: Awaited<ReturnType<typeof makeOrg>>;
const key = { admin: '', coach: '', speaker: '', otherAdmin: '' };
let month: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload });

const setCouponOnly = (couponOnly: boolean, authorization = key.admin) =>
  call('PATCH', '/admin/billing-settings', authorization, { couponOnly });

beforeAll(async () => {
  const api = await standIn.start();
  const cfg: TStripeConfig = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_standin', api };
  t = await startTestApp({ payments: new StripePayments(createStripeClient(cfg), cfg), config: { stripe: cfg } });
  o = await makeOrg(t.db, { settings: { euUsers: true, seatLimit: 50 } });
  other = await makeOrg(t.db);
  const keys = await Promise.all([o.admin, o.coach, o.speaker, other.admin].map((u) => signInAs(t, u.email)));
  Object.assign(key, { admin: keys[0], coach: keys[1], speaker: keys[2], otherAdmin: keys[3] });
  month = (await call('POST', '/admin/plans', key.admin, { name: 'Month', price: 1200, duration: 30 })).json().data.planId;
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

const settingsOf = async (orgId: string) => (await t.db.select().from(organisations).where(eq(organisations.id, orgId)))[0]!.settings;

describe('payment methods in the admin area', () => {
  it('an org admin reads and sets coupon-only; the other settings stay', async () => {
    const read = await call('GET', '/admin/billing-settings', key.admin);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ couponOnly: false, cardPaymentsConfigured: true });

    const on = await setCouponOnly(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ couponOnly: true, cardPaymentsConfigured: true });
    expect(await settingsOf(o.org.id)).toEqual({ euUsers: true, seatLimit: 50, couponOnly: true });
    const org = (await call('GET', '/org', key.speaker)).json().data;
    expect(org.settings.couponOnly).toBe(true);

    expect((await setCouponOnly(false)).json().data.couponOnly).toBe(false);
    expect(await settingsOf(o.org.id)).toEqual({ euUsers: true, seatLimit: 50, couponOnly: false });
  });

  it('refuses speakers and coaches (403); another organisation’s admin changes only their own', async () => {
    for (const who of [key.speaker, key.coach]) {
      const get = await call('GET', '/admin/billing-settings', who);
      expect(get.statusCode).toBe(403);
      const set = await setCouponOnly(true, who);
      expect(set.statusCode).toBe(403);
      expect(set.json()).toEqual({ errors: [{ status: 403, message: MSG.forbidden, code: ERROR_CODES.permissionDenied }] });
    }
    expect((await setCouponOnly(true, key.otherAdmin)).statusCode).toBe(200);
    expect(await settingsOf(o.org.id)).toMatchObject({ couponOnly: false });
    expect(await settingsOf(other.org.id)).toEqual({ couponOnly: true });
    expect((await call('GET', '/admin/billing-settings', key.admin)).json().data.couponOnly).toBe(false);
  });

  it('checks the input', async () => {
    for (const body of [{}, { couponOnly: 'yes' }, { couponOnly: true, orgId: other.org.id }, { couponOnly: null }]) {
      const res = await call('PATCH', '/admin/billing-settings', key.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    expect(await settingsOf(o.org.id)).toMatchObject({ couponOnly: false });
  });
});

describe('a coupon-only organisation', () => {
  it('takes no card payment: the page says so, both card calls are 400 payment.prepaid_only and nothing is charged', async () => {
    const s = await lapsedSpeaker();
    // Started while cards were taken, confirmed after the switch.
    const started = await call('POST', `/groups/${o.group.id}/subscription/card-payment`, s.auth, { planId: month });
    expect(started.statusCode, started.body).toBe(200);
    const pi = standIn.succeed(started.json().data.paymentIntentId);
    expect((await call('GET', '/subscription', s.auth)).json().data).toMatchObject({ cardPayments: true, couponOnly: false });

    await setCouponOnly(true);
    try {
      const page = (await call('GET', '/subscription', s.auth)).json().data;
      expect(page).toMatchObject({ cardPayments: false, couponOnly: true, canSubscribe: true });
      const before = standIn.paymentIntents.size;
      const refused = { status: 400, message: MSG.cardPaymentPrepaidOnly, code: ERROR_CODES.paymentPrepaidOnly };
      const start = await call('POST', `/groups/${o.group.id}/subscription/card-payment`, s.auth, { planId: month });
      expect(start.statusCode).toBe(400);
      expect(start.json()).toEqual({ errors: [refused] });
      expect(standIn.paymentIntents.size).toBe(before);
      const update = await call('POST', `/groups/${o.group.id}/subscription`, s.auth, { planId: month, stripeToken: pi.id });
      expect(update.statusCode).toBe(400);
      expect(update.json()).toEqual({ errors: [refused] });
      expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id))).toHaveLength(0);
      // Whose membership it is still comes first: a coach has nothing to pay for (409), another group is 404.
      expect((await call('POST', `/groups/${o.group.id}/subscription/card-payment`, key.coach, { planId: month })).statusCode).toBe(409);
      expect((await call('POST', `/groups/${other.group.id}/subscription/card-payment`, s.auth, { planId: month })).statusCode).toBe(404);
    } finally {
      await setCouponOnly(false);
    }
  });

  it('still redeems prepaid codes', async () => {
    await setCouponOnly(true);
    try {
      const s = await lapsedSpeaker();
      const batch = (await call('POST', `/admin/plans/${month}/codes`, key.admin, { count: 1 })).json().data;
      const res = await call('POST', `/groups/${o.group.id}/subscription`, s.auth, { planId: month, accessCode: batch.codes[0] });
      expect(res.statusCode, res.body).toBe(200);
      expect(Math.abs(new Date(res.json().data.expires).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
    } finally {
      await setCouponOnly(false);
    }
  });

  it('another organisation being coupon-only does not touch this one', async () => {
    await setCouponOnly(true, key.otherAdmin);
    const s = await lapsedSpeaker();
    expect((await call('GET', '/subscription', s.auth)).json().data).toMatchObject({ cardPayments: true, couponOnly: false });
    const start = await call('POST', `/groups/${o.group.id}/subscription/card-payment`, s.auth, { planId: month });
    expect(start.statusCode, start.body).toBe(200);
  });
});
