import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  ltiContexts,
  ltiDeepLinkSessions,
  ltiIdentities,
  ltiLaunchStates,
  ltiLineItems,
  ltiPlatforms,
  ltiResourceLinks,
  ltiToolKeys,
  ltiUsedNonces,
  organisations,
  users,
} from '../../db/schema.js';

export type TPlatformRow = typeof ltiPlatforms.$inferSelect;
export type TToolKeyRow = typeof ltiToolKeys.$inferSelect;
export type TContextRow = typeof ltiContexts.$inferSelect;

// ---- Platforms (registration)

export async function listPlatforms(db: TDb, orgId: string): Promise<TPlatformRow[]> {
  return db.select().from(ltiPlatforms).where(eq(ltiPlatforms.orgId, orgId)).orderBy(desc(ltiPlatforms.createdAt));
}

/** The organisation's platform, or null (another organisation's is not found). */
export async function findOrgPlatform(db: TDb, orgId: string, platformId: string): Promise<TPlatformRow | null> {
  const [p] = await db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, platformId), eq(ltiPlatforms.orgId, orgId)));
  return p ?? null;
}

export async function findPlatformById(db: TDb, platformId: string): Promise<TPlatformRow | null> {
  const [p] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, platformId));
  return p ?? null;
}

/** The platforms with this issuer (and client id, when given): a login may omit client_id. */
export async function findPlatformsByIssuer(db: TDb, issuer: string, clientId: string | undefined): Promise<TPlatformRow[]> {
  return db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, issuer), clientId ? eq(ltiPlatforms.clientId, clientId) : undefined))
    .limit(2);
}

/** Inserts the platform; null when its issuer and client id are registered already. */
export async function insertPlatform(db: TDb, values: typeof ltiPlatforms.$inferInsert): Promise<TPlatformRow | null> {
  const [p] = await db.insert(ltiPlatforms).values(values).onConflictDoNothing().returning();
  return p ?? null;
}

export async function updatePlatformRow(
  db: TDb,
  platformId: string,
  values: Partial<typeof ltiPlatforms.$inferInsert>,
): Promise<TPlatformRow | null> {
  const [p] = await db
    .update(ltiPlatforms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ltiPlatforms.id, platformId))
    .returning();
  return p ?? null;
}

export async function deletePlatformRow(db: TDb, platformId: string): Promise<void> {
  await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, platformId));
}

// ---- The tool's keys

/** The organisation's keys, newest first. */
export async function listToolKeys(db: TDb, orgId: string): Promise<TToolKeyRow[]> {
  return db.select().from(ltiToolKeys).where(eq(ltiToolKeys.orgId, orgId)).orderBy(desc(ltiToolKeys.createdAt));
}

/** Keys still published: current, or retired after `retiredAfter`. */
export async function listPublishedKeys(db: TDb, orgId: string, retiredAfter: Date): Promise<TToolKeyRow[]> {
  return db
    .select()
    .from(ltiToolKeys)
    .where(and(eq(ltiToolKeys.orgId, orgId), or(isNull(ltiToolKeys.retiredAt), gt(ltiToolKeys.retiredAt, retiredAfter))))
    .orderBy(desc(ltiToolKeys.createdAt));
}

export async function findCurrentKey(db: TDb, orgId: string): Promise<TToolKeyRow | null> {
  const [k] = await db
    .select()
    .from(ltiToolKeys)
    .where(and(eq(ltiToolKeys.orgId, orgId), isNull(ltiToolKeys.retiredAt)))
    .orderBy(desc(ltiToolKeys.createdAt))
    .limit(1);
  return k ?? null;
}

/** Retires the organisation's current keys and inserts the new one, in the caller's transaction. */
export async function replaceCurrentKey(tx: TDb, row: typeof ltiToolKeys.$inferInsert, now: Date): Promise<void> {
  await tx
    .update(ltiToolKeys)
    .set({ retiredAt: now })
    .where(and(eq(ltiToolKeys.orgId, row.orgId), isNull(ltiToolKeys.retiredAt)));
  await tx.insert(ltiToolKeys).values(row);
}

// ---- Logins under way and used nonces

/** Keeps one login under way; logins left unfinished are cleared as new ones start. */
export async function insertLaunchState(db: TDb, values: typeof ltiLaunchStates.$inferInsert): Promise<void> {
  await db.delete(ltiLaunchStates).where(lt(ltiLaunchStates.expiresAt, new Date()));
  await db.insert(ltiLaunchStates).values(values);
}

/** Takes the unexpired login with this state, whichever browser started it: it works once. */
export async function takeLaunchState(db: TDb, stateHash: string) {
  const [row] = await db
    .delete(ltiLaunchStates)
    .where(and(eq(ltiLaunchStates.stateHash, stateHash), gt(ltiLaunchStates.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/** Records the nonce as used; false when it was used before (a replay). */
export async function useNonce(db: TDb, platformId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  await db.delete(ltiUsedNonces).where(lt(ltiUsedNonces.expiresAt, new Date()));
  const rows = await db
    .insert(ltiUsedNonces)
    .values({ platformId, nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: ltiUsedNonces.nonce });
  return rows.length > 0;
}

// ---- Identities, contexts and resource links

/** The account a platform user is linked to, with its organisation's code. */
export async function findLinkedUser(db: TDb, issuer: string, subject: string) {
  const [row] = await db
    .select({ userId: users.id, orgId: users.orgId, orgCode: organisations.code, orgRoles: users.orgRoles })
    .from(ltiIdentities)
    .innerJoin(users, eq(users.id, ltiIdentities.userId))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** Links the identity; false when it was linked meanwhile. */
export async function linkIdentity(db: TDb, v: { issuer: string; subject: string; platformId: string; userId: string }): Promise<boolean> {
  const rows = await db
    .insert(ltiIdentities)
    .values({ ...v, lastLaunchAt: new Date() })
    .onConflictDoNothing()
    .returning({ userId: ltiIdentities.userId });
  return rows.length > 0;
}

export async function touchIdentity(db: TDb, issuer: string, subject: string): Promise<void> {
  await db
    .update(ltiIdentities)
    .set({ lastLaunchAt: new Date() })
    .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.subject, subject)));
}

export async function findContext(db: TDb, platformId: string, deploymentId: string, contextId: string): Promise<TContextRow | null> {
  const [c] = await db
    .select()
    .from(ltiContexts)
    .where(and(eq(ltiContexts.platformId, platformId), eq(ltiContexts.deploymentId, deploymentId), eq(ltiContexts.contextId, contextId)));
  return c ?? null;
}

/** Inserts the context's row; null when a parallel launch inserted it first. */
export async function insertContext(db: TDb, values: typeof ltiContexts.$inferInsert): Promise<TContextRow | null> {
  const [c] = await db.insert(ltiContexts).values(values).onConflictDoNothing().returning();
  return c ?? null;
}

/** The context's latest title and service addresses, as the last launch gave them. */
export async function updateContextServices(
  db: TDb,
  id: string,
  v: Pick<typeof ltiContexts.$inferInsert, 'title' | 'lineItemsUrl' | 'agsScopes' | 'membershipsUrl'>,
): Promise<void> {
  await db
    .update(ltiContexts)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(ltiContexts.id, id));
}

/** Creates or updates the resource link (its assignment once known is kept) and returns it. */
export async function upsertResourceLink(
  db: TDb,
  v: { contextId: string; resourceLinkId: string; assignmentId: string | null; title: string | null },
) {
  const [r] = await db
    .insert(ltiResourceLinks)
    .values(v)
    .onConflictDoUpdate({
      target: [ltiResourceLinks.contextId, ltiResourceLinks.resourceLinkId],
      set: { title: v.title, updatedAt: new Date(), ...(v.assignmentId ? { assignmentId: v.assignmentId } : {}) },
    })
    .returning();
  return r!;
}

/** Keeps the AGS line item the launch named for the resource link. */
export async function keepLineItem(db: TDb, resourceLinkRowId: string, lineItemUrl: string): Promise<void> {
  await db.insert(ltiLineItems).values({ resourceLinkId: resourceLinkRowId, lineItemUrl }).onConflictDoNothing();
}

// ---- Deep Linking selections under way

export async function insertDeepLinkSession(db: TDb, values: typeof ltiDeepLinkSessions.$inferInsert): Promise<void> {
  await db.delete(ltiDeepLinkSessions).where(lt(ltiDeepLinkSessions.expiresAt, new Date()));
  await db.insert(ltiDeepLinkSessions).values(values);
}

/** Takes the unexpired selection with this token: it works once. */
export async function takeDeepLinkSession(db: TDb, tokenHash: string) {
  const [row] = await db
    .delete(ltiDeepLinkSessions)
    .where(and(eq(ltiDeepLinkSessions.tokenHash, tokenHash), gt(ltiDeepLinkSessions.expiresAt, new Date())))
    .returning();
  return row ?? null;
}
