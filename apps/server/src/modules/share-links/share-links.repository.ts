import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { organisations, recordings, shareLinks } from '../../db/schema.js';

export type TShareLinkRow = typeof shareLinks.$inferSelect;

export async function insertShareLink(db: TDb, values: typeof shareLinks.$inferInsert): Promise<TShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

/** The recording's links, newest first. */
export async function listShareLinksOf(db: TDb, recordingId: string): Promise<TShareLinkRow[]> {
  return db.select().from(shareLinks).where(eq(shareLinks.recordingId, recordingId)).orderBy(desc(shareLinks.createdAt));
}

/** How many of the recording's links are neither revoked nor expired. */
export async function countActiveShareLinks(db: TDb, recordingId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shareLinks)
    .where(and(eq(shareLinks.recordingId, recordingId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  return row?.n ?? 0;
}

/** Revokes one link of the recording (once: a revoked link keeps its first revocation time); false when it is not the recording's. */
export async function revokeShareLinkRow(db: TDb, recordingId: string, linkId: string, now: Date): Promise<TShareLinkRow | null> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.recordingId, recordingId)));
  if (!row) return null;
  if (row.revokedAt) return row;
  const [updated] = await db.update(shareLinks).set({ revokedAt: now }).where(eq(shareLinks.id, linkId)).returning();
  return updated ?? row;
}

/** Revokes every live link to the organisation's recordings (expired ones stay expired). */
export async function revokeOrgShareLinks(db: TDb, orgId: string, now: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
        inArray(shareLinks.recordingId, db.select({ id: recordings.id }).from(recordings).where(eq(recordings.orgId, orgId))),
      ),
    );
}

/**
 * The link with this token hash, its recording (deleted ones too: the service refuses them) and
 * the recording's organisation's settings, or null for no such link.
 */
export async function findShareLinkByHash(db: TDb, tokenHash: string) {
  const [row] = await db
    .select({ link: shareLinks, r: recordings, orgSettings: organisations.settings })
    .from(shareLinks)
    .innerJoin(recordings, eq(recordings.id, shareLinks.recordingId))
    .innerJoin(organisations, eq(organisations.id, recordings.orgId))
    .where(eq(shareLinks.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}
