import { eq, sql } from 'drizzle-orm';
import type { TOrgSettings } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { organisations } from '../../db/schema.js';
import type { TAuth, TCallerOrg } from '../../auth/auth-context.js';

export type TOrgRow = typeof organisations.$inferSelect;

/** The caller's organisation as requests need it: read with their key, else read now. */
export async function orgOfCaller(db: TDb, auth: TAuth): Promise<TCallerOrg | null> {
  return auth.org ?? (await findOrganisation(db, auth.orgId));
}

/** The organisation with this id, or null. */
export async function findOrganisation(db: TDb, orgId: string): Promise<TOrgRow | null> {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  return org ?? null;
}

/**
 * Locks the organisation row until the transaction ends and returns it: changes that must see
 * each other, like granting speaker seats, then run one at a time. FOR NO KEY UPDATE excludes
 * every other such lock and any update of the row, but not the key-share locks that inserts
 * referencing the organisation (users, recordings) take, so those neither wait nor deadlock.
 */
export async function lockOrganisation(tx: TDb, orgId: string): Promise<TOrgRow | null> {
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('no key update');
  return org ?? null;
}

/**
 * Merges `patch` into the organisation's settings (jsonb ||) in one statement, so a concurrent
 * change of another setting is not lost; returns the row, or null when there is none.
 */
export async function mergeOrgSettings(db: TDb, orgId: string, patch: Partial<TOrgSettings>): Promise<TOrgRow | null> {
  const [org] = await db
    .update(organisations)
    .set({ settings: sql`${organisations.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(organisations.id, orgId))
    .returning();
  return org ?? null;
}

/** Sets the organisation's time zone (an IANA name the contract checked); returns the row, or null when there is none. */
export async function setOrgTimeZone(db: TDb, orgId: string, timeZone: string): Promise<TOrgRow | null> {
  const [org] = await db.update(organisations).set({ timeZone }).where(eq(organisations.id, orgId)).returning();
  return org ?? null;
}
