import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { freeAccessUntil, grantedFreeYears } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { groups, memberships, organisations, recordings, users } from '../../db/schema.js';
import { membershipActiveNowSql } from '../../auth/membership-active.js';

export type TGroupRow = typeof groups.$inferSelect;
export type TMembershipRow = typeof memberships.$inferSelect;
export type TOrgRow = typeof organisations.$inferSelect;

export async function findGroupByInviteCode(db: TDb, code: string) {
  const [row] = await db
    .select({ group: groups, org: organisations })
    .from(groups)
    .innerJoin(organisations, eq(organisations.id, groups.orgId))
    .where(eq(sql`lower(${groups.inviteCode})`, code.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Replaces a group's invite code; the old one stops working at once. */
export async function setInviteCode(db: TDb, groupId: string, inviteCode: string): Promise<TGroupRow> {
  const [row] = await db.update(groups).set({ inviteCode }).where(eq(groups.id, groupId)).returning();
  return row!;
}

/** SQL: the user of the outer query (users.id) has a membership active now with this role. */
export const hasActiveRoleSql = (role: 'manager' | 'speaker') => sql<boolean>`exists (
  select 1 from ${memberships}
  where ${memberships.userId} = ${users.id} and ${role} = any(${memberships.roles}) and ${membershipActiveNowSql()})`;

/**
 * The organisation's speaker seats in use (users with a membership active now as speaker, as
 * settings.seatLimit counts them) and whether `userId` already holds one of them.
 */
export async function speakerSeatUsage(db: TDb, orgId: string, userId: string | null): Promise<{ seats: number; holdsSeat: boolean }> {
  const seat = hasActiveRoleSql('speaker');
  const [row] = await db
    .select({
      seats: sql<number>`(count(*) filter (where ${seat}))::int`,
      holdsSeat: sql<boolean>`coalesce(bool_or(${users.id} = ${userId} and ${seat}), false)`,
    })
    .from(users)
    .where(eq(users.orgId, orgId));
  return row ?? { seats: 0, holdsSeat: false };
}

/**
 * Locks the organisation row until the transaction ends and returns it: changes that must see
 * each other, like granting speaker seats, then run one at a time. FOR NO KEY UPDATE excludes
 * every other such lock and any update of the row, but not the key-share locks that inserts
 * referencing the organisation (users, recordings) take, so those neither wait nor deadlock.
 */
export async function lockOrganisation(tx: TDb, orgId: string): Promise<TOrgRow | null> {
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('no key update');
  return org ?? null;
}

export async function findMembership(db: TDb, userId: string, groupId: string) {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)))
    .limit(1);
  return m ?? null;
}

/**
 * Makes the user a speaker of the group. With a free duration the membership is active until
 * now plus that duration; without one it waits, not active yet, for a subscription. A grant that
 * can make it active runs after takeSpeakerSeat, in the same transaction.
 */
export async function upsertSpeakerMembership(db: TDb, userId: string, group: TGroupRow, org: TOrgRow) {
  const now = new Date();
  const expiresAt = freeAccessUntil(grantedFreeYears(group.settings, org.settings), now);
  const status = expiresAt ? ('active' as const) : ('inactive' as const);
  await db
    .insert(memberships)
    .values({ userId, groupId: group.id, roles: ['speaker'], status, startDate: now, expiresAt })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.groupId],
      set: {
        roles: sql`array(select distinct unnest(${memberships.roles} || array['speaker']::text[]))`,
        status,
        expiresAt,
        expiredRoles: sql`'{}'::text[]`,
        updatedAt: now,
      },
    });
}

/** Every group the user belongs to, newest first, with the membership. */
export async function listUserGroups(db: TDb, userId: string) {
  return db
    .select({ group: groups, membership: memberships })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(groups.createdAt), asc(groups.name));
}

/** Every group of the organisation with member counts, newest first. */
export async function listOrgGroups(db: TDb, orgId: string) {
  return db
    .select({
      group: groups,
      totalUsers: sql<number>`count(${memberships.userId})::int`,
      activeUsers: sql<number>`count(${memberships.userId}) filter (where ${membershipActiveNowSql()})::int`,
    })
    .from(groups)
    .leftJoin(memberships, eq(memberships.groupId, groups.id))
    .where(eq(groups.orgId, orgId))
    .groupBy(groups.id)
    .orderBy(desc(groups.createdAt), asc(groups.name));
}

/** Users holding org-level roles: the members of the coaches-and-admins pseudo-group. */
export async function countOrgRoleUsers(db: TDb, orgId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.orgId, orgId), sql`cardinality(${users.orgRoles}) > 0`));
  return row?.n ?? 0;
}

/**
 * A group's members with their recording counts in that group; `activeOnly` keeps active
 * memberships. With `onlySharedCounted` (coach privacy level 3 or more) the counts take only
 * recordings submitted or shared, the ones a coach may see there.
 */
export async function listGroupMembers(db: TDb, groupId: string, opts: { activeOnly?: boolean; onlySharedCounted?: boolean } = {}) {
  return db
    .select({
      user: users,
      membership: memberships,
      recordings: sql<number>`count(${recordings.id})::int`,
      shared: sql<number>`count(${recordings.id}) filter (where ${recordings.feedbackRequested})::int`,
      submitted: sql<number>`count(${recordings.id}) filter (where ${recordings.submitted})::int`,
      totalDuration: sql<number>`coalesce(sum(${recordings.duration}), 0)::float8`,
      lastRecordingDate: sql<Date | null>`max(${recordings.createdAt})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      recordings,
      and(
        eq(recordings.userId, users.id),
        eq(recordings.groupId, groupId),
        isNull(recordings.deletedAt),
        opts.onlySharedCounted ? or(eq(recordings.feedbackRequested, true), eq(recordings.submitted, true)) : undefined,
      ),
    )
    .where(and(eq(memberships.groupId, groupId), opts.activeOnly ? membershipActiveNowSql() : undefined))
    .groupBy(users.id, memberships.userId, memberships.groupId)
    .orderBy(asc(users.lastName), asc(users.firstName));
}
