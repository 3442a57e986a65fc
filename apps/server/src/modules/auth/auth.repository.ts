import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { organisations, passwordResets, users } from '../../db/schema.js';

export type TUserRow = typeof users.$inferSelect;

/** The account registered with this email, with its organisation, or null. */
export async function findUserByEmail(db: TDb, email: string) {
  const [row] = await db
    .select({ user: users, org: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** The user's id, email and organisation code, or null. */
export async function findUserOrgCode(db: TDb, userId: string) {
  const [u] = await db
    .select({ id: users.id, email: users.email, orgCode: organisations.code })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  return u ?? null;
}

export async function findUserById(db: TDb, userId: string): Promise<TUserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u ?? null;
}

export async function recordSignIn(db: TDb, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** Inserts the account; null when the email was taken meanwhile (the insert does nothing). */
export async function insertUser(db: TDb, values: typeof users.$inferInsert): Promise<string | null> {
  const [u] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return u?.id ?? null;
}

export async function setPasswordHash(db: TDb, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

export async function insertPasswordReset(db: TDb, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * Uses up the user's reset token with this hash if it is unused and unexpired: true when one
 * was used (a token works once).
 */
export async function usePasswordReset(db: TDb, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id });
  return !!used;
}
