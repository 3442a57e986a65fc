import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, invites, users } from '../../db/schema.js';

export type TInviteRow = typeof invites.$inferSelect;

const pendingInOrg = (orgId: string) => and(eq(invites.orgId, orgId), isNull(invites.acceptedAt));

/** Invites not accepted yet, newest first. */
export async function listPendingInvites(db: TDb, orgId: string): Promise<TInviteRow[]> {
  return db.select().from(invites).where(pendingInOrg(orgId)).orderBy(desc(invites.createdAt), desc(invites.id));
}

export async function findPendingInvite(db: TDb, orgId: string, inviteId: string): Promise<TInviteRow | null> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(pendingInOrg(orgId), eq(invites.id, inviteId)))
    .limit(1);
  return row ?? null;
}

export async function hasPendingInviteFor(db: TDb, orgId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(pendingInOrg(orgId), eq(invites.email, email)))
    .limit(1);
  return !!row;
}

/** Which of these emails have an invite of the organisation still pending. */
export async function pendingInviteEmails(db: TDb, orgId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ email: invites.email })
    .from(invites)
    .where(and(pendingInOrg(orgId), inArray(invites.email, emails)));
  return new Set(rows.map((r) => r.email));
}

/** The organisation an email is registered in, or null. */
export async function orgOfEmail(db: TDb, email: string): Promise<string | null> {
  const [row] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.email, email)).limit(1);
  return row?.orgId ?? null;
}

/** The user's display name, or null for no such user. */
export async function findUserName(db: TDb, userId: string): Promise<string | null> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return u?.name ?? null;
}

/** Every group of the organisation. */
export async function groupsOfOrg(db: TDb, orgId: string) {
  return db.select().from(groups).where(eq(groups.orgId, orgId));
}

/** The groups of the organisation among these ids. */
export async function listOrgGroupsByIds(db: TDb, orgId: string, ids: string[]) {
  return db
    .select()
    .from(groups)
    .where(and(eq(groups.orgId, orgId), inArray(groups.id, ids)));
}

/** id -> name of the organisation's groups. */
export async function groupNamesOfOrg(db: TDb, orgId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.orgId, orgId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertInvite(db: TDb, values: typeof invites.$inferInsert): Promise<TInviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

/** Stores several invites in one statement. */
export async function insertInvites(db: TDb, values: (typeof invites.$inferInsert)[]): Promise<TInviteRow[]> {
  if (values.length === 0) return [];
  return db.insert(invites).values(values).returning();
}

export async function markResent(db: TDb, inviteId: string): Promise<TInviteRow> {
  const [row] = await db.update(invites).set({ resentAt: sql`now()` }).where(eq(invites.id, inviteId)).returning();
  return row!;
}

/** Deletes a pending invite of the organisation; false when there is none. */
export async function deletePendingInvite(db: TDb, orgId: string, inviteId: string): Promise<boolean> {
  const rows = await db
    .delete(invites)
    .where(and(pendingInOrg(orgId), eq(invites.id, inviteId)))
    .returning({ id: invites.id });
  return rows.length > 0;
}
