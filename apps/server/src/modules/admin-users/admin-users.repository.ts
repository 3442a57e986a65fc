import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, memberships, users } from '../../db/schema.js';
import { isOrgAdminSql } from '../../auth/policies.js';

export type TUserRow = typeof users.$inferSelect;

/** Case-insensitive substring of the name or the email (strpos: no LIKE wildcards to escape). */
function searchFilter(search: string) {
  const q = search.toLowerCase();
  return sql`(strpos(lower(${users.name}), ${q}) > 0 or strpos(lower(${users.email}), ${q}) > 0)`;
}

export async function countOrgUsers(db: TDb, orgId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.orgId, orgId));
  return row?.n ?? 0;
}

/** The organisation's users (optionally only search matches), by last then first name, at most `limit`. */
export async function listOrgUsers(db: TDb, orgId: string, search: string | undefined, limit: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), search ? searchFilter(search) : undefined))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit);
}

/** The memberships of these users, with their groups. */
export async function membershipsOfUsers(db: TDb, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ membership: memberships, group: groups })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(inArray(memberships.userId, userIds))
    .orderBy(asc(groups.name));
}

export async function findOrgUser(db: TDb, orgId: string, userId: string): Promise<TUserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)))
    .limit(1);
  return u ?? null;
}

/** Every group of the organisation with the user's membership in it (if any), by name. */
export async function orgGroupsWithMembership(db: TDb, orgId: string, userId: string) {
  return db
    .select({ group: groups, membership: memberships })
    .from(groups)
    .leftJoin(memberships, and(eq(memberships.groupId, groups.id), eq(memberships.userId, userId)))
    .where(eq(groups.orgId, orgId))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
}

/** Sets the user's org-level roles. */
export async function setOrgRoles(db: TDb, userId: string, orgRoles: string[], now: Date): Promise<void> {
  await db.update(users).set({ orgRoles, updatedAt: now }).where(eq(users.id, userId));
}

/** Org admins other than this user. */
export async function countOtherAdmins(db: TDb, orgId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.orgId, orgId), ne(users.id, userId), isOrgAdminSql()));
  return row?.n ?? 0;
}
