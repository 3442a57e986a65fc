import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import { addressBucket } from './client-address.js';
import { clearBuckets, clearBucketsByPrefix, releaseAttempt, reserveAll, type TBucket } from './rate-limits.repository.js';

// Password guessing is slowed without locking the owner out (OWASP Authentication Cheat Sheet:
// per-pair limits plus exponential back-off rather than an account lockout). Every attempt is
// reserved in the database before the password is checked; a success gives it back.

/** Failed guesses one address may make at one email per window: a burst from one place stops here. */
export const SIGN_IN_PAIR_LIMIT = 5;
export const SIGN_IN_PAIR_WINDOW_MINUTES = 15;
/** Failed guesses one address may make at all emails together (password spraying). */
export const SIGN_IN_ADDRESS_LIMIT = 100;
export const SIGN_IN_ADDRESS_WINDOW_MINUTES = 15;
/** Failed guesses at one email from anywhere before the back-off starts... */
export const SIGN_IN_EMAIL_FREE_FAILURES = 10;
export const SIGN_IN_EMAIL_WINDOW_HOURS = 24;
/** ...then each further attempt waits 1, 2, 4, ... seconds after the previous one, at most 15 minutes. */
export const SIGN_IN_BACKOFF_BASE_SECONDS = 1;
export const SIGN_IN_BACKOFF_MAX_SECONDS = 15 * 60;

export function signInBuckets(email: string, ip: string): { pair: TBucket; address: TBucket; email: TBucket } {
  const address = addressBucket(ip);
  return {
    pair: { key: `sign-in:pair:${email} ${address}`, windowSeconds: SIGN_IN_PAIR_WINDOW_MINUTES * 60, limit: SIGN_IN_PAIR_LIMIT },
    address: { key: `sign-in:address:${address}`, windowSeconds: SIGN_IN_ADDRESS_WINDOW_MINUTES * 60, limit: SIGN_IN_ADDRESS_LIMIT },
    email: {
      key: `sign-in:email:${email}`,
      windowSeconds: SIGN_IN_EMAIL_WINDOW_HOURS * 3600,
      backoff: { free: SIGN_IN_EMAIL_FREE_FAILURES, baseSeconds: SIGN_IN_BACKOFF_BASE_SECONDS, maxSeconds: SIGN_IN_BACKOFF_MAX_SECONDS },
    },
  };
}

/**
 * Reserves a sign-in attempt (429 when a limit is reached, before any password is checked).
 * Unless `succeeded` is called, the attempt counts as a failure.
 */
export async function reserveSignInAttempt(db: TDb, email: string, ip: string): Promise<{ succeeded: () => Promise<void> }> {
  const b = signInBuckets(email, ip);
  if (await reserveAll(db, [b.pair, b.address, b.email])) throw new HttpError(429, MSG.tooManyAttempts, ERROR_CODES.authRateLimited);
  return {
    // The owner got in from this address: its failures there are forgiven; the others are given
    // back one attempt, so a distributed attack on the email keeps its back-off.
    succeeded: async () => {
      await clearBuckets(db, [b.pair.key]);
      await releaseAttempt(db, b.address.key);
      await releaseAttempt(db, b.email.key);
    },
  };
}

/** A password reset proves the owner holds the mailbox: the email's guessing limits start over. */
export async function clearSignInLimits(db: TDb, email: string): Promise<void> {
  await clearBuckets(db, [signInBuckets(email, '').email.key]);
  await clearBucketsByPrefix(db, `sign-in:pair:${email} `);
}

/**
 * At most how many wrong guesses at one email the limits let through in `seconds` from a fresh
 * start: from one address the pair limit (for spans within one pair window); from many
 * addresses the free failures plus the back-off steps that fit.
 */
export function maxEvaluatedWithin(seconds: number, addresses: 'one' | 'many'): number {
  if (addresses === 'one') return SIGN_IN_PAIR_LIMIT;
  let n = SIGN_IN_EMAIL_FREE_FAILURES;
  let t = 0;
  for (let k = 0; ; k++) {
    t += Math.min(SIGN_IN_BACKOFF_BASE_SECONDS * 2 ** k, SIGN_IN_BACKOFF_MAX_SECONDS);
    if (t > seconds) return n;
    n++;
  }
}
