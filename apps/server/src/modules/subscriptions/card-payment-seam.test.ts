import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@rostrum/contract';
import { ledgerEntries, memberships } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { PaymentFailedError, type TPaymentProvider } from '../../payments/payment-provider.js';

// The card payment seam with a provider written here (Stripe's is tested in stripe/): a confirmed payment
// grants access and writes a card ledger row with the provider's ids; a failed one is 402 with
// the provider's message and changes nothing.

const DAY = 86_400_000;
const provider: TPaymentProvider = {
  name: 'test',
  async startPayment({ plan }) {
    return { clientSecret: `pi_started_secret_x`, publishableKey: 'pk_test_x', paymentIntentId: `pi_started_${plan.planId}` };
  },
  async confirmPayment({ paymentToken, plan }) {
    if (paymentToken === 'pi_declined') throw new PaymentFailedError('Your card was declined.');
    return { providerTransactionId: `ch_${paymentToken}`, paymentIntentId: paymentToken, amountCents: plan.price, currency: plan.currency };
  },
  async endAutoRenew() {},
};

let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
let planId: string;

beforeAll(async () => {
  t = await startTestApp({ payments: provider });
  o = await makeOrg(t.db);
  const admin = await signInAs(t, o.admin.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/plans',
    headers: { authorization: admin },
    payload: { name: 'Month', price: 1200, duration: 30 },
  });
  planId = res.json().data.planId;
});
afterAll(async () => t?.close());

async function lapsedSpeaker() {
  const u = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - DAY) })
    .where(eq(memberships.userId, u.id));
  return { user: u, auth: await signInAs(t, u.email) };
}

const pay = (authorization: string, stripeToken: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/groups/${o.group.id}/subscription`,
    headers: { authorization },
    payload: { planId, stripeToken },
  });

describe('card payment through a payment provider', () => {
  it('is offered on the subscription page, grants access and writes a card ledger row', async () => {
    const s = await lapsedSpeaker();
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/subscription', headers: { authorization: s.auth } });
    expect(page.json().data.cardPayments).toBe(true);
    const res = await pay(s.auth, 'pi_ok_1');
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, res.json().data.transactionId));
    expect(entry).toMatchObject({
      kind: 'card',
      amountCents: 1200,
      paymentIntentId: 'pi_ok_1',
      providerTransactionId: 'ch_pi_ok_1',
      codeId: null,
    });
    expect(Math.abs(new Date(res.json().data.expires).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
  });

  it('the same payment sent again answers what it granted and grants nothing more', async () => {
    const s = await lapsedSpeaker();
    const first = await pay(s.auth, 'pi_once');
    expect(first.statusCode).toBe(200);
    const again = await pay(s.auth, 'pi_once');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, s.user.id));
    expect(m!.expiresAt!.toISOString()).toBe(first.json().data.expires);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id))).toHaveLength(1);
  });

  it("another user's applied payment is 409 and changes nothing", async () => {
    const a = await lapsedSpeaker();
    const b = await lapsedSpeaker();
    expect((await pay(a.auth, 'pi_theirs')).statusCode).toBe(200);
    const res = await pay(b.auth, 'pi_theirs');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe(ERROR_CODES.paymentAlreadyApplied);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, b.user.id))).toHaveLength(0);
  });

  it('a declined card is 402 with the provider message and changes nothing', async () => {
    const s = await lapsedSpeaker();
    const res = await pay(s.auth, 'pi_declined');
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.paymentFailed, message: 'Your card was declined.' });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id))).toHaveLength(0);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, s.user.id));
    expect(m!.expiresAt!.getTime()).toBeLessThan(Date.now());
  });
});
