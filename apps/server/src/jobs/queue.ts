import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import type { TDatabase, TDb } from '../db/client.js';
import { transactionExecutor } from './sql-executor.js';

// Jobs are a name, a zod payload and a handler. pg-boss keeps them in the same database
// (PGlite or PostgreSQL), so any number of `--role worker` processes can share the queue.

export const ANALYZE_RECORDING = 'analyze-recording';
export const ZAnalyzeRecordingPayloadSchema = z.object({ recordingId: z.uuid() });
export type TAnalyzeRecordingPayload = z.infer<typeof ZAnalyzeRecordingPayloadSchema>;

/** Retries for transient faults: 3 more tries, 10 s apart and doubling. */
export const ANALYZE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;

export interface TJobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export interface TQueue {
  /** Enqueues analysis inside the caller's transaction: the job exists only if it commits. */
  enqueueAnalyze(tx: TDb, recordingId: string): Promise<void>;
  startWorkers(handler: (payload: TAnalyzeRecordingPayload, job: TJobInfo) => Promise<void>): Promise<void>;
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
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const queueOptions = { ...ANALYZE_RETRY, expireInSeconds: config.jobExpireSeconds };
  const queue = { name: ANALYZE_RECORDING, ...queueOptions };
  if (await boss.getQueue(ANALYZE_RECORDING)) await boss.updateQueue(ANALYZE_RECORDING, queue);
  else await boss.createQueue(ANALYZE_RECORDING, queue);

  return {
    async enqueueAnalyze(tx, recordingId) {
      const payload: TAnalyzeRecordingPayload = { recordingId };
      await boss.send(ANALYZE_RECORDING, payload, { ...queueOptions, db: transactionExecutor(tx) });
    },
    async startWorkers(handler) {
      for (let i = 0; i < config.workerConcurrency; i++) {
        await boss.work<TAnalyzeRecordingPayload>(
          ANALYZE_RECORDING,
          { pollingIntervalSeconds: config.jobPollSeconds, batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const payload = ZAnalyzeRecordingPayloadSchema.parse(job.data);
            const meta = job as unknown as { retryCount?: number; retryLimit?: number };
            await handler(payload, { id: job.id, retryCount: meta.retryCount ?? 0, retryLimit: meta.retryLimit ?? ANALYZE_RETRY.retryLimit });
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
