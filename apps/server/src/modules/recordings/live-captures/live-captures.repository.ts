import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client.js';
import { assignments, liveCaptures } from '../../../db/schema.js';

export type TLiveCaptureRow = typeof liveCaptures.$inferSelect;

export async function findLiveCapture(db: TDb, captureId: string): Promise<TLiveCaptureRow | null> {
  const [row] = await db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId));
  return row ?? null;
}

/** The capture bound to this recording, or null. */
export async function findCaptureOfRecording(db: TDb, recordingId: string): Promise<TLiveCaptureRow | null> {
  const [row] = await db.select().from(liveCaptures).where(eq(liveCaptures.recordingId, recordingId));
  return row ?? null;
}

export async function insertLiveCapture(db: TDb, values: typeof liveCaptures.$inferInsert): Promise<string> {
  const [row] = await db.insert(liveCaptures).values(values).returning({ id: liveCaptures.id });
  return row!.id;
}

/** How many unbound captures the user has that started at or after `since` (older ones are expiring). */
export async function countUnboundCaptures(db: TDb, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(liveCaptures)
    .where(and(eq(liveCaptures.userId, userId), isNull(liveCaptures.recordingId), gte(liveCaptures.createdAt, since)));
  return row?.n ?? 0;
}

/** The user's unbound captures in the organisation started at or after `since`, newest first, with their assignment's name. */
export async function listUnboundCaptures(db: TDb, owner: { userId: string; orgId: string }, since: Date) {
  return db
    .select({ c: liveCaptures, assignmentName: assignments.name })
    .from(liveCaptures)
    .leftJoin(assignments, eq(assignments.id, liveCaptures.assignmentId))
    .where(
      and(
        eq(liveCaptures.userId, owner.userId),
        eq(liveCaptures.orgId, owner.orgId),
        isNull(liveCaptures.recordingId),
        gte(liveCaptures.createdAt, since),
      ),
    )
    .orderBy(desc(liveCaptures.createdAt), desc(liveCaptures.id));
}

/** Which of these ids are captures still kept (bound or not). */
export async function existingCaptureIds(db: TDb, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: liveCaptures.id }).from(liveCaptures).where(inArray(liveCaptures.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The seconds of audio received so far, as last measured. */
export async function setReceivedSeconds(db: TDb, captureId: string, seconds: number): Promise<void> {
  await db.update(liveCaptures).set({ receivedSeconds: seconds }).where(eq(liveCaptures.id, captureId));
}

/** Removes the capture if it is still unbound; false when it was bound (or gone) meanwhile. */
export async function removeUnboundCapture(db: TDb, captureId: string): Promise<boolean> {
  const gone = await db
    .delete(liveCaptures)
    .where(and(eq(liveCaptures.id, captureId), isNull(liveCaptures.recordingId)))
    .returning({ id: liveCaptures.id });
  return gone.length > 0;
}

/**
 * Binds the capture to the recording if it is the user's and unbound. An UPDATE, so it takes the
 * row lock: it and markCaptureComplete run one after the other, and exactly one of them sees both
 * the binding and the last byte (and finishes the recording). Returns `complete`, or null.
 */
export async function bindCapture(db: TDb, captureId: string, userId: string, recordingId: string): Promise<{ complete: boolean } | null> {
  const [row] = await db
    .update(liveCaptures)
    .set({ recordingId })
    .where(and(eq(liveCaptures.id, captureId), eq(liveCaptures.userId, userId), isNull(liveCaptures.recordingId)))
    .returning({ complete: liveCaptures.complete });
  return row ?? null;
}

/** The upload's last byte arrived; returns the recording it is bound to (null: not yet), or undefined for no capture. */
export async function markCaptureComplete(db: TDb, captureId: string): Promise<string | null | undefined> {
  const [row] = await db
    .update(liveCaptures)
    .set({ complete: true })
    .where(eq(liveCaptures.id, captureId))
    .returning({ recordingId: liveCaptures.recordingId });
  return row ? row.recordingId : undefined;
}

/** Unbound captures started before the cutoff, removed; returns their ids. */
export async function removeUnboundCapturesBefore(db: TDb, cutoff: Date): Promise<string[]> {
  const gone = await db
    .delete(liveCaptures)
    .where(and(isNull(liveCaptures.recordingId), lt(liveCaptures.createdAt, cutoff)))
    .returning({ id: liveCaptures.id });
  return gone.map((r) => r.id);
}

/** How long a worker may hold a capture before another may take it over (a worker that died). */
const CLAIM_SECONDS = 300;

/** Takes the capture for one worker (one recogniser per capture at a time); null when another has it or it is gone. */
export async function claimCapture(db: TDb, captureId: string): Promise<TLiveCaptureRow | null> {
  const [row] = await db
    .update(liveCaptures)
    .set({ busyUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(and(eq(liveCaptures.id, captureId), or(isNull(liveCaptures.busyUntil), lt(liveCaptures.busyUntil, sql`now()`))))
    .returning();
  return row ?? null;
}

export async function releaseCapture(db: TDb, captureId: string): Promise<void> {
  await db.update(liveCaptures).set({ busyUntil: null }).where(eq(liveCaptures.id, captureId));
}

/** Stores the transcript up to `until`, if nobody else moved it on from `from` meanwhile. */
export async function storeCaptureTranscript(
  db: TDb,
  captureId: string,
  from: number,
  set: { transcribedUntil: number; words: unknown[]; keywordHits: unknown[] },
): Promise<boolean> {
  const rows = await db
    .update(liveCaptures)
    .set(set)
    .where(and(eq(liveCaptures.id, captureId), eq(liveCaptures.transcribedUntil, from)))
    .returning({ id: liveCaptures.id });
  return rows.length > 0;
}
