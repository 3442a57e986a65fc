import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { memberships } from '../db/schema.js';

// The one rule "a membership is active now": its status is 'active' and it has no expiry or
// the expiry is still ahead. The pure form and the SQL form sit together and must say the same.

export function isMembershipActiveNow(m: { status: string; expiresAt: Date | null }, now = new Date()): boolean {
  return m.status === 'active' && (!m.expiresAt || m.expiresAt > now);
}

/** The same rule as a SQL condition, on the memberships table or an alias of it. */
export function membershipActiveNowSql(t: { status: PgColumn; expiresAt: PgColumn } = memberships): SQL {
  return and(eq(t.status, 'active'), or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`)))!;
}

export type TGroupRoleName = 'manager' | 'speaker';

/** A membership holds a group role now: it is active and lists the role (a manager is the group's coach). */
export function hasActiveRole(
  m: { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined,
  role: TGroupRoleName,
  now = new Date(),
): boolean {
  return !!m && isMembershipActiveNow(m, now) && m.roles.includes(role);
}

/** The same rule as a SQL condition on the memberships table or an alias of it. */
export function membershipHasActiveRoleSql(
  role: TGroupRoleName,
  t: { roles: PgColumn; status: PgColumn; expiresAt: PgColumn } = memberships,
): SQL {
  return and(sql`${role} = any(${t.roles})`, membershipActiveNowSql(t))!;
}
