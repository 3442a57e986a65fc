import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TResults } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { groups, memberships, recordings, users } from '../../db/schema.js';

const userInOrgOf = preparedPerDb((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.orgId, sql.placeholder('orgId'))))
    .prepare('user_in_org'),
);

/** Whether the user exists in the organisation. */
export async function userInOrg(db: TDb, userId: string, orgId: string): Promise<boolean> {
  const [u] = await userInOrgOf(db).execute({ userId, orgId });
  return !!u;
}

/** Of the results, what the history plots and whose scores they are (a conversation's owner is one speaker of it). */
export type TPlottedResults = Pick<TResults, 'scores' | 'ideals' | 'isConversational'>;
const plottedResults = sql`jsonb_build_object('scores', ${recordings.results}->'scores', 'ideals', ${recordings.results}->'ideals', 'isConversational', coalesce(${recordings.results}->'isConversational', 'false'::jsonb))`;

/**
 * The user's analysed recordings (done, with results, not deleted), oldest first, each with its
 * group and the viewer's membership there, for deciding what the viewer may hear. Prepared: the
 * History page reads it on every visit.
 */
const analysedRecordingsOf = preparedPerDb((db) =>
  db
    // Of the results, only what the chart plots: the transcript and timestamps stay in the database.
    .select({
      r: {
        id: recordings.id,
        orgId: recordings.orgId,
        userId: recordings.userId,
        title: recordings.title,
        createdAt: recordings.createdAt,
        feedbackRequested: recordings.feedbackRequested,
        submitted: recordings.submitted,
      },
      speakerNum: recordings.speakerNum,
      results: sql<TPlottedResults>`${plottedResults}`,
      group: groups,
      membership: memberships,
    })
    .from(recordings)
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .leftJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, sql.placeholder('viewerId'))))
    .where(
      and(
        eq(recordings.userId, sql.placeholder('userId')),
        eq(recordings.status, 'done'),
        isNotNull(recordings.results),
        isNull(recordings.deletedAt),
      ),
    )
    .orderBy(asc(recordings.createdAt))
    .prepare('analysed_recordings'),
);

export async function listAnalysedRecordings(db: TDb, userId: string, viewerId: string) {
  return analysedRecordingsOf(db).execute({ userId, viewerId });
}

/** Every group the user has a membership of, with that membership and the viewer's membership there. */
export async function groupsOfUser(db: TDb, userId: string, viewerId: string) {
  const viewer = alias(memberships, 'viewer');
  return db
    .select({ group: groups, target: memberships, viewer })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .leftJoin(viewer, and(eq(viewer.groupId, memberships.groupId), eq(viewer.userId, viewerId)))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(groups.name));
}

/**
 * The plotted scores of the analysed recordings that the groups' speakers (present or lapsed),
 * other than `exceptUserId`, made in those groups within [from, to). Read only to be aggregated:
 * the caller never receives one of these rows.
 */
export async function otherSpeakersScores(db: TDb, q: { orgId: string; groupIds: string[]; exceptUserId: string; from: Date; to: Date }) {
  if (q.groupIds.length === 0) return [];
  return db
    .select({
      userId: recordings.userId,
      speakerNum: recordings.speakerNum,
      results: sql<TPlottedResults>`${plottedResults}`,
    })
    .from(recordings)
    .innerJoin(memberships, and(eq(memberships.groupId, recordings.groupId), eq(memberships.userId, recordings.userId)))
    .where(
      and(
        eq(recordings.orgId, q.orgId),
        inArray(recordings.groupId, q.groupIds),
        ne(recordings.userId, q.exceptUserId),
        or(sql`'speaker' = any(${memberships.roles})`, sql`'speaker' = any(${memberships.expiredRoles})`),
        eq(recordings.status, 'done'),
        isNotNull(recordings.results),
        isNull(recordings.deletedAt),
        gte(recordings.createdAt, q.from),
        lt(recordings.createdAt, q.to),
      ),
    );
}
