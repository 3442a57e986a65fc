import { addDays, addSeconds } from 'date-fns';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { AUTO_SIGN_IN_KEY_SECONDS, SESSION_KEY_DAYS } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { apiKeys } from '../../db/schema.js';
import { hashSecret, newSecret } from '../../auth/keys.js';

export async function issueKey(db: TDb, userId: string, kind: 'session' | 'auto') {
  const secret = newSecret();
  const now = new Date();
  const expiresAt = kind === 'session' ? addDays(now, SESSION_KEY_DAYS) : addSeconds(now, AUTO_SIGN_IN_KEY_SECONDS);
  await db.insert(apiKeys).values({ userId, kind, keyHash: hashSecret(secret), expiresAt });
  return { secret, expiresAt };
}

const usableAutoKey = (secret: string) =>
  and(eq(apiKeys.keyHash, hashSecret(secret)), eq(apiKeys.kind, 'auto'), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, new Date()));

/** Whose a usable auto sign-in key is, without using it up. */
export async function peekAutoKey(db: TDb, secret: string) {
  const [row] = await db.select({ userId: apiKeys.userId }).from(apiKeys).where(usableAutoKey(secret)).limit(1);
  return row ?? null;
}

/** Takes a one-hour auto sign-in key: valid once, then revoked. */
export async function consumeAutoKey(db: TDb, secret: string) {
  const [row] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(usableAutoKey(secret)).returning({ userId: apiKeys.userId });
  return row ?? null;
}

export async function revokeKey(db: TDb, keyId: string) {
  await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId));
}

export async function revokeAllKeys(db: TDb, userId: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/** Ends every session and sign-in link of the user except the caller's own session. */
export async function revokeOtherKeys(db: TDb, userId: string, keepKeyId: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), ne(apiKeys.id, keepKeyId)));
}
