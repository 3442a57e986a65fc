import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { jobOwners, jobWorkers } from '../db/schema.js';

// The worker registry: every process that runs jobs has a row in job_workers with a heartbeat,
// and tags each job it takes (job_owners). A worker whose heartbeat is older than the gone limit
// is gone (killed, its machine lost), and its active jobs are handed back for retry at once,
// instead of waiting for pg-boss to expire them (JOB_EXPIRE_SECONDS). A job whose owner still
// beats is never touched, whichever worker looks. On PGlite (one process) the previous process's
// row simply stops beating: the same rule finds its jobs after a restart.

/** Registers a worker process; returns its id. */
export async function registerWorker(db: TDb, id: string = randomUUID()): Promise<string> {
  await db
    .insert(jobWorkers)
    .values({ id, host: os.hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: jobWorkers.id, set: { heartbeatAt: sql`now()` } });
  return id;
}

/**
 * Refreshes a worker's heartbeat; false when its row was gone (another worker took it for gone
 * and removed it), in which case the row is written again.
 */
export async function beat(db: TDb, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobWorkers)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(jobWorkers.id, workerId))
    .returning({ id: jobWorkers.id });
  if (rows.length) return true;
  await registerWorker(db, workerId);
  return false;
}

/** The worker stopped cleanly: its row goes (its jobs ended or were failed by pg-boss's stop). */
export async function unregisterWorker(db: TDb, workerId: string): Promise<void> {
  await db.delete(jobOwners).where(eq(jobOwners.workerId, workerId));
  await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
}

/**
 * Tags a job this worker fetched, with its try (the job's retry_count when taken). Called before
 * its handler runs; a row left from an earlier try of the same job is replaced.
 */
export async function takeJob(db: TDb, workerId: string, jobId: string, retryCount: number): Promise<void> {
  await db
    .insert(jobOwners)
    .values({ jobId, workerId, retryCount })
    .onConflictDoUpdate({ target: jobOwners.jobId, set: { workerId, retryCount, takenAt: sql`now()` } });
}

/** The job's handler returned or threw on this worker: pg-boss completes or fails it next. */
export async function releaseJob(db: TDb, workerId: string, jobId: string): Promise<void> {
  await db.delete(jobOwners).where(and(eq(jobOwners.jobId, jobId), eq(jobOwners.workerId, workerId)));
}

export interface TReclaimedJob {
  id: string;
  name: string;
  /** 'retry': it runs again (due now); 'failed': that was its last try (as pg-boss's own expiry decides). */
  state: 'retry' | 'failed';
  data: unknown;
}

/**
 * Hands back the active jobs of gone workers, in one statement: a job's tag is locked (FOR UPDATE
 * SKIP LOCKED) and deleted by the one reclaimer that gets it, so two reclaimers never both hand
 * it back; the job moves only if it is still active in the very try its gone owner took
 * (retry_count), so a later try on a live worker is never touched. As pg-boss fails a job, a try
 * is counted: one with tries left is due again now, one on its last try is failed. Then removes
 * the rows of gone workers.
 */
export async function reclaimJobsOfGoneWorkers(db: TDb, goneSeconds: number): Promise<TReclaimedJob[]> {
  const result = (await db.execute(sql`
    with orphaned as (
      select o.job_id, o.retry_count
      from ${jobOwners} o
      where not exists (
        select 1 from ${jobWorkers} w
        where w.id = o.worker_id and w.heartbeat_at > now() - make_interval(secs => ${goneSeconds})
      )
      for update of o skip locked
    ), released as (
      delete from ${jobOwners} o using orphaned where o.job_id = orphaned.job_id
      returning o.job_id, o.retry_count
    )
    update pgboss.job j set
      state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::pgboss.job_state,
      start_after = (case when j.retry_count < j.retry_limit then now() else j.start_after end),
      completed_on = (case when j.retry_count < j.retry_limit then null else now() end),
      output = '{"value":{"message":"its worker is gone"}}'::jsonb
    from released
    where j.id = released.job_id and j.state = 'active' and j.retry_count = released.retry_count
    returning j.id, j.name, j.state::text as state, j.data`)) as unknown as { rows: TReclaimedJob[] };
  await db.delete(jobWorkers).where(lt(jobWorkers.heartbeatAt, sql`now() - make_interval(secs => ${goneSeconds})`));
  return result.rows;
}
