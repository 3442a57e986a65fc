import { eq } from 'drizzle-orm';
import { ZCreatePlanBodySchema, type TAdminPlan } from '@rostrum/contract';
import type { TDb } from '../db/client.js';
import { organisations } from '../db/schema.js';
import { mergeOrgSettings } from '../modules/org/index.js';
import { insertPlan, listPlans, presentAdminPlan } from '../modules/subscriptions/index.js';

// The operator's side of plans (seed/plans-cli.ts): add a plan to an organisation by its code,
// list them, or make the organisation coupon-only, without signing in as an org admin.

/** Adds a plan (checked by the same schema as the admin call) to the organisation with this code. */
export async function seedPlan(db: TDb, orgCode: string, input: unknown): Promise<TAdminPlan> {
  const body = ZCreatePlanBodySchema.parse(input);
  const org = await orgByCode(db, orgCode);
  const p = await insertPlan(db, {
    orgId: org.id,
    name: body.name,
    priceCents: body.price,
    durationDays: body.duration,
    recurring: body.recurring,
  });
  return presentAdminPlan(p);
}

export async function listOrgPlans(db: TDb, orgCode: string): Promise<TAdminPlan[]> {
  const org = await orgByCode(db, orgCode);
  return (await listPlans(db, org.id, { includeArchived: true })).map(presentAdminPlan);
}

/** Whether the organisation takes prepaid codes only (the admin area's "Payment methods"). */
export async function isCouponOnly(db: TDb, orgCode: string): Promise<boolean> {
  return !!(await orgByCode(db, orgCode)).settings.couponOnly;
}

export async function setCouponOnly(db: TDb, orgCode: string, couponOnly: boolean): Promise<void> {
  const org = await orgByCode(db, orgCode);
  await mergeOrgSettings(db, org.id, { couponOnly });
}

async function orgByCode(db: TDb, code: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, code));
  if (!org) throw new Error(`no organisation with the code "${code}"`);
  return org;
}
