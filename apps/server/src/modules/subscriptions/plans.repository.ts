import { and, asc, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { plans } from '../../db/schema.js';

export type TPlanRow = typeof plans.$inferSelect;

const byPriceDescending = [desc(plans.priceCents), asc(plans.name), asc(plans.createdAt)];

/** The organisation's plans, by price descending (002 section 9); archived ones only when asked. */
export async function listPlans(db: TDb, orgId: string, opts: { includeArchived: boolean }): Promise<TPlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.orgId, orgId), opts.includeArchived ? undefined : eq(plans.archived, false)))
    .orderBy(...byPriceDescending);
}

/** A plan of the organisation (archived or not), or null: another organisation's plan is not found. */
export async function findPlan(db: TDb, orgId: string, planId: string): Promise<TPlanRow | null> {
  const [p] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.orgId, orgId)));
  return p ?? null;
}

export async function insertPlan(
  db: TDb,
  values: Pick<typeof plans.$inferInsert, 'orgId' | 'name' | 'priceCents' | 'durationDays' | 'recurring'> & { currency?: string },
): Promise<TPlanRow> {
  const [p] = await db.insert(plans).values(values).returning();
  return p!;
}

export async function updatePlan(
  db: TDb,
  orgId: string,
  planId: string,
  set: Partial<Pick<TPlanRow, 'name' | 'priceCents' | 'durationDays' | 'recurring' | 'archived'>>,
): Promise<TPlanRow | null> {
  const [p] = await db
    .update(plans)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(plans.id, planId), eq(plans.orgId, orgId)))
    .returning();
  return p ?? null;
}
