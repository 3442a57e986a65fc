import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { notices, recordings } from '../../db/schema.js';

// The bell's reads: a user's own notices, never anyone else's. A notice about a deleted recording
// is left out (its row goes with the recording when that is purged).

const live = or(isNull(notices.recordingId), isNull(recordings.deletedAt));

export function listNoticesOf(db: TDb, userId: string, limit: number) {
  return db
    .select({ n: notices })
    .from(notices)
    .leftJoin(recordings, eq(recordings.id, notices.recordingId))
    .where(and(eq(notices.userId, userId), live))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
}

export async function countUnreadOf(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .leftJoin(recordings, eq(recordings.id, notices.recordingId))
    .where(and(eq(notices.userId, userId), isNull(notices.readAt), live));
  return Number(row?.n ?? 0);
}

/** Marks these notices read, those of `userId` only: an id of someone else's notice changes nothing. */
export async function markNoticesRead(db: TDb, userId: string, ids: readonly string[], at: Date): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: at })
    .where(and(eq(notices.userId, userId), inArray(notices.id, [...ids]), isNull(notices.readAt)));
}
