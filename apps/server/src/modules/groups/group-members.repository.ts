import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { memberships, users } from '../../db/schema.js';
import { membershipActiveNowSql } from '../../auth/membership-active.js';

/** The members of the coaches-and-admins pseudo-group: users holding org-level roles. */
export async function listOrgRoleUsers(db: TDb, orgId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), sql`cardinality(${users.orgRoles}) > 0`))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/**
 * Makes every membership of the group inactive (000 section 4). A membership with an expiry keeps
 * its roles as expiredRoles and now expires at the latest today, so "Access as X expired on date"
 * names the deactivation; one without an expiry keeps nothing. Returns how many were active.
 */
export async function deactivateGroupMemberships(db: TDb, groupId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), membershipActiveNowSql()));
    // Every right-hand side reads the row as it was before this update.
    await tx
      .update(memberships)
      .set({
        status: 'inactive',
        expiredRoles: sql`case
          when ${memberships.expiresAt} is null then '{}'::text[]
          when cardinality(${memberships.roles}) > 0 then ${memberships.roles}
          else ${memberships.expiredRoles} end`,
        roles: sql`'{}'::text[]`,
        expiresAt: sql`case when ${memberships.expiresAt} > now() then now() else ${memberships.expiresAt} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(memberships.groupId, groupId));
    return row?.n ?? 0;
  });
}
