import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema.js';
import { startTestApp, signInAs, type TTestApp } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { isCouponOnly, listOrgPlans, seedPlan, setCouponOnly } from './plans.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t.db);
});
afterAll(async () => t?.close());

describe('plans from the seed and the operator CLI', () => {
  it('Northwind offers its demo plans, by price descending, in GET org', async () => {
    const speaker = await signInAs(t, 'speaker@northwind.example', DEMO_PASSWORD);
    const org = (await t.app.inject({ method: 'GET', url: '/api/v1/org', headers: { authorization: speaker } })).json().data;
    expect(org.plans).toEqual([
      expect.objectContaining({ name: 'Annual', price: 9900, duration: 365, recurring: false }),
      expect.objectContaining({ name: 'Monthly', price: 1200, duration: 30, recurring: true }),
    ]);
    expect((await listOrgPlans(t.db, 'summit')).length).toBe(0);
  });

  it('the operator adds a plan to an organisation by its code, checked like the admin call', async () => {
    const p = await seedPlan(t.db, 'riverside', { name: ' Semester ', price: 3500, duration: 120 });
    expect(p).toMatchObject({ name: 'Semester', price: 3500, duration: 120, recurring: false, archived: false, currency: 'usd' });
    expect((await listOrgPlans(t.db, 'riverside')).map((x) => x.planId)).toEqual([p.planId]);
    await expect(seedPlan(t.db, 'riverside', { name: 'Free', price: -5, duration: 30 })).rejects.toThrow();
    await expect(seedPlan(t.db, 'nowhere', { name: 'X', price: 1, duration: 1 })).rejects.toThrow(/no organisation/);
  });

  it('the operator makes an organisation coupon-only and back, keeping its other settings', async () => {
    const before = (await t.db.select().from(organisations).where(eq(organisations.code, 'riverside')))[0]!.settings;
    expect(await isCouponOnly(t.db, 'riverside')).toBe(false);
    await setCouponOnly(t.db, 'riverside', true);
    expect(await isCouponOnly(t.db, 'riverside')).toBe(true);
    const [org] = await t.db.select().from(organisations).where(eq(organisations.code, 'riverside'));
    expect(org!.settings).toEqual({ ...before, couponOnly: true });
    await setCouponOnly(t.db, 'riverside', false);
    expect(await isCouponOnly(t.db, 'riverside')).toBe(false);
    await expect(setCouponOnly(t.db, 'nowhere', true)).rejects.toThrow(/no organisation/);
  });
});
