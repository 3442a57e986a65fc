import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { memberships, users } from '../../db/schema.js';

/**
 * The accounts with these emails, in any organisation (an email has one account), each with its
 * membership of the group when it has one: what a bulk invite needs to tell a member, a coach
 * or another account of the organisation from an address that is free.
 */
export async function accountsByEmail(db: TDb, groupId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      email: users.email,
      orgId: users.orgId,
      membership: { roles: memberships.roles, status: memberships.status, expiresAt: memberships.expiresAt },
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.groupId, groupId)))
    .where(inArray(users.email, emails));
}
