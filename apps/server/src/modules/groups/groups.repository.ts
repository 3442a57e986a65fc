import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, memberships, recordings, users } from '../../db/schema.js';
import { membershipActiveNowSql } from '../../auth/membership-active.js';
import type { TGroupRow } from '../memberships/index.js';

/** Whether another group of the organisation (not `exceptId`) has this name, in any letter case. */
export async function groupNameTaken(db: TDb, orgId: string, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, orgId), eq(sql`lower(${groups.name})`, name.toLowerCase()), exceptId ? ne(groups.id, exceptId) : undefined))
    .limit(1);
  return !!taken;
}

export async function insertGroup(db: TDb, values: typeof groups.$inferInsert): Promise<TGroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

/** Saves a group's name, privacy levels and settings (its free duration). */
export async function updateGroupRow(
  db: TDb,
  groupId: string,
  set: Pick<typeof groups.$inferInsert, 'name' | 'managerPrivacyLevel' | 'speakerPrivacyLevel' | 'settings'>,
): Promise<TGroupRow> {
  const [row] = await db.update(groups).set(set).where(eq(groups.id, groupId)).returning();
  return row!;
}

/** Replaces a group's invite code; the old one stops working at once. */
export async function setInviteCode(db: TDb, groupId: string, inviteCode: string): Promise<TGroupRow> {
  const [row] = await db.update(groups).set({ inviteCode }).where(eq(groups.id, groupId)).returning();
  return row!;
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
  // The group's recordings are counted per owner first, then joined to the members: grouping the
  // narrow recording rows is several times cheaper than grouping each member's whole user row
  // over every one of their recordings (the coach dashboard reads this for a whole group).
  const counted = db
    .select({
      userId: recordings.userId,
      recordings: sql<number>`count(*)::int`.as('recordings'),
      shared: sql<number>`count(*) filter (where ${recordings.feedbackRequested})::int`.as('shared'),
      submitted: sql<number>`count(*) filter (where ${recordings.submitted})::int`.as('submitted'),
      totalDuration: sql<number>`coalesce(sum(${recordings.duration}), 0)::float8`.as('total_duration'),
      lastRecordingDate: sql<Date | null>`max(${recordings.createdAt})`.as('last_recording_date'),
    })
    .from(recordings)
    .where(
      and(
        eq(recordings.groupId, groupId),
        isNull(recordings.deletedAt),
        opts.onlySharedCounted ? or(eq(recordings.feedbackRequested, true), eq(recordings.submitted, true)) : undefined,
      ),
    )
    .groupBy(recordings.userId)
    .as('counted');
  return db
    .select({
      user: users,
      membership: memberships,
      recordings: sql<number>`coalesce(${counted.recordings}, 0)::int`,
      shared: sql<number>`coalesce(${counted.shared}, 0)::int`,
      submitted: sql<number>`coalesce(${counted.submitted}, 0)::int`,
      totalDuration: sql<number>`coalesce(${counted.totalDuration}, 0)::float8`,
      lastRecordingDate: sql<Date | null>`${counted.lastRecordingDate}`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(counted, eq(counted.userId, users.id))
    .where(and(eq(memberships.groupId, groupId), opts.activeOnly ? membershipActiveNowSql() : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName));
}
