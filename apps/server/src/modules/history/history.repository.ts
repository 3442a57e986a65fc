import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, memberships, recordings, users } from '../../db/schema.js';

/** Whether the user exists in the organisation. */
export async function userInOrg(db: TDb, userId: string, orgId: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
  return !!u;
}

/**
 * The user's analysed recordings (done, with results, not deleted), oldest first, each with its
 * group and the viewer's membership there, for deciding what the viewer may hear.
 */
export async function listAnalysedRecordings(db: TDb, userId: string, viewerId: string) {
  return db
    .select({ r: recordings, group: groups, membership: memberships })
    .from(recordings)
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, viewerId)))
    .where(and(eq(recordings.userId, userId), eq(recordings.status, 'done'), isNotNull(recordings.results), isNull(recordings.deletedAt)))
    .orderBy(asc(recordings.createdAt));
}
