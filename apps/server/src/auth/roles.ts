import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';
import { hasActiveRole } from './membership-active.js';

// Who the caller is to the organisation and to one group. Every role comparison of the server
// is one of these (or hasActiveRole / its SQL form in membership-active.ts).

/** The org-level roles of the caller or of another user. */
export type TOrgRoleFacts = { orgRoles: ReadonlyArray<string> };

type TMembershipFacts = { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined;

export const isOrgAdmin = (a: TOrgRoleFacts) => a.orgRoles.includes('admin');
/** The same rule as a SQL condition on the users table or an alias of it. */
export function isOrgAdminSql(t: { orgRoles: PgColumn } = users): SQL {
  return sql`'admin' = any(${t.orgRoles})`;
}
/** Org-level managers add groups; org admins are managers too. */
export const isOrgManager = (a: TOrgRoleFacts) => a.orgRoles.includes('manager') || isOrgAdmin(a);
/** Holds the org-level manager role itself (what the users pages and GET me show). */
export const holdsOrgManagerRole = (a: TOrgRoleFacts) => a.orgRoles.includes('manager');

/** Coaches a group: an active manager membership of it, or an org admin, who sees as every group's coach does. */
export function isCoachOf(a: TOrgRoleFacts, m: TMembershipFacts, now = new Date()): boolean {
  return hasActiveRole(m, 'manager', now) || isOrgAdmin(a);
}

/**
 * Coaches in the organisation: an org-level manager or admin, or an active manager membership of
 * one of its groups. Such a caller sees the organisation's shared templates and the global ones.
 */
export function coachesInOrg(a: TOrgRoleFacts, ms: ReadonlyArray<NonNullable<TMembershipFacts>>, now = new Date()): boolean {
  return isOrgManager(a) || ms.some((m) => hasActiveRole(m, 'manager', now));
}

/** Speaks in a group: an active speaker membership of it. */
export function isActiveSpeakerIn(m: TMembershipFacts, now = new Date()): boolean {
  return hasActiveRole(m, 'speaker', now);
}

/** A group role list that makes the user coach and speaker of one group, which is not allowed (000 section 7). */
export function isCoachAndSpeaker(roles: ReadonlyArray<string>): boolean {
  return roles.includes('manager') && roles.includes('speaker');
}

/** A role change that grants a speaker role the user does not hold now: it takes a seat and needs a free duration. */
export function grantsNewSpeakerRole(current: ReadonlyArray<string>, next: ReadonlyArray<string>): boolean {
  return next.includes('speaker') && !current.includes('speaker');
}

/** A role change that keeps a speaker role the user holds now (its expiry is kept). */
export function keepsSpeakerRole(current: ReadonlyArray<string>, next: ReadonlyArray<string>): boolean {
  return next.includes('speaker') && current.includes('speaker');
}

/** The org-level roles stored for a user: admin implies manager (000 section 3). */
export function canonicalUserOrgRoles(roles: ReadonlyArray<string>): ('admin' | 'manager')[] {
  if (roles.includes('admin')) return ['admin', 'manager'];
  return roles.includes('manager') ? ['manager'] : [];
}

/** A group role list that holds the manager (coach) role. */
export function hasCoachRole(roles: ReadonlyArray<string>): boolean {
  return roles.includes('manager');
}

/** A group role list that holds the speaker role. */
export function hasSpeakerRole(roles: ReadonlyArray<string>): boolean {
  return roles.includes('speaker');
}
