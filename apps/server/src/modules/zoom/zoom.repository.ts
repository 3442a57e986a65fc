import { and, desc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { zoomConnections, zoomOauthStates } from '../../db/schema.js';

// The linked Zoom accounts and the OAuth states handed out for linking. The token columns hold
// sealed values only (auth/sealed-secrets.ts); this module never sees a token in clear.

export type TZoomConnectionRow = typeof zoomConnections.$inferSelect;

export async function findZoomConnection(db: TDb, userId: string): Promise<TZoomConnectionRow | null> {
  const [row] = await db.select().from(zoomConnections).where(eq(zoomConnections.userId, userId));
  return row ?? null;
}

export async function saveZoomConnection(
  db: TDb,
  v: { userId: string; accessToken: string; refreshToken: string; expiresAt: Date; scope: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(zoomConnections)
    .values({ ...v, updatedAt: now })
    .onConflictDoUpdate({
      target: zoomConnections.userId,
      set: { accessToken: v.accessToken, refreshToken: v.refreshToken, expiresAt: v.expiresAt, scope: v.scope, updatedAt: now },
    });
}

/** Removes the link; returns the row it removed (to revoke its grant at Zoom), or null. */
export async function deleteZoomConnection(db: TDb, userId: string): Promise<TZoomConnectionRow | null> {
  const [row] = await db.delete(zoomConnections).where(eq(zoomConnections.userId, userId)).returning();
  return row ?? null;
}

/** States a user holds at most: the newest; older ones (abandoned tries) stop working. */
export const MAX_ZOOM_STATES = 5;

/** A new state for this user; the user's expired states, and all but the newest few, go at the same time. */
export async function insertZoomState(db: TDb, userId: string, stateHash: string, expiresAt: Date): Promise<void> {
  await db.delete(zoomOauthStates).where(and(eq(zoomOauthStates.userId, userId), lt(zoomOauthStates.expiresAt, new Date())));
  await db.insert(zoomOauthStates).values({ stateHash, userId, expiresAt });
  const kept = db
    .select({ h: zoomOauthStates.stateHash })
    .from(zoomOauthStates)
    .where(eq(zoomOauthStates.userId, userId))
    .orderBy(desc(zoomOauthStates.expiresAt))
    .limit(MAX_ZOOM_STATES);
  await db.delete(zoomOauthStates).where(and(eq(zoomOauthStates.userId, userId), notInArray(zoomOauthStates.stateHash, kept)));
}

/** Uses the state up: true only once, for the user it was handed to, before it expires. */
export async function takeZoomState(db: TDb, userId: string, stateHash: string): Promise<boolean> {
  const rows = await db
    .delete(zoomOauthStates)
    .where(and(eq(zoomOauthStates.stateHash, stateHash), eq(zoomOauthStates.userId, userId), gt(zoomOauthStates.expiresAt, new Date())))
    .returning({ h: zoomOauthStates.stateHash });
  return rows.length === 1;
}
