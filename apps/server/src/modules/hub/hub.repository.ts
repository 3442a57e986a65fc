import { and, eq, gt, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { hubIdentities, hubSignInStates, organisations, users } from '../../db/schema.js';

/** Keeps one hub sign-in under way; sign-ins left unfinished are cleared as new ones start. */
export async function insertSignInState(db: TDb, values: typeof hubSignInStates.$inferInsert): Promise<void> {
  await db.delete(hubSignInStates).where(lt(hubSignInStates.expiresAt, new Date()));
  await db.insert(hubSignInStates).values(values);
}

/**
 * Takes the sign-in with this state, if it is unexpired and was started by this browser: it is
 * deleted as it is read, so a state works once. Another browser's attempt leaves it in place.
 */
export async function takeSignInState(db: TDb, stateHash: string, bindingHash: string) {
  const [row] = await db
    .delete(hubSignInStates)
    .where(
      and(
        eq(hubSignInStates.stateHash, stateHash),
        eq(hubSignInStates.bindingHash, bindingHash),
        gt(hubSignInStates.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** The account an identity is linked to, with its organisation's code. */
export async function findLinkedUser(db: TDb, issuer: string, subject: string) {
  const [row] = await db
    .select({ userId: users.id, orgId: users.orgId, orgCode: organisations.code })
    .from(hubIdentities)
    .innerJoin(users, eq(users.id, hubIdentities.userId))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(hubIdentities.issuer, issuer), eq(hubIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** Links the identity to the account; false when the identity was linked meanwhile. */
export async function linkIdentity(db: TDb, issuer: string, subject: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(hubIdentities)
    .values({ issuer, subject, userId, lastSignInAt: new Date() })
    .onConflictDoNothing()
    .returning({ userId: hubIdentities.userId });
  return rows.length > 0;
}

export async function touchIdentity(db: TDb, issuer: string, subject: string): Promise<void> {
  await db
    .update(hubIdentities)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(hubIdentities.issuer, issuer), eq(hubIdentities.subject, subject)));
}

/** The organisation with this code, or null. */
export async function findOrganisationByCode(db: TDb, code: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, code));
  return org ?? null;
}
