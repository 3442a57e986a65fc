import PgBoss from 'pg-boss';
import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import type { TDatabase, TDb } from '../db/client.js';
import type { TDeps } from '../deps.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { handleAnalyzeRecording } from './analyze-recording.job.js';
import { EXPIRE_UPLOADS_EVERY_SECONDS, handleExpireUploads } from './expire-uploads.job.js';
import { handleRemoveRecordingMedia } from './remove-recording-media.job.js';
import { transactionExecutor } from './sql-executor.js';
import { reportError } from '../observability/error-reporting.js';

// Jobs are a name, a zod payload and a handler. pg-boss keeps them in the same database
// (PGlite or PostgreSQL), so any number of `--role worker` processes can share the queue.

export const ANALYZE_RECORDING = 'analyze-recording';
export const ZAnalyzeRecordingPayloadSchema = z.object({ recordingId: ZIdSchema });
export type TAnalyzeRecordingPayload = z.infer<typeof ZAnalyzeRecordingPayloadSchema>;

/** After DELETE recordings/{id}: its media folder goes once the deletion has committed. */
export const REMOVE_RECORDING_MEDIA = 'remove-recording-media';
export const ZRemoveRecordingMediaPayloadSchema = z.object({ recordingId: ZIdSchema });
export type TRemoveRecordingMediaPayload = z.infer<typeof ZRemoveRecordingMediaPayloadSchema>;

/** Periodic: unfinished uploads older than a day, their partial files and waiting recordings. */
export const EXPIRE_UPLOADS = 'expire-uploads';
export const ZExpireUploadsPayloadSchema = z.object({});

/** Retries for transient faults: 3 more tries, 10 s apart and doubling. */
export const ANALYZE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;
/** A file removal that failed (a busy or unreachable volume) is tried again for about half an hour. */
export const REMOVE_MEDIA_RETRY = { retryLimit: 10, retryDelay: 2, retryBackoff: true } as const;
const EXPIRE_UPLOADS_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: false } as const;

export interface TJobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
}

/** What a worker's job handlers receive. */
export interface TWorkerDeps extends Pick<TDeps, 'db' | 'config'> {
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

interface TJobDefinition<T> {
  name: string;
  payload: z.ZodType<T>;
  options: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  handle: (deps: TWorkerDeps, payload: T, job: TJobInfo) => Promise<void>;
}

const job = <T>(d: TJobDefinition<T>) => d as TJobDefinition<unknown>;

const JOBS = [
  job({ name: ANALYZE_RECORDING, payload: ZAnalyzeRecordingPayloadSchema, options: ANALYZE_RETRY, handle: handleAnalyzeRecording }),
  job({ name: REMOVE_RECORDING_MEDIA, payload: ZRemoveRecordingMediaPayloadSchema, options: REMOVE_MEDIA_RETRY, handle: handleRemoveRecordingMedia }),
  job({ name: EXPIRE_UPLOADS, payload: ZExpireUploadsPayloadSchema, options: EXPIRE_UPLOADS_RETRY, handle: async (deps) => void (await handleExpireUploads(deps)) }),
];

export interface TQueue {
  /** Enqueues analysis inside the caller's transaction: the job exists only if it commits. */
  enqueueAnalyze(tx: TDb, recordingId: string): Promise<void>;
  /** Enqueues removal of a deleted recording's files, inside the transaction that deletes it. */
  enqueueRemoveMedia(tx: TDb, recordingId: string): Promise<void>;
  /** Runs every job's handler, and the periodic upload expiry, in this process (worker role). */
  startWorkers(deps: TWorkerDeps): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(database: TDatabase, config: TConfig, log: FastifyBaseLogger): Promise<TQueue> {
  const connection = database.executor
    ? { db: database.executor as PgBoss.Db }
    : { connectionString: database.connectionString!, max: 4 };
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
  const optionsOf = (d: TJobDefinition<unknown>) => ({ ...d.options, expireInSeconds: config.jobExpireSeconds });
  for (const d of JOBS) {
    const queue = { name: d.name, ...optionsOf(d) };
    if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, queue);
    else await boss.createQueue(d.name, queue);
  }
  const send = (tx: TDb, name: string, payload: object) => {
    const d = JOBS.find((j) => j.name === name)!;
    return boss.send(name, d.payload.parse(payload) as object, { ...optionsOf(d), db: transactionExecutor(tx) });
  };
  let expiryTimer: NodeJS.Timeout | null = null;

  return {
    async enqueueAnalyze(tx, recordingId) {
      await send(tx, ANALYZE_RECORDING, { recordingId } satisfies TAnalyzeRecordingPayload);
    },
    async enqueueRemoveMedia(tx, recordingId) {
      await send(tx, REMOVE_RECORDING_MEDIA, { recordingId } satisfies TRemoveRecordingMediaPayload);
    },
    async startWorkers(deps) {
      for (const d of JOBS) {
        // Analysis is heavy: WORKER_CONCURRENCY at a time. The housekeeping jobs are light.
        const count = d.name === ANALYZE_RECORDING ? config.workerConcurrency : 1;
        for (let i = 0; i < count; i++) {
          await boss.work(d.name, { pollingIntervalSeconds: config.jobPollSeconds, batchSize: 1, includeMetadata: true }, async ([j]) => {
            if (!j) return;
            const payload = d.payload.parse(j.data);
            const meta = j as unknown as { retryCount?: number; retryLimit?: number };
            const info = { id: j.id, retryCount: meta.retryCount ?? 0, retryLimit: meta.retryLimit ?? d.options.retryLimit };
            try {
              await d.handle(deps, payload, info);
            } catch (err) {
              // A job that fails its last try is an unexpected error worth a report; earlier
              // failures are the retries doing their work.
              if (info.retryCount >= info.retryLimit) reportError(err, { kind: 'job', job: d.name });
              throw err;
            }
          });
        }
      }
      // Every worker asks for the expiry now and then; the throttle key makes it one run per
      // period across all workers sharing the queue.
      const requestExpiry = () =>
        boss
          .sendThrottled(EXPIRE_UPLOADS, {}, optionsOf(JOBS.find((j) => j.name === EXPIRE_UPLOADS)!), EXPIRE_UPLOADS_EVERY_SECONDS, EXPIRE_UPLOADS)
          .catch((err: unknown) => log.error({ err }, 'could not schedule upload expiry'));
      await requestExpiry();
      expiryTimer = setInterval(() => void requestExpiry(), (EXPIRE_UPLOADS_EVERY_SECONDS * 1000) / 4);
      expiryTimer.unref();
    },
    async stop() {
      if (expiryTimer) clearInterval(expiryTimer);
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
