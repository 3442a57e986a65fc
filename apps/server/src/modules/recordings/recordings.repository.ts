import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, memberships, recordings, users } from '../../db/schema.js';

export type TRecordingRow = typeof recordings.$inferSelect;

const listColumns = {
  r: recordings,
  groupName: groups.name,
  // The group's levels decide the recording's abilities (policies.ts recordingAbilities).
  groupLevels: { managerPrivacyLevel: groups.managerPrivacyLevel, speakerPrivacyLevel: groups.speakerPrivacyLevel },
  firstName: users.firstName,
  lastName: users.lastName,
};

export type TRecordingListRow = {
  r: TRecordingRow;
  groupName: string | null;
  groupLevels: { managerPrivacyLevel: number; speakerPrivacyLevel: number } | null;
  firstName: string;
  lastName: string;
};

function listQuery(db: TDb, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .where(and(isNull(recordings.deletedAt), where))
    .orderBy(desc(recordings.createdAt));
}

export function listOwnRecordings(db: TDb, userId: string, q?: string) {
  return listQuery(db, and(eq(recordings.userId, userId), q ? ilike(recordings.title, `%${q.replace(/[%_\\]/g, '\\$&')}%`) : undefined));
}

/** A group's recordings filtered in SQL by what the caller's role there allows (see recordingAccess). */
export function listGroupRecordings(
  db: TDb,
  groupId: string,
  callerId: string,
  visible: 'all' | 'shared-or-submitted' | 'shared' | 'own',
  ownerId?: string,
) {
  const shared = eq(recordings.feedbackRequested, true);
  // Each branch is a real condition: or(x, undefined) would quietly mean just x.
  const filter = {
    all: sql`true`,
    'shared-or-submitted': or(shared, eq(recordings.submitted, true)),
    shared,
    own: sql`false`,
  }[visible];
  return listQuery(
    db,
    and(eq(recordings.groupId, groupId), or(eq(recordings.userId, callerId), filter), ownerId ? eq(recordings.userId, ownerId) : undefined),
  );
}

export async function findRecordingWithContext(db: TDb, recordingId: string, callerId: string) {
  const [row] = await db
    .select({ ...listColumns, group: groups, membership: memberships })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, callerId)))
    .where(and(eq(recordings.id, recordingId), isNull(recordings.deletedAt)))
    .limit(1);
  return row ?? null;
}
