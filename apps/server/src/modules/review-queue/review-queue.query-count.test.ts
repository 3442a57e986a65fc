import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  addGroup,
  addMember,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';
import { memberships } from '../../db/schema.js';

// The queue and its count stay a fixed number of statements however many groups, speakers and
// recordings wait (no query per group or row), and the queue's statements can read the coach's
// groups' recordings from recordings_review_queue_idx (migration 0029), not by scanning recordings.
// The pool behind the test database is wrapped to count and keep the statements.

type TStatement = { text: string; values: unknown[] };
let t: TTestApp;
let seen: TStatement[] = [];
let pool: pg.Pool;
beforeAll(async () => {
  t = await startTestApp();
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(
      typeof first === 'string' ? { text: first, values: second ?? [] } : { text: first.text, values: first.values ?? second ?? [] },
    );
    return query(...args);
  };
});
afterAll(async () => t?.close());

/** A coach of `groups` groups of `speakers` speakers each, every speaker with `n` flagged recordings in an assignment. */
async function coachOf(groups: number, speakers: number, n: number) {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  const all = [o.group, ...(await Promise.all(Array.from({ length: groups - 1 }, (_, i) => addGroup(t.db, o.org.id, `Group ${i}`))))];
  for (const g of all) {
    if (g.id !== o.group.id)
      await t.db.insert(memberships).values({ userId: o.coach.id, groupId: g.id, roles: ['manager'], status: 'active' });
    const { assignment } = await insertAssignment(t.db, o.coach, g.id);
    for (let s = 0; s < speakers; s++) {
      const speaker = await addMember(t.db, o.org.id, g.id, ['speaker']);
      for (let i = 0; i < n; i++)
        await insertDoneRecording(t.db, speaker, g.id, { submitted: i % 2 === 0, feedbackRequested: true, assignmentId: assignment.id });
    }
  }
  return signInAs(t, o.coach.email);
}

async function statementsOf(url: string, authorization: string) {
  // Once to warm what is prepared per process, then counted.
  await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
  seen = [];
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return seen;
}

describe('review queue calls', () => {
  it('issue the same statements for 1 group x 2 speakers as for 4 groups x 6 speakers', async () => {
    const small = await coachOf(1, 2, 1);
    const large = await coachOf(4, 6, 3);
    for (const url of ['/review-queue', '/review-queue/count']) {
      const a = (await statementsOf(url, small)).length;
      const b = (await statementsOf(url, large)).length;
      expect(b, url).toBe(a);
      // The caller's key, the subscription facts and the queue's own read: a handful.
      expect(a, url).toBeGreaterThanOrEqual(2);
      expect(a, url).toBeLessThanOrEqual(4);
    }
  }, 60_000);

  it('read the recordings through recordings_review_queue_idx', async () => {
    const coach = await coachOf(2, 3, 2);
    for (const url of ['/review-queue', '/review-queue/count']) {
      const queueStatement = (await statementsOf(url, coach)).find((s) => s.text.includes('not exists (select 1 from "feedback"'));
      expect(queueStatement, url).toBeDefined();
      const client = await pool.connect();
      try {
        // On a test-sized table a scan is cheaper; without it, the plan shows which index the statement can use.
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        await client.query('set local enable_bitmapscan = on');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${queueStatement!.text}`, queueStatement!.values);
        await client.query('rollback');
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), url).toContain('recordings_review_queue_idx');
      } finally {
        client.release();
      }
    }
  }, 60_000);
});
