import { and, count, eq, gt } from 'drizzle-orm';
import { MSG } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { signInAttempts } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';

// Failed sign-ins are counted in the database (not in process memory) so the limit holds
// across any number of API nodes.
export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

export async function assertSignInAllowed(db: TDb, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const failures = async (where: ReturnType<typeof eq>) =>
    (
      await db
        .select({ n: count() })
        .from(signInAttempts)
        .where(and(where, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)))
    )[0]?.n ?? 0;
  if ((await failures(eq(signInAttempts.email, email))) >= MAX_FAILURES_PER_EMAIL) throw new HttpError(429, MSG.tooManyAttempts);
  if ((await failures(eq(signInAttempts.ip, ip))) >= MAX_FAILURES_PER_ADDRESS) throw new HttpError(429, MSG.tooManyAttempts);
}

export async function recordSignInAttempt(db: TDb, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(signInAttempts).values({ email, ip, succeeded });
}
