import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { RECORDING_RETENTIONS, type TRecordingRetention } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { organisations, recordings, retentionNotices, users } from '../../db/schema.js';

// The rows of the recording retention (issue 42 item 9): which organisations keep recordings for
// a limited time, which recordings are due a notice, and which are due to go.

const ON = RECORDING_RETENTIONS.filter((r) => r !== 'off');

/** Organisations whose retention is on, with how long and their time zone (for the notice's date). */
export async function listRetainingOrgs(db: TDb) {
  const rows = await db
    .select({
      id: organisations.id,
      retention: sql<TRecordingRetention>`${organisations.settings}->>'recordingRetention'`,
      timeZone: organisations.timeZone,
    })
    .from(organisations)
    .where(inArray(sql`${organisations.settings}->>'recordingRetention'`, ON));
  return rows;
}

/**
 * The organisation's recordings (not deleted) whose retention ends by `until` and whose owner was
 * not told yet, with the owner's mail facts.
 */
export async function listDueForNotice(db: TDb, orgId: string, createdBy: Date) {
  return db
    .select({
      id: recordings.id,
      title: recordings.title,
      createdAt: recordings.createdAt,
      owner: { id: users.id, email: users.email, firstName: users.firstName, unsubscribeCode: users.unsubscribeCode },
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(retentionNotices, eq(retentionNotices.recordingId, recordings.id))
    .where(
      and(
        eq(recordings.orgId, orgId),
        isNull(recordings.deletedAt),
        lte(recordings.createdAt, createdBy),
        isNull(retentionNotices.recordingId),
      ),
    );
}

/** Records the notice of one recording; false when one was recorded already (another run). */
export async function claimRetentionNotice(db: TDb, recordingId: string, removeAfter: Date): Promise<boolean> {
  const rows = await db
    .insert(retentionNotices)
    .values({ recordingId, removeAfter })
    .onConflictDoNothing()
    .returning({ id: retentionNotices.recordingId });
  return rows.length > 0;
}

/**
 * The organisation's recordings past retention that may go now: made before `createdBy`, and
 * either noticed with their removal date reached, or deleted by their owner already (their rows
 * still hold the results; the files went then).
 */
export async function listDueForRemoval(db: TDb, orgId: string, createdBy: Date, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: recordings.id })
    .from(recordings)
    .leftJoin(retentionNotices, eq(retentionNotices.recordingId, recordings.id))
    .where(
      and(
        eq(recordings.orgId, orgId),
        lte(recordings.createdAt, createdBy),
        or(isNotNull(recordings.deletedAt), lte(retentionNotices.removeAfter, now)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Marks the recordings deleted (no page shows them from now on); those deleted already keep their time. */
export async function markRecordingsDeleted(db: TDb, ids: string[], at: Date): Promise<void> {
  if (ids.length)
    await db
      .update(recordings)
      .set({ deletedAt: at })
      .where(and(inArray(recordings.id, ids), isNull(recordings.deletedAt)));
}

/** Removes the rows (feedback, share links, captures, notices and the retention notice go with them). */
export async function deleteRecordingRows(db: TDb, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(recordings).where(inArray(recordings.id, ids));
}
