import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { feedback } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// No N+1: each dashboard call issues the same number of SQL statements for a group of 3 speakers
// x 2 assignments as for 12 x 6 (rows are loaded with IN lists, joins and GROUP BY, never one
// query per row). The pool behind the test database is wrapped to count statements.

let t: TTestApp;
let statements = 0;
beforeAll(async () => {
  t = await startTestApp();
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
});
afterAll(async () => t?.close());

/** A group of `speakers` speakers and `n` continuous assignments; each speaker records in each, flagged, with a comment and a rating. */
async function group(speakers: number, n: number) {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  const members = [
    o.speaker,
    ...(await Promise.all(Array.from({ length: speakers - 1 }, () => addMember(t.db, o.org.id, o.group.id, ['speaker'])))),
  ];
  for (let i = 0; i < n; i++) {
    const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { name: `Assignment ${i}` });
    for (const m of members) {
      const rec = await insertDoneRecording(t.db, { id: m.id, orgId: o.org.id }, o.group.id, {
        assignmentId: assignment.id,
        submitted: true,
        feedbackRequested: i % 2 === 0,
        playbackPath: 'x/audio.mp3',
      });
      await t.db.insert(feedback).values([
        { recordingId: rec.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', comment: 'Good', isManager: true },
        { recordingId: rec.id, groupId: o.group.id, userId: o.coach.id, kind: 'score', scoreOverall: 7, isManager: true },
      ]);
    }
  }
  return { ...o, coachAuth: await signInAs(t, o.coach.email), speakerAuth: await signInAs(t, o.speaker.email) };
}

async function count(url: string, authorization: string) {
  // Once to warm what is cached per process, then counted.
  await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
  statements = 0;
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return statements;
}

async function countAll(g: Awaited<ReturnType<typeof group>>) {
  return {
    coachDashboard: await count(`/groups/${g.group.id}/dashboard`, g.coachAuth),
    groupAssignments: await count(`/assignments?scope=group&groupId=${g.group.id}`, g.coachAuth),
    memberAssignments: await count(`/groups/${g.group.id}/members/${g.speaker.id}/assignments`, g.coachAuth),
    speakerDashboard: await count('/me/dashboard', g.speakerAuth),
    library: await count('/me/library', g.speakerAuth),
  };
}

describe('dashboard calls: statements per call', () => {
  it('do not grow with the number of speakers, assignments and recordings', async () => {
    const small = await countAll(await group(3, 2));
    const large = await countAll(await group(12, 6));
    expect(large).toEqual(small);
    // The wrapper sees them (at least the caller's key and the group), and they stay few.
    for (const n of Object.values(small)) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(16);
    }
  }, 60_000);
});
