import { and, desc, eq, getTableColumns, ilike, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { assignments, groups, memberships, organisations, recordings, scorecards, users } from '../../db/schema.js';
import { assignmentGroups, assignmentInOrgSql, joinedAssignmentColumns, withJoinedAssignment } from '../assignments/index.js';

export type TRecordingRow = typeof recordings.$inferSelect;

export async function findRecording(db: TDb, recordingId: string): Promise<TRecordingRow | null> {
  const [rec] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
  return rec ?? null;
}

/** Inserts the recording and returns its id. */
export async function insertRecording(db: TDb, values: typeof recordings.$inferInsert): Promise<string> {
  const [row] = await db.insert(recordings).values(values).returning({ id: recordings.id });
  return row!.id;
}

/** Changes these fields of the recording. */
export async function updateRecordingRow(db: TDb, recordingId: string, set: Partial<typeof recordings.$inferInsert>): Promise<void> {
  await db.update(recordings).set(set).where(eq(recordings.id, recordingId));
}

/**
 * A first analysis's results, stored once: false when the recording is done already (a second
 * run of the same analysis, its first worker taken for gone while it still ran).
 */
export async function storeFirstResults(db: TDb, recordingId: string, set: Partial<typeof recordings.$inferInsert>): Promise<boolean> {
  const updated = await db
    .update(recordings)
    .set({ ...set, status: 'done' })
    .where(and(eq(recordings.id, recordingId), ne(recordings.status, 'done')))
    .returning({ id: recordings.id });
  return updated.length > 0;
}

/** Whether the recording was deleted (or its row removed). */
export async function isRecordingGone(db: TDb, recordingId: string): Promise<boolean> {
  const [rec] = await db.select({ deletedAt: recordings.deletedAt }).from(recordings).where(eq(recordings.id, recordingId));
  return !rec || !!rec.deletedAt;
}

/** Removes the recordings still waiting for their file (uploading, no URL) made before `before`; returns their ids. */
export async function removeUnfinishedUploadsBefore(db: TDb, before: Date): Promise<string[]> {
  const gone = await db
    .delete(recordings)
    .where(and(eq(recordings.status, 'uploading'), isNull(recordings.sourceUrl), lt(recordings.createdAt, before)))
    .returning({ id: recordings.id });
  return gone.map((r) => r.id);
}

/** Removes the row itself (a refused upload leaves nothing); deleting for the user sets deletedAt instead. */
export async function removeRecordingRow(db: TDb, recordingId: string): Promise<void> {
  await db.delete(recordings).where(eq(recordings.id, recordingId));
}

/** The user's organisation, org-level roles and organisation code, or null for no such user. */
export async function findUserOrgFacts(db: TDb, userId: string) {
  const [u] = await db
    .select({ orgId: users.orgId, orgRoles: users.orgRoles, orgCode: organisations.code })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  return u ?? null;
}

// Lists never show results or the wordspotting snapshot: reading (and parsing) those large JSON
// columns for every row was most of a list call's time.
const { results: _results, wordspotting: _wordspotting, ...listRecordingColumns } = getTableColumns(recordings);

/** The recording's columns that lists read: all but its results and wordspotting snapshot. */
export type TRecordingListFields = Omit<TRecordingRow, 'results' | 'wordspotting'>;

const listColumns = {
  r: listRecordingColumns,
  groupName: groups.name,
  // The group's levels decide the recording's abilities (policies.ts recordingAbilities).
  groupLevels: { managerPrivacyLevel: groups.managerPrivacyLevel, speakerPrivacyLevel: groups.speakerPrivacyLevel },
  firstName: users.firstName,
  lastName: users.lastName,
};

export type TRecordingListRow = {
  r: TRecordingListFields;
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

/** The caller's own list without a search (My Recordings, My Library): prepared, as nearly every page reads it. */
const ownRecordingsOf = preparedPerDb((db) => listQuery(db, eq(recordings.userId, sql.placeholder('userId'))).prepare('own_recordings'));

export function listOwnRecordings(db: TDb, userId: string, q?: string) {
  if (!q) return ownRecordingsOf(db).execute({ userId });
  return listQuery(db, and(eq(recordings.userId, userId), ilike(recordings.title, `%${q.replace(/[%_\\]/g, '\\$&')}%`)));
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

/**
 * A results page's read: the recording with its results, the caller's standing in its group and
 * its assignment in the caller's organisation (findAssignmentInOrg's, null without one), in one
 * prepared statement, as each results page makes it.
 */
const withContextOf = preparedPerDb((db) =>
  db
    .select({ ...listColumns, r: recordings, group: groups, membership: memberships, ...joinedAssignmentColumns })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, sql.placeholder('callerId'))))
    .leftJoin(assignments, assignmentInOrgSql(recordings.assignmentId, sql.placeholder('orgId')))
    .leftJoin(assignmentGroups, eq(assignmentGroups.id, assignments.groupId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(and(eq(recordings.id, sql.placeholder('recordingId')), isNull(recordings.deletedAt)))
    .limit(1)
    .prepare('recording_with_context'),
);

export async function findRecordingWithContext(db: TDb, recordingId: string, auth: { userId: string; orgId: string }) {
  const [row] = await withContextOf(db).execute({ recordingId, callerId: auth.userId, orgId: auth.orgId });
  return row ? withJoinedAssignment(row) : null;
}

/**
 * The same without the results and wordspotting snapshot, for deciding what the caller may do
 * with the recording (feedback, media, assignments): reading and parsing that large JSON was
 * most of those calls' work.
 */
const accessContextOf = preparedPerDb((db) =>
  db
    .select({ ...listColumns, group: groups, membership: memberships })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, sql.placeholder('callerId'))))
    .where(and(eq(recordings.id, sql.placeholder('recordingId')), isNull(recordings.deletedAt)))
    .limit(1)
    .prepare('recording_access_context'),
);

export async function findRecordingAccessContext(db: TDb, recordingId: string, callerId: string) {
  const [row] = await accessContextOf(db).execute({ recordingId, callerId });
  return row ?? null;
}

/** The same with the recording's assignment in the caller's organisation (findAssignmentInOrg's, null without one). */
const accessContextWithAssignmentOf = preparedPerDb((db) =>
  db
    .select({ ...listColumns, group: groups, membership: memberships, ...joinedAssignmentColumns })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, sql.placeholder('callerId'))))
    .leftJoin(assignments, assignmentInOrgSql(recordings.assignmentId, sql.placeholder('orgId')))
    .leftJoin(assignmentGroups, eq(assignmentGroups.id, assignments.groupId))
    .leftJoin(scorecards, eq(scorecards.assignmentId, assignments.id))
    .where(and(eq(recordings.id, sql.placeholder('recordingId')), isNull(recordings.deletedAt)))
    .limit(1)
    .prepare('recording_access_context_with_assignment'),
);

export async function findRecordingAccessContextWithAssignment(db: TDb, recordingId: string, auth: { userId: string; orgId: string }) {
  const [row] = await accessContextWithAssignmentOf(db).execute({ recordingId, callerId: auth.userId, orgId: auth.orgId });
  return row ? withJoinedAssignment(row) : null;
}

/** How many of the owner's earlier analysed recordings the previous-take finder looks through, newest first. */
export const EARLIER_TAKES_SCANNED = 200;

/**
 * The owner's analysed recordings made before `before` (newest first), each with the caller's
 * standing in its group, for finding a previous take (previous-take.ts) among those the caller
 * may hear.
 */
export function listEarlierAnalysedRecordings(
  db: TDb,
  owner: { userId: string; orgId: string },
  before: { recordingId: string; createdAt: Date },
  callerId: string,
) {
  return db
    .select({
      r: {
        id: recordings.id,
        userId: recordings.userId,
        orgId: recordings.orgId,
        title: recordings.title,
        assignmentId: recordings.assignmentId,
        practicePromptId: recordings.practicePromptId,
        feedbackRequested: recordings.feedbackRequested,
        submitted: recordings.submitted,
      },
      group: groups,
      membership: memberships,
    })
    .from(recordings)
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, callerId)))
    .where(
      and(
        eq(recordings.userId, owner.userId),
        eq(recordings.orgId, owner.orgId),
        isNull(recordings.deletedAt),
        eq(recordings.status, 'done'),
        lt(recordings.createdAt, before.createdAt),
        ne(recordings.id, before.recordingId),
      ),
    )
    .orderBy(desc(recordings.createdAt))
    .limit(EARLIER_TAKES_SCANNED);
}
