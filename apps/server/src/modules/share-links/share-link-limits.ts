import { ERROR_CODES, SHARE_MSG } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import { addressBucket, reserveAttempt } from '../auth/index.js';

// Tokens hold 256 random bits, so guessing one is hopeless; still, an address that keeps asking
// for links that do not work (unknown, revoked, expired) is stopped, as for invite codes. Only
// failures count, and only after the lookup: a working link always opens, so a school behind one
// address is not locked out of its links by someone guessing there, and a page and its player's
// many Range requests are never limited.

export const SHARE_LINK_FAILURES_PER_ADDRESS = 60;
export const SHARE_LINK_WINDOW_MINUTES = 60;

/** Counts one failed share link lookup of the address; 429 once it has failed too often. */
export async function countShareLinkFailure(db: TDb, ip: string): Promise<void> {
  const key = `share-link:address:${addressBucket(ip)}`;
  if (!(await reserveAttempt(db, { key, windowSeconds: SHARE_LINK_WINDOW_MINUTES * 60, limit: SHARE_LINK_FAILURES_PER_ADDRESS }))) {
    throw new HttpError(429, SHARE_MSG.rateLimited, ERROR_CODES.shareLinkRateLimited);
  }
}
