import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import { addressBucket } from './client-address.js';
import { releaseAttempt, reserveAll } from './rate-limits.repository.js';

// Limits on the other calls an anonymous caller can repeat: password reset emails (each one
// writes a mail) and invite codes (guessable by design: org and group names). Counted in the
// database like the sign-in limits, reserved before the work is done.

/** Reset emails per account per hour: enough for a lost mail or two, too few to flood an inbox. */
export const RESET_EMAILS_PER_EMAIL = 3;
/** Reset requests per address per hour, known emails or not: a school behind one NAT still fits. */
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_WINDOW_MINUTES = 60;

/** Wrong invite codes (or invite ids) per address per hour, over invite check, sign-up and join. */
export const INVITE_CODE_FAILURES_PER_ADDRESS = 30;
export const INVITE_CODE_WINDOW_MINUTES = 60;

/** Reserves one password reset email (429 when the email or the address has had its share). */
export async function reserveResetEmail(db: TDb, email: string, ip: string): Promise<void> {
  const windowSeconds = RESET_WINDOW_MINUTES * 60;
  const refused = await reserveAll(db, [
    { key: `reset:address:${addressBucket(ip)}`, windowSeconds, limit: RESET_REQUESTS_PER_ADDRESS },
    { key: `reset:email:${email}`, windowSeconds, limit: RESET_EMAILS_PER_EMAIL },
  ]);
  if (refused) throw new HttpError(429, MSG.tooManyResetRequests, ERROR_CODES.authResetRateLimited);
}

/**
 * Reserves one invite-code attempt of the address (429 when it has failed too often) and returns
 * `valid`, to call once the attempt succeeded (the code or invite id exists; for a sign-up, the
 * account was created): only failures count, so a class signing up together from one network
 * is never stopped, while guessing codes, or probing emails through sign-up, soon is.
 */
export async function reserveInviteCodeAttempt(db: TDb, ip: string): Promise<{ valid: () => Promise<void> }> {
  const key = `invite-code:address:${addressBucket(ip)}`;
  if (await reserveAll(db, [{ key, windowSeconds: INVITE_CODE_WINDOW_MINUTES * 60, limit: INVITE_CODE_FAILURES_PER_ADDRESS }])) {
    throw new HttpError(429, MSG.tooManyInviteCodeAttempts, ERROR_CODES.inviteRateLimited);
  }
  return { valid: () => releaseAttempt(db, key) };
}
