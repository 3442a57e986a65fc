import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { assignments, feedback, groups, recordings } from '../../../db/schema.js';
import type { TAuth } from '../../../auth/auth-context.js';
import { coachOnlyScorecardInForce } from '../../../auth/policies.js';
import { seed } from '../../../bench/dashboards.bench.js';
import { startTestApp, type TTestApp } from '../../../test/harness.js';
import { listGroupAssignments } from '../assignments.repository.js';
import { computeAssignmentProgress, computeAssignmentStanding, type TProgressAssignment } from './progress.loader.js';

// The coach dashboard's standing (completion from per-member sums in PostgreSQL) must equal what
// the member table's progress (a fold over every recording) says: the same members, completion,
// caller's status and status counts, for every criterion, for a coach, a speaker and a peer.

let t: TTestApp;
let s: Awaited<ReturnType<typeof seed>>;
let orgId: string;
let list: TProgressAssignment[];

beforeAll(async () => {
  t = await startTestApp();
  s = await seed(t.db, { recordings: 1500, extraCoaches: 1 });
  [{ orgId }] = (await t.db.select({ orgId: groups.orgId }).from(groups).where(eq(groups.id, s.groupId))) as [{ orgId: string }];
  // Five continuous assignments (every member's) with every criterion among them, thresholds on the
  // seed's values (scores 3-9, ratings 6, 6.5 and 7); each speaker's recordings all go into one of
  // them, so a member has several there and the best of them decides.
  const criteria = [
    { minRating: true, minRatingNum: 6.5 },
    { minScore: true, minScoreNum: 8 },
    { shareRecording: true },
    { selfCommentary: true },
    { minRecordings: true, minRecordingsCount: 4, minRating: true, minRatingNum: 7 },
  ];
  const five: string[] = [];
  for (const [i, c] of criteria.entries()) {
    const [row] = await t.db
      .update(assignments)
      .set({ criteria: sql`${assignments.criteria} || ${JSON.stringify(c)}::jsonb` })
      .where(sql`${assignments.groupId} = ${s.groupId} and ${assignments.name} = ${`Assignment ${i + 1}`}`)
      .returning({ id: assignments.id });
    five.push(row!.id);
  }
  for (const [k, speakerId] of s.speakerIds.entries())
    await t.db
      .update(recordings)
      .set({ assignmentId: five[k % five.length]! })
      .where(eq(recordings.userId, speakerId));
  // Owners' own comments on some; a second rating on every other take of a speaker (the seed rates
  // all of one speaker's takes alike), so their averages differ; and recordings that no longer
  // count: deleted and failed ones.
  const ids = s.recordings.map((r) => r.id);
  const secondCoach = s.coachIds[1]!;
  await t.db.insert(feedback).values([
    ...s.recordings
      .filter((_, n) => n % 7 === 0)
      .map((r) => ({
        recordingId: r.id,
        groupId: s.groupId,
        userId: r.userId,
        kind: 'comment' as const,
        comment: 'Mine',
        isManager: false,
      })),
    ...s.recordings
      .filter((_, n) => Math.floor(n / s.speakerIds.length) % 2 === 1)
      .map((r, n) => ({
        recordingId: r.id,
        groupId: s.groupId,
        userId: secondCoach,
        kind: 'score' as const,
        scoreOverall: 4 + (n % 6),
        isManager: true,
      })),
  ]);
  // The seed flags and shares all of one speaker's takes alike: turn both over on one take in five.
  await t.db
    .update(recordings)
    .set({ submitted: sql`not ${recordings.submitted}`, feedbackRequested: sql`not ${recordings.feedbackRequested}` })
    .where(
      inArray(
        recordings.id,
        ids.filter((_, n) => Math.floor(n / s.speakerIds.length) === 1),
      ),
    );
  await t.db
    .update(recordings)
    .set({ deletedAt: new Date() })
    .where(
      inArray(
        recordings.id,
        ids.filter((_, n) => n % 11 === 0),
      ),
    );
  await t.db
    .update(recordings)
    .set({ status: 'failed' })
    .where(
      inArray(
        recordings.id,
        ids.filter((_, n) => n % 13 === 0),
      ),
    );
  list = (await listGroupAssignments(t.db, s.groupId)).map((r) => ({
    ...r.a,
    coachOnlyScorecard: coachOnlyScorecardInForce(r.a.criteria, r.scorecard),
  }));
}, 120_000);
afterAll(async () => t?.close());

const as = (userId: string): TAuth => ({ userId, orgId, orgCode: s.orgCode, orgRoles: [], keyId: 'test' });

describe('computeAssignmentStanding', () => {
  it.each([
    ['a coach', () => s.coachIds[0]!],
    ['another coach', () => s.coachIds[1]!],
    ['a speaker', () => s.speakerIds[0]!],
    ['a speaker with fewer assignments', () => s.speakerIds[2]!],
  ])('agrees with the progress the member table is built from, for %s', async (_who, caller) => {
    const viewer = as(caller());
    const now = new Date();
    const [standing, progress] = await Promise.all([
      computeAssignmentStanding(t.db, list, viewer, now),
      computeAssignmentProgress(t.db, list, viewer, now),
    ]);
    expect([...standing.keys()].sort()).toEqual([...progress.keys()].sort());
    let members = 0;
    let completed = 0;
    for (const [id, p] of progress) {
      const st = standing.get(id)!;
      expect(st.view).toEqual(p.view);
      expect(st.completionStatus).toBe(p.completionStatus);
      const { assignedCount, notStartedCount, inProgressCount, completedCount, overdueCount } = p.counts;
      expect(st.counts).toEqual({ assignedCount, notStartedCount, inProgressCount, completedCount, overdueCount });
      expect(st.members).toEqual(p.members.map((m) => ({ userId: m.userId, completion: m.completion, overdue: m.overdue })));
      members += st.members.length;
      completed += completedCount;
    }
    // The data exercises the rules: members are seen, and some complete while others do not.
    expect(members).toBeGreaterThan(0);
    expect(completed).toBeGreaterThan(0);
    expect(completed).toBeLessThan(members);
  });
});
