import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuth } from '../../../auth/auth-context.js';
import { assignments } from '../../../db/schema.js';
import { insertAssignment, startTestApp, type TTestApp } from '../../../test/harness.js';
import { loadAssignmentProgress } from './progress.loader.js';
import { progressScene } from '../../../test/progress-fixture.js';

// loadAssignmentProgress: the assignment counts and the caller's own status, for many assignments
// at once, over the members and recordings the caller may see.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const as = (u: { id: string; orgId: string; orgRoles: string[] }): TAuth => ({
  userId: u.id,
  orgId: u.orgId,
  orgCode: 'x',
  orgRoles: u.orgRoles,
  keyId: 'k',
});

async function load(ids: string[], viewer: TAuth) {
  const rows = await t.db.select().from(assignments).where(inArray(assignments.id, ids));
  return loadAssignmentProgress(t.db, rows, viewer);
}

describe('loadAssignmentProgress', () => {
  it('coach: every member by status; recordings, flagged and comments they may hear', async () => {
    const s = await progressScene(t.db);
    const p = (await load([s.assignment.id], as(s.coach))).get(s.assignment.id)!;
    expect(p).toEqual({
      counts: {
        assignedCount: 3,
        notStartedCount: 1,
        inProgressCount: 1,
        completedCount: 1,
        recordingsCount: 3,
        forReviewCount: 1,
        feedbackCount: 3,
        overdueCount: 0,
      },
      completionStatus: null,
    });
    // At coach level 3 only the flagged and the shared recording are heard.
    await s.setLevels(3, 1);
    const p3 = (await load([s.assignment.id], as(s.coach))).get(s.assignment.id)!;
    expect(p3.counts).toMatchObject({ assignedCount: 3, recordingsCount: 2, forReviewCount: 1, feedbackCount: 2 });
    // An org admin sees as the coach does.
    expect((await load([s.assignment.id], as(s.admin))).get(s.assignment.id)!.counts).toEqual(p3.counts);
  });

  it('speakers: their own status, and peers as the speaker privacy level allows', async () => {
    const s = await progressScene(t.db);
    const speaker = as({ ...s.speaker, orgRoles: [] });
    const expectations: [number, number, number, number][] = [
      // level, members, recordings heard, comments seen
      [1, 3, 3, 3],
      [2, 3, 3, 3],
      [3, 2, 3, 3],
      [4, 1, 2, 2],
      [0, 1, 2, 0],
    ];
    for (const [level, members, recs, comments] of expectations) {
      await s.setLevels(1, level);
      const p = (await load([s.assignment.id], speaker)).get(s.assignment.id)!;
      expect(p.completionStatus, `level ${level}`).toBe('completed');
      expect(p.counts.assignedCount, `level ${level}`).toBe(members);
      expect(p.counts.recordingsCount, `level ${level}`).toBe(recs);
      expect(p.counts.feedbackCount, `level ${level}`).toBe(comments);
    }
    // At level 3 the quiet speaker sees themself and the peer who shared, not the one who only flagged.
    await s.setLevels(1, 3);
    const quiet = (await load([s.assignment.id], as({ ...s.quiet, orgRoles: [] }))).get(s.assignment.id)!;
    expect(quiet).toMatchObject({ completionStatus: 'assigned', counts: { assignedCount: 2, notStartedCount: 1, inProgressCount: 1 } });
  });

  it('members come from the targets: user targets only, and a deactivated group target adds nobody', async () => {
    const users = await progressScene(t.db, { targets: 'users' });
    expect((await load([users.assignment.id], as(users.coach))).get(users.assignment.id)!.counts.assignedCount).toBe(3);
    const off = await progressScene(t.db, { deactivated: true });
    const p = (await load([off.assignment.id], as(off.coach))).get(off.assignment.id)!;
    expect(p.counts).toMatchObject({ assignedCount: 0, recordingsCount: 0 });
    expect((await load([off.assignment.id], as({ ...off.speaker, orgRoles: [] }))).get(off.assignment.id)!.completionStatus).toBeNull();
  });

  it('many assignments at once; templates and strangers get zeros', async () => {
    const a = await progressScene(t.db);
    const b = await progressScene(t.db, { criteria: { managerReview: false } });
    const tpl = await insertAssignment(t.db, a.coach, a.group.id, { isTemplate: true });
    const map = await load([a.assignment.id, b.assignment.id, tpl.assignment.id], as(a.coach));
    expect(map.get(a.assignment.id)!.counts.completedCount).toBe(1);
    // Another organisation's coach, or admin: b is not theirs.
    expect(map.get(b.assignment.id)!.counts.assignedCount).toBe(0);
    expect((await load([b.assignment.id], as(a.admin))).get(b.assignment.id)!.counts.assignedCount).toBe(0);
    expect(map.get(tpl.assignment.id)).toEqual({
      counts: {
        assignedCount: 0,
        notStartedCount: 0,
        inProgressCount: 0,
        completedCount: 0,
        recordingsCount: 0,
        forReviewCount: 0,
        feedbackCount: 0,
        overdueCount: 0,
      },
      completionStatus: null,
    });
    const bCoach = (await load([b.assignment.id], as(b.coach))).get(b.assignment.id)!;
    // Without managerReview the peer's one recording completes it.
    expect(bCoach.counts).toMatchObject({ completedCount: 2, inProgressCount: 0, notStartedCount: 1 });
  });

  it('minScore and minRating read the best score and the best average rating', async () => {
    const s = await progressScene(t.db, {
      criteria: { managerReview: false, minScore: true, minScoreNum: 6, minRating: true, minRatingNum: 6 },
    });
    const p = (await load([s.assignment.id], as(s.coach))).get(s.assignment.id)!;
    // speaker: best score 7, rating 8 -> completed; peer: score 5 -> in progress.
    expect(p.counts).toMatchObject({ completedCount: 1, inProgressCount: 1, notStartedCount: 1 });
    await t.db
      .update(assignments)
      .set({ criteria: { algorithm: 'rostrum-default', minRating: true, minRatingNum: 9 } })
      .where(eq(assignments.id, s.assignment.id));
    expect((await load([s.assignment.id], as(s.coach))).get(s.assignment.id)!.counts.completedCount).toBe(0);
  });
});
