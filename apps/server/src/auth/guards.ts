import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { groups, memberships } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import type { TAuth } from './auth-context.js';
import { membershipHasActiveRoleSql } from './membership-active.js';
import { peerListVisible } from './privacy-rules.js';
import { isCoachOf, isOrgAdmin, isOrgManager } from './roles.js';

// The guards a route calls first: each throws the spec's 403 or 404 (a group of another
// organisation is not found) and returns what it loaded. Other modules reach them through policies.ts.

/** The admin area's users, roles and invites: org admins only. */
export function assertOrgAdmin(a: TAuth): void {
  if (!isOrgAdmin(a)) throw forbidden();
}

/** Org-wide group lists: org admins and org-level managers. */
export function assertCanListOrgGroups(a: TAuth): void {
  if (!isOrgManager(a)) throw forbidden();
}

/**
 * The group (in the caller's organisation) and the caller's membership in it, in one prepared
 * statement: every group call reads them before anything else.
 */
const groupInOrgOf = preparedPerDb((db) =>
  db
    .select({ group: groups, membership: memberships })
    .from(groups)
    .leftJoin(memberships, and(eq(memberships.groupId, groups.id), eq(memberships.userId, sql.placeholder('userId'))))
    .where(and(eq(groups.id, sql.placeholder('groupId')), eq(groups.orgId, sql.placeholder('orgId'))))
    .limit(1)
    .prepare('group_in_org_with_membership'),
);

async function loadGroupInOrg(db: TDb, a: TAuth, groupId: string) {
  const [row] = await groupInOrgOf(db).execute({ groupId, orgId: a.orgId, userId: a.userId });
  if (!row) throw notFound();
  return { group: row.group, membership: row.membership ?? null };
}

/** Viewing a group: its members (any status) and org admins or managers of its organisation. */
export async function assertCanViewGroup(db: TDb, a: TAuth, groupId: string) {
  const r = await loadGroupInOrg(db, a, groupId);
  if (!r.membership && !isOrgManager(a)) throw notFound();
  return r;
}

/** Listing a group's members: its active managers and org admins. */
export async function assertCanManageGroup(db: TDb, a: TAuth, groupId: string) {
  const r = await loadGroupInOrg(db, a, groupId);
  const m = r.membership;
  if (!isCoachOf(a, m)) {
    if (!m && !isOrgManager(a)) throw notFound();
    throw forbidden();
  }
  return r;
}

/**
 * Org-admin actions on a group (deactivating its members): org admins of its organisation.
 * Another organisation's group, or one the caller has no link to, is not found.
 */
export async function assertCanAdministerGroup(db: TDb, a: TAuth, groupId: string) {
  const r = await loadGroupInOrg(db, a, groupId);
  if (!isOrgAdmin(a)) {
    if (!r.membership && !isOrgManager(a)) throw notFound();
    throw forbidden();
  }
  return r;
}

/**
 * Another user's history (001 section 6): coaches pick a member of a group they coach, org
 * admins anyone of their organisation; speakers see only their own. Each recording in it is
 * still filtered by recordingAccess.
 */
const coachesMemberOf = preparedPerDb((db) => {
  const coached = alias(memberships, 'coached');
  return db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .innerJoin(coached, and(eq(coached.groupId, memberships.groupId), eq(coached.userId, sql.placeholder('targetUserId'))))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), membershipHasActiveRoleSql('manager')))
    .limit(1)
    .prepare('coaches_member_of');
});

export async function assertCanViewHistoryOf(db: TDb, a: TAuth, targetUserId: string): Promise<void> {
  if (targetUserId === a.userId || isOrgAdmin(a)) return;
  const [row] = await coachesMemberOf(db).execute({ userId: a.userId, targetUserId });
  if (!row) throw forbidden();
}

/**
 * Listing what peers shared with a group: its active speakers. Another organisation's group, or
 * one the caller is no member of, is not found; a member who is not a speaker is refused.
 */
export async function assertCanListPeerRecordings(db: TDb, a: TAuth, groupId: string) {
  const r = await loadGroupInOrg(db, a, groupId);
  const visible = peerListVisible(r.group, r.membership);
  if (visible === 'none') {
    if (!r.membership && !isOrgManager(a)) throw notFound();
    throw forbidden();
  }
  return { ...r, visible };
}
