import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { jobOwners, jobWorkers, recordings } from '../db/schema.js';
import type { TMail, TMailer } from '../mail/mailer.js';
import { insertDoneRecording, makeOrg, startTestApp, type TTestApp } from '../test/harness.js';
import { startQueue } from './queue.js';
import { SEND_EMAIL, SEND_EMAIL_RETRY } from '../mail/mail.jobs.js';
import { ANALYZE_RECORDING, ANALYZE_RETRY, analyzeRecordingJob } from '../modules/recordings/index.js';
import { beat, reclaimJobsOfGoneWorkers, registerWorker, releaseJob, takeJob } from './worker-registry.js';

// The worker registry: a gone worker's active jobs are handed back for retry, a live worker's
// never, and two workers looking at once hand a job back once.

const GONE = 20;
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let n = 0;
const mail = (what: string): TMail => ({
  to: `${what}-${Date.now().toString(36)}-${n++}@example.test`,
  subject: 'A notice',
  text: 'Hello.',
});

interface TJobRow {
  id: string;
  state: string;
  retry_count: number;
  due: boolean;
}

async function jobTo(to: string): Promise<TJobRow> {
  const res = await t.db.execute(
    sql`select id, state, retry_count, start_after <= now() as due from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${to}`,
  );
  const rows = (res as unknown as { rows: TJobRow[] }).rows;
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A queued mail's job, fetched (active, in try `retryCount`) as a worker's fetch leaves it. */
async function activeJob(what: string, retryCount = 0): Promise<TJobRow & { to: string }> {
  const m = mail(what);
  await t.db.transaction((tx) => t.queue.enqueueEmail(tx, m));
  await t.db.execute(
    sql`update pgboss.job set state = 'active', started_on = now(), retry_count = ${retryCount} where name = ${SEND_EMAIL} and data->>'to' = ${m.to}`,
  );
  return { ...(await jobTo(m.to)), to: m.to };
}

/** A registered worker whose last heartbeat was `secondsAgo` ago. */
async function workerLastSeen(secondsAgo: number): Promise<string> {
  const id = await registerWorker(t.db);
  await t.db
    .update(jobWorkers)
    .set({ heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(jobWorkers.id, id));
  return id;
}

const ownerOf = async (jobId: string) => (await t.db.select().from(jobOwners).where(eq(jobOwners.jobId, jobId)))[0];

describe('worker registry', () => {
  it("a gone worker's active job is handed back, due now; its registration goes", async () => {
    const gone = await workerLastSeen(GONE + 5);
    const job = await activeJob('gone-owner');
    await takeJob(t.db, gone, job.id, job.retry_count);
    const reclaimed = await reclaimJobsOfGoneWorkers(t.db, GONE);
    expect(reclaimed.filter((j) => j.id === job.id)).toEqual([
      { id: job.id, name: SEND_EMAIL, state: 'retry', data: expect.objectContaining({ to: job.to }) },
    ]);
    expect(await jobTo(job.to)).toMatchObject({ state: 'retry', due: true });
    expect(await ownerOf(job.id)).toBeUndefined();
    expect(await t.db.select().from(jobWorkers).where(eq(jobWorkers.id, gone))).toEqual([]);
    // A gone worker that beats again is registered anew (and told so).
    expect(await beat(t.db, gone)).toBe(false);
    expect(await beat(t.db, gone)).toBe(true);
  });

  it("a live worker's job is never taken, however long it runs", async () => {
    const live = await workerLastSeen(GONE - 5);
    const job = await activeJob('live-owner');
    await takeJob(t.db, live, job.id, job.retry_count);
    // Started long ago: only the heartbeat counts.
    await t.db.execute(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${job.id}`);
    expect((await reclaimJobsOfGoneWorkers(t.db, GONE)).filter((j) => j.id === job.id)).toEqual([]);
    expect(await jobTo(job.to)).toMatchObject({ state: 'active' });
    expect(await ownerOf(job.id)).toMatchObject({ workerId: live });
    await releaseJob(t.db, live, job.id);
    expect(await ownerOf(job.id)).toBeUndefined();
  });

  it("a gone worker's tag does not touch a later try of its job on a live worker", async () => {
    const gone = await workerLastSeen(GONE + 5);
    // The gone worker took try 0; the job is active again in try 1 (e.g. after pg-boss's expiry).
    const job = await activeJob('later-try', 1);
    await takeJob(t.db, gone, job.id, 0);
    await reclaimJobsOfGoneWorkers(t.db, GONE);
    expect(await jobTo(job.to)).toMatchObject({ state: 'active', retry_count: 1 });
    expect(await ownerOf(job.id)).toBeUndefined();
  });

  it('a gone worker on its last try: the job fails, as pg-boss fails a last try', async () => {
    const gone = await workerLastSeen(GONE + 5);
    const job = await activeJob('last-try', SEND_EMAIL_RETRY.retryLimit);
    await takeJob(t.db, gone, job.id, job.retry_count);
    const reclaimed = await reclaimJobsOfGoneWorkers(t.db, GONE);
    expect(reclaimed.filter((j) => j.id === job.id).map((j) => j.state)).toEqual(['failed']);
    expect(await jobTo(job.to)).toMatchObject({ state: 'failed' });
  });

  it('two workers reclaiming at once hand the job back once', async () => {
    const gone = await workerLastSeen(GONE + 5);
    const job = await activeJob('race');
    await takeJob(t.db, gone, job.id, job.retry_count);
    let second: Promise<{ id: string }[]> = Promise.resolve([]);
    const first = await t.db.transaction(async (tx) => {
      const mine = await reclaimJobsOfGoneWorkers(tx, GONE);
      // The other worker looks while the first has not committed (another connection of the pool).
      second = reclaimJobsOfGoneWorkers(t.db, GONE);
      await new Promise((r) => setTimeout(r, 300));
      return mine;
    });
    expect(first.filter((j) => j.id === job.id)).toHaveLength(1);
    expect((await second).filter((j) => j.id === job.id)).toEqual([]);
    expect((await reclaimJobsOfGoneWorkers(t.db, GONE)).filter((j) => j.id === job.id)).toEqual([]);
    // Handed back once: still the same try, not counted twice.
    expect(await jobTo(job.to)).toMatchObject({ state: 'retry', retry_count: 0 });
  });
});

describe('two worker processes, one alive and busy', () => {
  it('a worker starting (and looking every heartbeat) never takes the busy one’s job', async () => {
    // Short heartbeats so the second worker looks several times while the first is busy.
    const config = { ...t.config, workerHeartbeatSeconds: 1, workerGoneSeconds: 3 };
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const sent: TMail[] = [];
    const busyMailer: TMailer = {
      async send(m) {
        await held;
        sent.push(m);
      },
    };
    const idleMailer: TMailer = {
      async send(m) {
        sent.push(m);
      },
    };
    // Only this test's mail in the queue (the tests above leave theirs due or active).
    await t.db.execute(sql`delete from pgboss.job where name = ${SEND_EMAIL}`);
    const m = mail('busy');
    await t.db.transaction((tx) => t.queue.enqueueEmail(tx, m));
    const log = pino({ level: 'silent' });
    const open = async (mailer: TMailer) => {
      const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
      const queue = await startQueue(database, config, log);
      await queue.startWorkers({ db: database.db, config, storage: t.storage, log, mailer });
      return { database, queue };
    };
    const busy = await open(busyMailer);
    let idle: Awaited<ReturnType<typeof open>> | null = null;
    try {
      const until = Date.now() + 15_000;
      while ((await jobTo(m.to)).state !== 'active' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const job = await jobTo(m.to);
      expect(job.state).toBe('active');
      idle = await open(idleMailer);
      // Three times the gone limit: the busy worker keeps beating, so its job stays its own.
      await new Promise((r) => setTimeout(r, 3 * config.workerGoneSeconds * 1000));
      expect(await jobTo(m.to)).toMatchObject({ state: 'active', retry_count: 0 });
      expect(await ownerOf(job.id)).toBeDefined();
      release();
      while ((await jobTo(m.to)).state !== 'completed' && Date.now() < until + 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(await jobTo(m.to)).toMatchObject({ state: 'completed', retry_count: 0 });
      expect(sent.filter((s) => s.to === m.to)).toHaveLength(1);
    } finally {
      release();
      for (const w of [busy, idle]) {
        if (!w) continue;
        await w.queue.stop();
        await w.database.close();
      }
    }
  }, 60_000);
});

describe('a gone worker on the last try of an analysis', () => {
  it('is found by a worker at its start: the recording fails instead of processing for ever', async () => {
    const { speaker, group } = await makeOrg(t.db);
    const rec = await insertDoneRecording(t.db, speaker, group.id, { status: 'processing', duration: null });
    await t.db.transaction((tx) => t.queue.enqueue(tx, analyzeRecordingJob, { recordingId: rec.id }));
    await t.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now(), retry_count = ${ANALYZE_RETRY.retryLimit}
          where name = ${ANALYZE_RECORDING} and data->>'recordingId' = ${rec.id}`,
    );
    const res = await t.db.execute(sql`select id from pgboss.job where name = ${ANALYZE_RECORDING} and data->>'recordingId' = ${rec.id}`);
    const [job] = (res as unknown as { rows: { id: string }[] }).rows;
    await takeJob(t.db, await workerLastSeen(GONE + 5), job!.id, ANALYZE_RETRY.retryLimit);

    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
    const log = pino({ level: 'silent' });
    const queue = await startQueue(database, t.config, log);
    try {
      await queue.startWorkers({ db: database.db, config: t.config, storage: t.storage, log, mailer: t.mailer });
      const [after] = await t.db.select().from(recordings).where(eq(recordings.id, rec.id));
      expect(after).toMatchObject({ status: 'failed', failedCode: 'unprocessable' });
      const state = await t.db.execute(sql`select state from pgboss.job where id = ${job!.id}`);
      expect((state as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'failed' }]);
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
