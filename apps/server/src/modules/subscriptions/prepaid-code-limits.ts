import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import { addressBucket, releaseAttempt, reserveAll } from '../auth/index.js';

// Prepaid code guesses are limited per user and per address, in the database like the other
// abuse limits (modules/auth). Only failures count: a reservation is given back on success.

/** Wrong codes per user per hour: plenty for typos, nothing for guessing 100-bit codes. */
export const PREPAID_CODE_FAILURES_PER_USER = 10;
/** Wrong codes per address per hour: a class behind one NAT redeeming together still fits. */
export const PREPAID_CODE_FAILURES_PER_ADDRESS = 30;
export const PREPAID_CODE_WINDOW_MINUTES = 60;

/** Reserves one code attempt (429 when the user or the address failed too often); `valid` gives it back. */
export async function reservePrepaidCodeAttempt(db: TDb, userId: string, ip: string): Promise<{ valid: () => Promise<void> }> {
  const windowSeconds = PREPAID_CODE_WINDOW_MINUTES * 60;
  const keys = [`prepaid-code:user:${userId}`, `prepaid-code:address:${addressBucket(ip)}`] as const;
  const refused = await reserveAll(db, [
    { key: keys[0], windowSeconds, limit: PREPAID_CODE_FAILURES_PER_USER },
    { key: keys[1], windowSeconds, limit: PREPAID_CODE_FAILURES_PER_ADDRESS },
  ]);
  if (refused) throw new HttpError(429, MSG.tooManyPrepaidCodeAttempts, ERROR_CODES.subscriptionRateLimited);
  return {
    valid: async () => {
      for (const key of keys) await releaseAttempt(db, key);
    },
  };
}
