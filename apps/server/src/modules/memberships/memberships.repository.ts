import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { freeAccessUntil, grantedFreeYears } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { groups, memberships, organisations, users } from '../../db/schema.js';
import { membershipActiveNowSql, membershipHasActiveRoleSql, type TGroupRoleName } from '../../auth/membership-active.js';
import type { TOrgRow } from '../org/index.js';

// Memberships: who belongs to which group, with which roles, until when. Every module that reads
// or writes a membership outside the groups module's own pages goes through here.

export type TMembershipRow = typeof memberships.$inferSelect;
/** The group a membership belongs to, as stored. */
export type TGroupRow = typeof groups.$inferSelect;

export async function findMembership(db: TDb, userId: string, groupId: string): Promise<TMembershipRow | null> {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)))
    .limit(1);
  return m ?? null;
}

/** The group an invite code joins (any letter case), with its organisation. */
export async function findGroupByInviteCode(db: TDb, code: string) {
  const [row] = await db
    .select({ group: groups, org: organisations })
    .from(groups)
    .innerJoin(organisations, eq(organisations.id, groups.orgId))
    .where(eq(sql`lower(${groups.inviteCode})`, code.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Makes the user a coach (manager) of the group, active with no expiry; an existing membership is left as it is. */
export async function insertManagerMembership(db: TDb, userId: string, groupId: string): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, groupId, roles: ['manager'], status: 'active' })
    .onConflictDoNothing();
}

/** Takes every role of the user in the group: the membership stays, inactive, with nothing expired. */
export async function clearMembershipRoles(db: TDb, userId: string, groupId: string, now: Date): Promise<void> {
  await db
    .update(memberships)
    .set({ roles: [], status: 'inactive', expiredRoles: [], updatedAt: now })
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)));
}

/** Creates the user's membership of the group or overwrites it with these values. */
export async function upsertMembership(
  db: TDb,
  userId: string,
  groupId: string,
  values: Pick<typeof memberships.$inferInsert, 'roles' | 'status' | 'startDate' | 'expiresAt' | 'expiredRoles' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, groupId, ...values })
    .onConflictDoUpdate({ target: [memberships.userId, memberships.groupId], set: values });
}

/** SQL: the user of the outer query (users.id) has a membership active now with this role. */
export const hasActiveRoleSql = (role: TGroupRoleName) => sql<boolean>`exists (
  select 1 from ${memberships}
  where ${memberships.userId} = ${users.id} and ${membershipHasActiveRoleSql(role)})`;

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

/** The user's membership of the group if it is active now, else null. */
export async function findActiveMembership(db: TDb, userId: string, groupId: string): Promise<TMembershipRow | null> {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId), membershipActiveNowSql()));
  return m ?? null;
}

/**
 * The newest group of the organisation where the user has a membership active now as speaker,
 * or that group only when `groupId` is given; null when there is none.
 */
export async function findActiveSpeakerGroup(
  db: TDb,
  userId: string,
  orgId: string,
  groupId: string | undefined,
): Promise<TGroupRow | null> {
  const rows = await db
    .select({ group: groups })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(groups.orgId, orgId),
        membershipHasActiveRoleSql('speaker'),
        groupId ? eq(groups.id, groupId) : undefined,
      ),
    )
    .orderBy(desc(groups.createdAt))
    .limit(1);
  return rows[0]?.group ?? null;
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

/** The user's membership of the group, locked until the transaction ends (FOR UPDATE), or null. */
export async function lockMembership(tx: TDb, userId: string, groupId: string): Promise<TMembershipRow | null> {
  const [m] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)))
    .for('update');
  return m ?? null;
}

/**
 * Paid access (a payment or a prepaid code): the membership becomes an active speaker membership
 * until `expiresAt`; a new access period (it was not active) starts now.
 */
export async function grantPaidSpeakerAccess(
  tx: TDb,
  m: TMembershipRow,
  v: { expiresAt: Date; startNewPeriod: boolean; now: Date },
): Promise<void> {
  await tx
    .update(memberships)
    .set({
      roles: ['speaker'],
      status: 'active',
      expiresAt: v.expiresAt,
      expiredRoles: [],
      startDate: v.startNewPeriod ? v.now : m.startDate,
      updatedAt: v.now,
    })
    .where(and(eq(memberships.userId, m.userId), eq(memberships.groupId, m.groupId)));
}

/** A group of the organisation, or null (another organisation's group is not found). */
export async function findOrgGroup(db: TDb, orgId: string, groupId: string): Promise<TGroupRow | null> {
  const [g] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.orgId, orgId)));
  return g ?? null;
}
