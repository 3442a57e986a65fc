import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import type { TDatabase, TDb } from '../db/client.js';
import type { TMail } from '../mail/mailer.js';
import { transactionExecutor } from './sql-executor.js';
import { beat, reclaimJobsOfGoneWorkers, registerWorker, releaseJob, takeJob, unregisterWorker } from './worker-registry.js';
import { reportError } from '../observability/error-reporting.js';
import { ALL_JOBS } from './all-jobs.js';
import type { TJobDefinition, TJobDeps, TJobHandlers, TJobInfo, TQueue, TWorkerDeps } from './job-types.js';
import { SEND_EMAIL } from '../mail/mail.jobs.js';

// The queue and its worker loop: pg-boss keeps the jobs in the same database (PGlite or
// PostgreSQL), so any number of `--role worker` processes can share it. Each job is defined
// beside its module (all-jobs.ts lists them); job-types.ts holds what handlers and services share.

/** Each job's handlers, imported when the job first runs in this process. */
const loaded = new Map<string, Promise<TJobHandlers<unknown>>>();
function handlersOf(d: TJobDefinition<unknown>): Promise<TJobHandlers<unknown>> {
  let h = loaded.get(d.name);
  if (!h) {
    h = d.load();
    // A failed import is tried again at the next run rather than remembered.
    h.catch(() => loaded.delete(d.name));
    loaded.set(d.name, h);
  }
  return h;
}

/**
 * Runs one fetched job with its handler. A failure is logged (a warning while tries remain, an
 * error and a report on the last one) and thrown on, so pg-boss retries or fails the job.
 */
async function runJob(d: TJobDefinition<unknown>, deps: TJobDeps, j: PgBoss.JobWithMetadata<object>): Promise<void> {
  const info: TJobInfo = { id: j.id, retryCount: j.retryCount ?? 0, retryLimit: j.retryLimit ?? d.options.retryLimit };
  try {
    const { handle } = await handlersOf(d);
    await handle(deps, d.payload.parse(j.data), info);
  } catch (err) {
    const where = { err, job: d.name, jobId: info.id, try: info.retryCount + 1, tries: info.retryLimit + 1 };
    if (info.retryCount >= info.retryLimit) {
      // A job that fails its last try is an unexpected error worth a report; earlier
      // failures are the retries doing their work.
      deps.log.error(where, 'job failed its last try');
      reportError(err, { kind: 'job', job: d.name });
    } else {
      deps.log.warn(where, 'job failed; it will be tried again');
    }
    throw err;
  }
}

export async function startQueue(database: TDatabase, config: TConfig, log: FastifyBaseLogger): Promise<TQueue> {
  const connection = database.executor ? { db: database.executor as PgBoss.Db } : { connectionString: database.connectionString!, max: 4 };
  const boss = new PgBoss({
    ...connection,
    schedule: false,
    supervise: true,
    // Expired jobs (a worker that died mid-job) are found by maintenance and run again.
    maintenanceIntervalSeconds: Math.max(5, Math.min(60, Math.floor(config.jobExpireSeconds / 3))),
  });
  boss.on('error', (err) => {
    log.error({ err }, 'job queue error');
    reportError(err, { kind: 'job-queue' });
  });
  await boss.start();
  /** A job the queue runs (all-jobs.ts); enqueuing another is a programming error. */
  const definitionOf = (name: string) => {
    const d = ALL_JOBS.find((j) => j.name === name);
    if (!d) throw new Error(`no job named ${name} (jobs/all-jobs.ts)`);
    return d;
  };
  const optionsOf = (d: TJobDefinition<unknown>) => ({ ...d.options, expireInSeconds: config.jobExpireSeconds });
  for (const d of ALL_JOBS) {
    const queue = { name: d.name, ...optionsOf(d), ...(d.policy && { policy: d.policy }) };
    if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, queue);
    else await boss.createQueue(d.name, queue);
  }
  const send = (tx: TDb, name: string, payload: object) => {
    const d = definitionOf(name);
    return boss.send(name, d.payload.parse(payload) as object, { ...optionsOf(d), db: transactionExecutor(tx) });
  };
  const periodicTimers: NodeJS.Timeout[] = [];
  const enqueueEmail = async (tx: TDb, mail: TMail) => {
    await send(tx, SEND_EMAIL, mail);
  };
  const enqueue: TQueue['enqueue'] = async (tx, job, payload) => {
    await send(tx, job.name, payload as object);
  };
  const jobDeps = (deps: TWorkerDeps): TJobDeps => ({ ...deps, queue: { enqueueEmail, enqueue } });
  /** The ids of this process's workers, by queue, for wakeWorkers. */
  const workerIds = new Map<string, string[]>();
  const wakeWorkers = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  /** This process's id in the worker registry, once it runs workers, and its heartbeat. */
  let workerId: string | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  /** Hands back the active jobs of gone workers (worker-registry.ts); a job due again is looked for now. */
  const reclaim = async (deps: TWorkerDeps) => {
    for (const j of await reclaimJobsOfGoneWorkers(deps.db, config.workerGoneSeconds)) {
      const d = ALL_JOBS.find((x) => x.name === j.name);
      log.warn({ job: j.name, jobId: j.id, state: j.state }, 'a job whose worker is gone was handed back');
      if (j.state === 'retry') wakeWorkers(j.name);
      else if (d) {
        const parsed = d.payload.safeParse(j.data);
        const { abandoned } = await handlersOf(d);
        if (parsed.success && abandoned)
          await abandoned(jobDeps(deps), parsed.data).catch((err: unknown) => {
            log.error({ err, job: j.name, jobId: j.id }, 'could not end a job whose last try died with its worker');
            reportError(err, { kind: 'job', job: j.name });
          });
      }
    }
  };

  return {
    enqueue,
    async request(job, payload, singletonKey) {
      const d = definitionOf(job.name);
      await boss.send(d.name, d.payload.parse(payload) as object, { ...optionsOf(d), singletonKey });
      wakeWorkers(d.name);
    },
    enqueueEmail,
    wakeWorkers,
    async runDueJobs(name, deps) {
      const d = definitionOf(name);
      let ran = 0;
      for (;;) {
        const [j] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
        if (!j) return ran;
        ran++;
        const failure = await runJob(d, jobDeps(deps), j).then(
          () => null,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        );
        // As a worker does: a failed try is scheduled again (its start lies ahead) or, on the
        // last try, the job fails.
        if (failure) await boss.fail(name, j.id, failure);
        else await boss.complete(name, j.id);
      }
    },
    async startWorkers(deps) {
      // This process joins the worker registry, then hands back what gone workers left active
      // (after a restart: its own previous process's jobs), before its workers first look.
      const self = await registerWorker(deps.db);
      workerId = self;
      await reclaim(deps);
      heartbeat = setInterval(() => {
        void beat(deps.db, self)
          .then((known) => {
            if (!known)
              log.warn({ workerId: self }, 'this worker was taken for gone (no heartbeat stored in time): its jobs were handed back');
            return reclaim(deps);
          })
          .catch((err: unknown) => log.warn({ err }, 'worker heartbeat failed'));
      }, config.workerHeartbeatSeconds * 1000);
      heartbeat.unref();
      for (const d of ALL_JOBS) {
        // Analysis is heavy: WORKER_CONCURRENCY at a time. The housekeeping jobs and mail are light.
        const count = d.heavy ? config.workerConcurrency : 1;
        for (let i = 0; i < count; i++) {
          const id = await boss.work<object>(
            d.name,
            { pollingIntervalSeconds: config.jobPollSeconds, batchSize: 1, includeMetadata: true },
            async ([j]) => {
              if (!j) return;
              // Tagged before it runs, so that if this process dies the job is handed back.
              await takeJob(deps.db, self, j.id, j.retryCount ?? 0);
              try {
                await runJob(d, jobDeps(deps), j);
              } finally {
                await releaseJob(deps.db, self, j.id).catch((err: unknown) => log.warn({ err, jobId: j.id }, 'could not release a job'));
              }
            },
          );
          workerIds.set(d.name, [...(workerIds.get(d.name) ?? []), id]);
        }
      }
      // Every worker asks for each periodic job now and then; the throttle key makes it one run
      // per period across all workers sharing the queue.
      for (const d of ALL_JOBS) {
        const everySeconds = d.everySeconds;
        if (!everySeconds) continue;
        const request = () =>
          boss
            .sendThrottled(d.name, {}, optionsOf(d), everySeconds, d.name)
            .catch((err: unknown) => log.error({ err, job: d.name }, 'could not schedule a periodic job'));
        await request();
        const timer = setInterval(() => void request(), (everySeconds * 1000) / 4);
        timer.unref();
        periodicTimers.push(timer);
      }
    },
    async stop() {
      for (const timer of periodicTimers) clearInterval(timer);
      if (heartbeat) clearInterval(heartbeat);
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      if (workerId)
        await unregisterWorker(database.db, workerId).catch((err: unknown) => log.warn({ err }, 'could not leave the worker registry'));
    },
  };
}
