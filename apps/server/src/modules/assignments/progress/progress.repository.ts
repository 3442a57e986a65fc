import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../../db/client.js';
import { inIdList, preparedPerDb } from '../../../db/prepared.js';
import { assignments, feedback, groups, memberships, recordings, users } from '../../../db/schema.js';
import { assignmentForMembershipSql } from '../../../auth/assignment-targets.js';
import type { TCompletionFacts } from './completion.js';

// The facts behind assignment progress, a few queries for any number of assignments: the
// caller's standing in each group, each assignment's members, and their recordings in it with
// the feedback on each summed by author.

/** The groups and the caller's membership in each (null when none). */
const groupsWithMembershipOf = preparedPerDb((db) =>
  db
    .select({ group: groups, membership: memberships })
    .from(groups)
    .leftJoin(memberships, and(eq(memberships.groupId, groups.id), eq(memberships.userId, sql.placeholder('userId'))))
    .where(inIdList(groups.id, 'groupIds'))
    .prepare('groups_with_membership'),
);

export function listGroupsWithMembership(db: TDb, groupIds: string[], userId: string) {
  return groupsWithMembershipOf(db).execute({ groupIds, userId });
}

/** The members each assignment is for (assignmentForMembershipSql), by last then first name; `onlyUserId` keeps one. */
export function listMembersOf(db: TDb, assignmentIds: string[], onlyUserId?: string) {
  return db
    .select({
      assignmentId: assignments.id,
      userId: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(assignments)
    .innerJoin(memberships, assignmentForMembershipSql())
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(assignments.id, assignmentIds), onlyUserId ? eq(memberships.userId, onlyUserId) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** A raw statement's rows: Drizzle's per-field mapping is left out where thousands of rows are read. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** A member with the ids of the assignments (of those asked) that are for them. */
export interface TMemberAssignmentsRow {
  userId: string;
  name: string;
  firstName: string;
  lastName: string;
  /** Comma-separated: one string per member decodes far quicker than a row per pair. */
  assignmentIds: string;
}

/**
 * The members the assignments are for (assignmentForMembershipSql), one row each with their
 * assignments, by last then first name; `onlyUserId` keeps one. listMembersOf's pairs, grouped.
 */
export function listMembersWithAssignments(db: TDb, assignmentIds: string[], onlyUserId?: string) {
  return rowsOf<TMemberAssignmentsRow>(
    db.execute(sql`
      select ${users.id} as "userId", ${users.name} as "name", ${users.firstName} as "firstName",
        ${users.lastName} as "lastName", string_agg(${assignments.id}::text, ',') as "assignmentIds"
      from ${assignments}
      inner join ${memberships} on ${assignmentForMembershipSql()}
      inner join ${users} on ${users.id} = ${memberships.userId}
      where ${and(inArray(assignments.id, assignmentIds), onlyUserId ? eq(memberships.userId, onlyUserId) : undefined)}
      group by ${users.id}
      order by ${users.lastName}, ${users.firstName}, ${users.id}`),
  );
}

/**
 * The feedback on one recording, summed by author: the caller or someone else, a coach or not
 * (null where there is none). Enough for every visibility rule (feedbackVisible, scoreSetVisible)
 * and for completion (all overall ratings, the owner's own comment), without the rows themselves.
 */
export interface TFeedbackFacts {
  callerCoachComments: number | null;
  callerCoachSum: number | null;
  callerCoachN: number | null;
  callerPeerComments: number | null;
  callerPeerSum: number | null;
  callerPeerN: number | null;
  otherCoachComments: number | null;
  otherCoachSum: number | null;
  otherCoachN: number | null;
  otherPeerComments: number | null;
  otherPeerSum: number | null;
  otherPeerN: number | null;
  /** The recording's owner commented on it. */
  ownerCommented: boolean | null;
}

/** TFeedbackFacts' columns over feedback left-joined to recordings, grouped by recording. */
function feedbackFactsSql(callerId: string) {
  const byCaller = sql`${feedback.userId} is not distinct from ${callerId}::uuid`;
  const byOther = sql`${feedback.userId} is distinct from ${callerId}::uuid`;
  const author = (who: SQL, coach: boolean, name: string) => {
    const manager = coach ? sql`${feedback.isManager}` : sql`not ${feedback.isManager}`;
    const score = sql`${feedback.kind} = 'score' and ${manager} and ${who}`;
    // Nulls, not zeros, where nothing matches: a null costs the driver nothing to decode.
    return sql`
      sum(1) filter (where ${feedback.kind} = 'comment' and ${manager} and ${who})::int as ${sql.identifier(`${name}Comments`)},
      sum(${feedback.scoreOverall}) filter (where ${score})::float8 as ${sql.identifier(`${name}Sum`)},
      nullif(count(${feedback.scoreOverall}) filter (where ${score}), 0)::int as ${sql.identifier(`${name}N`)}`;
  };
  return sql`${author(byCaller, true, 'callerCoach')}, ${author(byCaller, false, 'callerPeer')},
    ${author(byOther, true, 'otherCoach')}, ${author(byOther, false, 'otherPeer')},
    bool_or(${feedback.kind} = 'comment' and ${feedback.userId} = ${recordings.userId}) as "ownerCommented"`;
}

/** What progress reads of a recording: who owns it, what access and completion need, its feedback. */
export interface TProgressRecordingFacts extends TFeedbackFacts {
  id: string;
  assignmentId: string;
  userId: string;
  orgId: string;
  overallScore: number | null;
  submitted: boolean;
  feedbackRequested: boolean;
}

/** The same with what the member table shows of it. */
export type TProgressRecordingRow = TProgressRecordingFacts &
  Pick<typeof recordings.$inferSelect, 'groupId' | 'title' | 'createdAt' | 'duration' | 'status' | 'isVideo' | 'playbackPath'>;

function recordingsOf(db: TDb, assignmentIds: string[], callerId: string, onlyUserId: string | undefined, detail: boolean) {
  const r = recordings;
  const shown = detail
    ? sql`, ${r.groupId} as "groupId", ${r.title} as "title", ${r.createdAt} as "createdAt", ${r.duration} as "duration",
        ${r.status} as "status", ${r.isVideo} as "isVideo", ${r.playbackPath} as "playbackPath"`
    : sql``;
  return db.execute(sql`
    select ${r.id} as "id", ${r.assignmentId} as "assignmentId", ${r.userId} as "userId", ${r.orgId} as "orgId",
      ${r.overallScore} as "overallScore", ${r.submitted} as "submitted", ${r.feedbackRequested} as "feedbackRequested"
      ${shown}, ${feedbackFactsSql(callerId)}
    from ${r}
    left join ${feedback} on ${feedback.recordingId} = ${r.id}
    where ${and(
      inArray(r.assignmentId, assignmentIds),
      isNull(r.deletedAt),
      ne(r.status, 'failed'),
      onlyUserId ? eq(r.userId, onlyUserId) : undefined,
    )}
    group by ${r.id}
    ${detail ? sql`order by ${r.createdAt} desc, ${r.id} desc` : sql``}`);
}

/**
 * Live recordings of the assignments (not deleted, not failed) with their feedback facts for the
 * caller, newest first; results are left out. `onlyUserId` keeps one owner's.
 */
export async function listRecordingsOf(db: TDb, assignmentIds: string[], callerId: string, onlyUserId?: string) {
  const rows = await rowsOf<Omit<TProgressRecordingRow, 'createdAt'> & { createdAt: Date | string }>(
    recordingsOf(db, assignmentIds, callerId, onlyUserId, true),
  );
  // The driver may hand timestamps over as text (Drizzle's node-postgres types): as its column does.
  for (const row of rows) if (typeof row.createdAt === 'string') row.createdAt = new Date(row.createdAt);
  return rows as TProgressRecordingRow[];
}

/** The same, only what completion, access and the counts need: the assignment lists' read. */
export function listRecordingFactsOf(db: TDb, assignmentIds: string[], callerId: string, onlyUserId?: string) {
  return rowsOf<TProgressRecordingFacts>(recordingsOf(db, assignmentIds, callerId, onlyUserId, false));
}

/**
 * Completion's facts of one member's live recordings in one assignment, summed; `bestAverageRating`
 * unrounded (the loader rounds it as `average` rounds each recording's).
 */
export type TMemberCompletionFactsRow = TCompletionFacts & { assignmentId: string; userId: string };

/**
 * What completion reads, summed per assignment and member in PostgreSQL: one row per member with
 * recordings instead of one per recording (the coach dashboard's group holds thousands). The same
 * recordings as recordingsOf (live: not deleted, not failed) and the same facts as the loader's
 * fold (addRecordingFacts): every overall rating and the owner's own comment, whoever may see them.
 */
export function listCompletionFactsOf(db: TDb, assignmentIds: string[]) {
  const r = recordings;
  const rated = sql`${feedback.kind} = 'score'`;
  return rowsOf<TMemberCompletionFactsRow>(
    db.execute(sql`
      select "assignmentId", "userId", count(*)::int as "recordingsCount", max("overallScore") as "bestScore",
        max("averageRating") as "bestAverageRating", bool_or("submitted") as "anySubmitted",
        bool_or("feedbackRequested") as "anyShared", coalesce(bool_or("ownerCommented"), false) as "anySelfComment"
      from (
        select ${r.assignmentId} as "assignmentId", ${r.userId} as "userId", ${r.overallScore} as "overallScore",
          ${r.submitted} as "submitted", ${r.feedbackRequested} as "feedbackRequested",
          sum(${feedback.scoreOverall}) filter (where ${rated})::float8
            / nullif(count(${feedback.scoreOverall}) filter (where ${rated}), 0) as "averageRating",
          bool_or(${feedback.kind} = 'comment' and ${feedback.userId} = ${r.userId}) as "ownerCommented"
        from ${r}
        left join ${feedback} on ${feedback.recordingId} = ${r.id}
        where ${and(inArray(r.assignmentId, assignmentIds), isNull(r.deletedAt), ne(r.status, 'failed'))}
        group by ${r.id}
      ) as per_recording
      group by "assignmentId", "userId"`),
  );
}

/** The feedback facts of every live recording of one owner, for the caller (My Library, the speaker dashboard). */
export function feedbackFactsOfOwner(db: TDb, ownerId: string, callerId: string) {
  return rowsOf<TFeedbackFacts & { recordingId: string }>(
    db.execute(sql`
      select ${recordings.id} as "recordingId", ${feedbackFactsSql(callerId)}
      from ${recordings}
      inner join ${feedback} on ${feedback.recordingId} = ${recordings.id}
      where ${and(eq(recordings.userId, ownerId), isNull(recordings.deletedAt), ne(recordings.status, 'failed'))}
      group by ${recordings.id}`),
  );
}
