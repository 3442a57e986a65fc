import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

/**
 * A bucket of an abuse limit: at most `limit` attempts per fixed window of `windowSeconds`,
 * and/or, with `backoff`, after `free` attempts each further one waits base * 2^k seconds
 * (k = 0, 1, 2, ...; at most `maxSeconds`) after the previous one.
 */
export interface TBucket {
  key: string;
  windowSeconds: number;
  limit?: number;
  backoff?: { free: number; baseSeconds: number; maxSeconds: number };
}

/** Rows whose window ended this long ago are of no use to any limit. */
const STALE_AFTER_SECONDS = 2 * 86_400;
/** One reservation in this many also sweeps stale rows, so the table stays small without a job. */
const SWEEP_ONE_IN = 200;

/**
 * Reserves one attempt in the bucket, or returns false when the bucket is full or backing off.
 * One INSERT ... ON CONFLICT DO UPDATE ... WHERE: PostgreSQL locks the row for the update, so
 * parallel requests (on any API node) each see the count left by the one before; no request can
 * slip through between a read and a write. The reservation is made before the expensive or
 * revealing work (scrypt, sending mail, looking up a code) and released if the attempt is forgiven.
 */
export async function reserveAttempt(db: TDb, b: TBucket): Promise<boolean> {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${b.windowSeconds}::double precision)`;
  const open = [sql`(${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now())`];
  if (b.limit !== undefined) open.push(sql`${rateLimits.hits} < ${b.limit}::integer`);
  const next = sql`${rateLimits.hits} + 1`;
  const blockedUntil = b.backoff
    ? sql`case when ${next} >= ${b.backoff.free}::integer
        then now() + make_interval(secs => least(${b.backoff.baseSeconds}::double precision * power(2, least(${next} - ${b.backoff.free}::integer, 30)), ${b.backoff.maxSeconds}::double precision))
        else null end`
    : sql`null::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key: b.key, hits: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${next} end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        blockedUntil: sql`case when ${expired} then null::timestamptz else ${blockedUntil} end`,
      },
      setWhere: sql`${expired} or (${sql.join(open, sql` and `)})`,
    })
    .returning({ hits: rateLimits.hits });
  if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) await sweepStale(db);
  return rows.length > 0;
}

/** Gives a reserved attempt back (the attempt was refused by another bucket, or forgiven). */
export async function releaseAttempt(db: TDb, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets buckets entirely (a success that proves the attempts were the owner's). */
export async function clearBuckets(db: TDb, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Forgets every bucket whose key starts with the prefix. */
export async function clearBucketsByPrefix(db: TDb, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

export async function sweepStale(db: TDb): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      and(
        lt(rateLimits.windowStart, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS}::double precision)`),
        or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, sql`now()`)),
      ),
    );
}

/**
 * Reserves one attempt in every bucket, in order; when one refuses, the earlier reservations are
 * given back and the key of the refusing bucket is returned. Null: all reserved.
 */
export async function reserveAll(db: TDb, buckets: TBucket[]): Promise<string | null> {
  const taken: string[] = [];
  for (const b of buckets) {
    if (!(await reserveAttempt(db, b))) {
      for (const key of taken) await releaseAttempt(db, key);
      return b.key;
    }
    taken.push(b.key);
  }
  return null;
}
