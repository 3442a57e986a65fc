import { and, eq } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { groups, memberships } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import type { TAuth } from './auth-context.js';

// The one place that answers "may this caller do X to R". Hiding a button is presentation;
// these checks are the protection. A group of another organisation is reported as not found.

export const isOrgAdmin = (a: TAuth) => a.orgRoles.includes('admin');
export const isOrgManager = (a: TAuth) => a.orgRoles.includes('manager') || isOrgAdmin(a);

/** Org-wide group lists: org admins and org-level managers. */
export function assertCanListOrgGroups(a: TAuth): void {
  if (!isOrgManager(a)) throw forbidden();
}

async function loadGroupInOrg(db: TDb, a: TAuth, groupId: string) {
  const [g] = await db.select().from(groups).where(and(eq(groups.id, groupId), eq(groups.orgId, a.orgId))).limit(1);
  if (!g) throw notFound();
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, a.userId)))
    .limit(1);
  return { group: g, membership: m ?? null };
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
  const activeManager = !!m && m.status === 'active' && m.roles.includes('manager') && (!m.expiresAt || m.expiresAt > new Date());
  if (!activeManager && !isOrgAdmin(a)) {
    if (!m && !isOrgManager(a)) throw notFound();
    throw forbidden();
  }
  return r;
}
