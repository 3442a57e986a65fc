import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { assignments, groups, memberships, organisations, recordings, users } from '../../db/schema.js';

// What the notification emails read: a recording with its group and organisation settings, and
// the members of a group who might be told of it.

/** A live recording with its owner, group, assignment name and organisation's type and settings, or null. */
export async function findRecordingForNotice(db: TDb, recordingId: string) {
  const [row] = await db
    .select({
      r: recordings,
      owner: users,
      group: groups,
      orgSettings: organisations.settings,
      orgType: organisations.type,
      assignmentName: assignments.name,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .innerJoin(organisations, eq(organisations.id, recordings.orgId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(assignments, eq(assignments.id, recordings.assignmentId))
    .where(and(eq(recordings.id, recordingId), isNull(recordings.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Every member of the group (any status) with their user row. */
export function listGroupMembersWithUsers(db: TDb, groupId: string) {
  return db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.groupId, groupId));
}

/** The user's memberships (for the settings page's sections). */
export function listMembershipsOf(db: TDb, userId: string) {
  return db.select().from(memberships).where(eq(memberships.userId, userId));
}

/** The organisation's type and settings, or null. */
export async function findOrgForNotice(db: TDb, orgId: string) {
  const [row] = await db
    .select({ type: organisations.type, settings: organisations.settings })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .limit(1);
  return row ?? null;
}

/** The users with these ids. */
export function listUsersByIds(db: TDb, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, ids));
}
