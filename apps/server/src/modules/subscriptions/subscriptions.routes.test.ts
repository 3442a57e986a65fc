import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { ledgerEntries, memberships, prepaidCodes } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { PREPAID_CODE_FAILURES_PER_ADDRESS, PREPAID_CODE_FAILURES_PER_USER } from './prepaid-code-limits.js';

// Paid access on the server (issue 17): plans and prepaid codes in the admin area, redemption by
// a speaker (once, atomically, rate limited), the ledger written with the access change, and the
// 402 of a lapsed speaker lifted by it.

const DAY = 86_400_000;
let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
let other: Awaited<ReturnType<typeof makeOrg>>;
const key: Record<'admin' | 'coach' | 'speaker' | 'otherAdmin', string> = { admin: '', coach: '', speaker: '', otherAdmin: '' };
let addressSeq = 0;
/** Each call from its own address unless given one, so the address limit only counts where tested. */
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: object, remoteAddress?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization },
    payload,
    remoteAddress: remoteAddress ?? `10.1.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
  });

beforeAll(async () => {
  t = await startTestApp();
  o = await makeOrg(t.db);
  other = await makeOrg(t.db);
  const keys = await Promise.all([o.admin, o.coach, o.speaker, other.admin].map((u) => signInAs(t, u.email)));
  Object.assign(key, { admin: keys[0], coach: keys[1], speaker: keys[2], otherAdmin: keys[3] });
});
afterAll(async () => t?.close());

async function createPlan(authorization = key.admin, body: object = {}) {
  const res = await call('POST', '/admin/plans', authorization, { name: 'Quarter', price: 2500, duration: 90, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { planId: string; name: string; price: number; duration: number; archived: boolean };
}

async function codesFor(planId: string, count = 1, authorization = key.admin, groupId?: string) {
  const res = await call('POST', `/admin/plans/${planId}/codes`, authorization, { count, ...(groupId ? { groupId } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { batchId: string; codes: string[]; csv: string };
}

/** A speaker of the main group whose access ended `daysAgo` days ago (negative: still active for that many days). */
async function lapsedSpeaker(daysAgo = 3) {
  const u = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(memberships.userId, u.id));
  return { user: u, auth: await signInAs(t, u.email) };
}

const redeem = (authorization: string, planId: string, accessCode: string, groupId = o.group.id, remoteAddress?: string) =>
  call('POST', `/groups/${groupId}/subscription`, authorization, { planId, accessCode }, remoteAddress);

const expectCodeRefused = (res: Awaited<ReturnType<typeof redeem>>) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    errors: [{ status: 400, message: MSG.subscriptionUpdateFailed, code: ERROR_CODES.subscriptionCodeInvalid }],
  });
};

describe('plans in the admin area', () => {
  it('an org admin creates, lists by price descending, updates and archives plans', async () => {
    const cheap = await createPlan(key.admin, { name: 'Month', price: 1000, duration: 30 });
    const dear = await createPlan(key.admin, { name: 'Year', price: 9900, duration: 365, recurring: true });
    const list = (await call('GET', '/admin/plans', key.admin)).json().data as { planId: string }[];
    const ids = list.map((p) => p.planId);
    expect(ids.indexOf(dear.planId)).toBeLessThan(ids.indexOf(cheap.planId));

    const renamed = await call('PATCH', `/admin/plans/${cheap.planId}`, key.admin, { name: 'Monthly', price: 1200 });
    expect(renamed.json().data).toMatchObject({ name: 'Monthly', price: 1200, duration: 30, archived: false });

    const archived = await call('PATCH', `/admin/plans/${cheap.planId}`, key.admin, { archived: true });
    expect(archived.json().data.archived).toBe(true);
    // Offered plans (GET org, the subscription page) leave it out; the admin list keeps it.
    const org = (await call('GET', '/org', key.speaker)).json().data as { plans: { planId: string; price: number }[] };
    expect(org.plans.map((p) => p.planId)).toContain(dear.planId);
    expect(org.plans.map((p) => p.planId)).not.toContain(cheap.planId);
    expect(org.plans.map((p) => p.price)).toEqual([...org.plans.map((p) => p.price)].sort((a, b) => b - a));
    const page = (await call('GET', '/subscription', key.speaker)).json().data as { plans: { planId: string }[] };
    expect(page.plans.map((p) => p.planId)).not.toContain(cheap.planId);
    expect(((await call('GET', '/admin/plans', key.admin)).json().data as { planId: string }[]).map((p) => p.planId)).toContain(
      cheap.planId,
    );
  });

  it('refuses speakers and coaches (403), and another organisation sees none of them (404)', async () => {
    const plan = await createPlan();
    for (const who of [key.speaker, key.coach]) {
      expect((await call('GET', '/admin/plans', who)).statusCode).toBe(403);
      expect((await call('POST', '/admin/plans', who, { name: 'X', price: 1, duration: 1 })).statusCode).toBe(403);
      expect((await call('PATCH', `/admin/plans/${plan.planId}`, who, { archived: true })).statusCode).toBe(403);
      expect((await call('POST', `/admin/plans/${plan.planId}/codes`, who, { count: 1 })).statusCode).toBe(403);
      expect((await call('GET', '/admin/prepaid-codes', who)).statusCode).toBe(403);
      expect((await call('GET', '/admin/ledger', who)).statusCode).toBe(403);
    }
    const foreign = await call('PATCH', `/admin/plans/${plan.planId}`, key.otherAdmin, { name: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].code).toBe(ERROR_CODES.planNotFound);
    expect((await call('POST', `/admin/plans/${plan.planId}/codes`, key.otherAdmin, { count: 1 })).statusCode).toBe(404);
    const theirs = (await call('GET', '/admin/plans', key.otherAdmin)).json().data as { planId: string }[];
    expect(theirs.map((p) => p.planId)).not.toContain(plan.planId);
    // Unchanged by the refused calls.
    const mine = ((await call('GET', '/admin/plans', key.admin)).json().data as { planId: string; name: string; archived: boolean }[]).find(
      (p) => p.planId === plan.planId,
    );
    expect(mine).toMatchObject({ name: 'Quarter', archived: false });
  });

  it('checks the input: name, price in cents, duration in days', async () => {
    for (const body of [
      { name: '', price: 100, duration: 30 },
      { name: 'A', price: -1, duration: 30 },
      { name: 'A', price: 10.5, duration: 30 },
      { name: 'A', price: 100, duration: 0 },
      { name: 'A', price: 100, duration: 30, orgId: other.org.id },
    ]) {
      const res = await call('POST', '/admin/plans', key.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
  });
});

describe('prepaid codes in the admin area', () => {
  it('generates a batch: the plain codes and CSV once, only hashes stored', async () => {
    const plan = await createPlan();
    const batch = await codesFor(plan.planId, 25);
    expect(batch.codes).toHaveLength(25);
    expect(new Set(batch.codes).size).toBe(25);
    for (const c of batch.codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const lines = batch.csv.trim().split('\n');
    expect(lines[0]).toBe('code,plan,price,durationDays,group,batchId');
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe(`${batch.codes[0]},Quarter,25.00,90,,${batch.batchId}`);

    const stored = await t.db.select().from(prepaidCodes).where(eq(prepaidCodes.batchId, batch.batchId));
    expect(stored).toHaveLength(25);
    const dump = JSON.stringify(stored);
    for (const c of batch.codes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace(/-/g, ''));
    }
    for (const r of stored) expect(r.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const list = (await call('GET', '/admin/prepaid-codes', key.admin)).json().data as {
      batchId: string;
      maskedCode: string;
      status: string;
    }[];
    const listed = list.filter((c) => c.batchId === batch.batchId);
    expect(listed).toHaveLength(25);
    for (const c of listed) {
      expect(c.status).toBe('unused');
      expect(c.maskedCode).toMatch(/^\*{5}-\*{5}-\*{5}-\*[0-9A-Z]{4}$/);
    }
  });

  it('refuses archived plans, more than 1000 codes, and groups of another organisation', async () => {
    const plan = await createPlan();
    expect((await call('POST', `/admin/plans/${plan.planId}/codes`, key.admin, { count: 1001 })).statusCode).toBe(400);
    expect((await call('POST', `/admin/plans/${plan.planId}/codes`, key.admin, { count: 1, groupId: other.group.id })).statusCode).toBe(
      404,
    );
    await call('PATCH', `/admin/plans/${plan.planId}`, key.admin, { archived: true });
    expect((await call('POST', `/admin/plans/${plan.planId}/codes`, key.admin, { count: 1 })).statusCode).toBe(404);
  });
});

describe('redeeming a prepaid code', () => {
  let plan: { planId: string; price: number; duration: number };
  beforeAll(async () => {
    plan = await createPlan(key.admin, { name: 'Term', price: 4500, duration: 120 });
  });

  it('a lapsed speaker gets 402, redeems a code, gets now + duration, a ledger row, and access back', async () => {
    const s = await lapsedSpeaker();
    expect((await call('GET', '/history', s.auth)).statusCode).toBe(402);
    const page = (await call('GET', '/subscription', s.auth)).json().data;
    expect(page).toMatchObject({ cardPayments: false, canSubscribe: true });
    expect(page.subscriptions).toEqual([
      expect.objectContaining({ groupId: o.group.id, status: 'expired', action: 'renew', perpetual: false }),
    ]);
    const [before] = await t.db.select().from(memberships).where(eq(memberships.userId, s.user.id));

    const [code] = (await codesFor(plan.planId)).codes;
    const started = Date.now();
    // Typed back loosely: lower case, no dashes, spaces around.
    const res = await redeem(s.auth, plan.planId, `  ${code!.replace(/-/g, '').toLowerCase()}  `);
    expect(res.statusCode, res.body).toBe(200);
    const { expires, transactionId } = res.json().data as { expires: string; transactionId: string };
    const expected = started + plan.duration * DAY;
    expect(Math.abs(new Date(expires).getTime() - expected)).toBeLessThan(10_000);

    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, s.user.id));
    expect(m!.expiresAt!.toISOString()).toBe(expires);
    expect(m).toMatchObject({ status: 'active', roles: ['speaker'] });
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, transactionId));
    expect(entry).toMatchObject({
      orgId: o.org.id,
      userId: s.user.id,
      groupId: o.group.id,
      planId: plan.planId,
      kind: 'prepaid',
      amountCents: 4500,
      currency: 'usd',
      expiresBefore: before!.expiresAt,
      expiresAfter: m!.expiresAt,
    });
    const [stored] = await t.db.select().from(prepaidCodes).where(eq(prepaidCodes.id, entry!.codeId!));
    expect(stored).toMatchObject({ redeemedBy: s.user.id, redeemedGroupId: o.group.id });

    expect((await call('GET', '/history', s.auth)).statusCode).toBe(200);
    const ledger = (await call('GET', '/admin/ledger', key.admin)).json().data as { transactionId: string; user: { userId: string } }[];
    expect(ledger.find((e) => e.transactionId === transactionId)).toMatchObject({
      kind: 'prepaid',
      amount: 4500,
      planName: 'Term',
      user: { userId: s.user.id },
      codeId: entry!.codeId,
    });
    const codes = (await call('GET', '/admin/prepaid-codes', key.admin)).json().data as {
      codeId: string;
      status: string;
      redeemedBy: unknown;
    }[];
    expect(codes.find((c) => c.codeId === entry!.codeId)).toMatchObject({ status: 'redeemed', redeemedBy: { userId: s.user.id } });
  });

  it('works once: a second use, by anyone, is 400 with the spec message and changes nothing', async () => {
    const a = await lapsedSpeaker();
    const b = await lapsedSpeaker();
    const [code] = (await codesFor(plan.planId)).codes;
    expect((await redeem(a.auth, plan.planId, code!)).statusCode).toBe(200);
    const [mBefore] = await t.db.select().from(memberships).where(eq(memberships.userId, a.user.id));
    expectCodeRefused(await redeem(a.auth, plan.planId, code!));
    expectCodeRefused(await redeem(b.auth, plan.planId, code!));
    const [mAfter] = await t.db.select().from(memberships).where(eq(memberships.userId, a.user.id));
    expect(mAfter!.expiresAt).toEqual(mBefore!.expiresAt);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, b.user.id))).toHaveLength(0);
  });

  it('of two racing redeemers exactly one wins', async () => {
    const a = await lapsedSpeaker();
    const b = await lapsedSpeaker();
    for (let round = 0; round < 3; round++) {
      const [code] = (await codesFor(plan.planId)).codes;
      const results = await Promise.all([redeem(a.auth, plan.planId, code!), redeem(b.auth, plan.planId, code!)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const [stored] = await t.db
        .select()
        .from(prepaidCodes)
        .where(eq(prepaidCodes.codeHash, await hashOf(code!)));
      const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.codeId, stored!.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('a renewal while active extends from the current expiry', async () => {
    const s = await lapsedSpeaker(-20);
    const [m0] = await t.db.select().from(memberships).where(eq(memberships.userId, s.user.id));
    const [code] = (await codesFor(plan.planId)).codes;
    const res = await redeem(s.auth, plan.planId, code!);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().data.expires).getTime()).toBe(m0!.expiresAt!.getTime() + plan.duration * DAY);
  });

  it('activates a membership that was not active yet', async () => {
    const u = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await t.db.update(memberships).set({ status: 'inactive', expiresAt: null }).where(eq(memberships.userId, u.id));
    const auth = await signInAs(t, u.email);
    const page = (await call('GET', '/subscription', auth)).json().data;
    expect(page.subscriptions[0]).toMatchObject({ status: 'not-active-yet', action: 'activate' });
    const [code] = (await codesFor(plan.planId)).codes;
    expect((await redeem(auth, plan.planId, code!)).statusCode).toBe(200);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, u.id));
    expect(m).toMatchObject({ status: 'active', roles: ['speaker'] });
  });

  it('refuses voided codes, codes of another organisation, plan or group (400), and voiding a redeemed code (409)', async () => {
    const s = await lapsedSpeaker();
    const [voided, redeemed] = (await codesFor(plan.planId, 2)).codes;
    const list = (await call('GET', '/admin/prepaid-codes', key.admin)).json().data as { codeId: string; maskedCode: string }[];
    const idOf = (code: string) => list.find((c) => c.maskedCode.endsWith(code.slice(-4)))!.codeId;
    const voidRes = await call('POST', `/admin/prepaid-codes/${idOf(voided!)}/void`, key.admin);
    expect(voidRes.statusCode, voidRes.body).toBe(200);
    expect((await call('POST', `/admin/prepaid-codes/${idOf(voided!)}/void`, key.otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/admin/prepaid-codes/${idOf(voided!)}/void`, key.speaker)).statusCode).toBe(403);
    expectCodeRefused(await redeem(s.auth, plan.planId, voided!));

    // Another organisation's code, for its own plan.
    const theirPlan = await createPlan(key.otherAdmin);
    const [theirs] = (await codesFor(theirPlan.planId, 1, key.otherAdmin)).codes;
    expectCodeRefused(await redeem(s.auth, plan.planId, theirs!));
    expect((await redeem(s.auth, theirPlan.planId, theirs!)).statusCode).toBe(404);

    // A code of another plan of the organisation, and one for another group.
    const otherPlan = await createPlan();
    const [forOtherPlan] = (await codesFor(otherPlan.planId)).codes;
    expectCodeRefused(await redeem(s.auth, plan.planId, forOtherPlan!));
    const g2 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: { authorization: key.admin },
      payload: { name: 'Second' },
    });
    const [forOtherGroup] = (await codesFor(plan.planId, 1, key.admin, g2.json().data.groupId)).codes;
    expectCodeRefused(await redeem(s.auth, plan.planId, forOtherGroup!));
    expectCodeRefused(await redeem(s.auth, plan.planId, 'not a code'));

    expect((await redeem(s.auth, plan.planId, redeemed!)).statusCode).toBe(200);
    const again = await call('POST', `/admin/prepaid-codes/${idOf(redeemed!)}/void`, key.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe(ERROR_CODES.prepaidCodeRedeemed);
  });

  it('is not offered to coaches, perpetual members or non-members', async () => {
    const [code] = (await codesFor(plan.planId)).codes;
    const coach = await redeem(key.coach, plan.planId, code!);
    expect(coach.statusCode).toBe(409);
    expect(coach.json().errors[0].code).toBe(ERROR_CODES.subscriptionNotRenewable);
    // The org's speaker has perpetual access (no expiry).
    expect((await redeem(key.speaker, plan.planId, code!)).statusCode).toBe(409);
    expect((await redeem(key.admin, plan.planId, code!)).statusCode).toBe(404);
    const s = await lapsedSpeaker();
    expect((await redeem(s.auth, plan.planId, code!, other.group.id)).statusCode).toBe(404);
    const coachPage = (await call('GET', '/subscription', key.coach)).json().data;
    expect(coachPage.canSubscribe).toBe(false);
    // The code is still unused.
    expect((await redeem(s.auth, plan.planId, code!)).statusCode).toBe(200);
  });

  it('card payment answers that it is not configured, and nothing changes', async () => {
    const s = await lapsedSpeaker();
    const res = await call('POST', `/groups/${o.group.id}/subscription`, s.auth, { planId: plan.planId, stripeToken: 'pi_123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.paymentNotConfigured, message: MSG.cardPaymentNotConfigured });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.user.id))).toHaveLength(0);
    const both = await call('POST', `/groups/${o.group.id}/subscription`, s.auth, {
      planId: plan.planId,
      stripeToken: 'x',
      accessCode: 'y',
    });
    expect(both.statusCode).toBe(400);
    const neither = await call('POST', `/groups/${o.group.id}/subscription`, s.auth, { planId: plan.planId, accessCode: '   ' });
    expect(neither.statusCode).toBe(400);
  });

  it('limits wrong codes per user; a refused attempt does not even look at the code', async () => {
    const s = await lapsedSpeaker();
    for (let i = 0; i < PREPAID_CODE_FAILURES_PER_USER; i++) expectCodeRefused(await redeem(s.auth, plan.planId, `WRONG-${i}`));
    const [code] = (await codesFor(plan.planId)).codes;
    const limited = await redeem(s.auth, plan.planId, code!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatchObject({ code: ERROR_CODES.subscriptionRateLimited, message: MSG.tooManyPrepaidCodeAttempts });
    // The right code was not even looked at: still unused.
    const fresh = await lapsedSpeaker();
    expect((await redeem(fresh.auth, plan.planId, code!)).statusCode).toBe(200);
  });

  it('limits wrong codes per address, across users', async () => {
    const address = '192.0.2.77';
    const users = await Promise.all(
      Array.from({ length: Math.ceil(PREPAID_CODE_FAILURES_PER_ADDRESS / PREPAID_CODE_FAILURES_PER_USER) }, () => lapsedSpeaker()),
    );
    let sent = 0;
    for (const u of users) {
      for (let i = 0; i < PREPAID_CODE_FAILURES_PER_USER && sent < PREPAID_CODE_FAILURES_PER_ADDRESS; i++, sent++) {
        expectCodeRefused(await redeem(u.auth, plan.planId, `WRONG-${i}`, o.group.id, address));
      }
    }
    const newcomer = await lapsedSpeaker();
    expect((await redeem(newcomer.auth, plan.planId, 'WRONG', o.group.id, address)).statusCode).toBe(429);
    expect((await redeem(newcomer.auth, plan.planId, 'WRONG', o.group.id, '192.0.2.78')).statusCode).toBe(400);
  });
});

async function hashOf(code: string): Promise<string> {
  const { normalisePrepaidCode, prepaidCodeHash } = await import('./prepaid-codes.js');
  return prepaidCodeHash(normalisePrepaidCode(code)!);
}

describe('the ledger', () => {
  it("is the organisation's own, newest first", async () => {
    const mine = (await call('GET', '/admin/ledger', key.admin)).json().data as { createdDate: string; groupId: string }[];
    expect(mine.length).toBeGreaterThan(0);
    const dates = mine.map((e) => e.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const theirs = (await call('GET', '/admin/ledger', key.otherAdmin)).json().data as { groupId: string }[];
    expect(theirs.every((e) => e.groupId !== o.group.id)).toBe(true);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, o.org.id), eq(ledgerEntries.kind, 'prepaid')));
    expect(rows.length).toBe(mine.length);
  });
});
