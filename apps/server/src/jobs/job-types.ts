import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import type { TDb } from '../db/client.js';
import type { TMediaStorage } from '../storage/media-storage.js';
import type { TMail, TMailer } from '../mail/mailer.js';

// A job is a name, a zod payload, retry options and a handler. Each job is defined beside the
// module whose work it does (modules/<m>/<m>.jobs.ts, mail/mail.jobs.ts), with its handler loaded
// only when the job first runs; jobs/all-jobs.ts lists them for the queue (queue.ts). This file
// is what definitions, handlers and the services that enqueue share, so none imports the queue.

export interface TJobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
}

/** What a worker's job handlers receive. */
export interface TWorkerDeps {
  db: TDb;
  config: TConfig;
  storage: TMediaStorage;
  log: FastifyBaseLogger;
  /** The mail transport; only the send-email job uses it. */
  mailer: TMailer;
}

/** What a job handler receives: the worker's deps and the queue, to enqueue the mail and the jobs a job's change causes. */
export interface TJobDeps extends TWorkerDeps {
  queue: Pick<TQueue, 'enqueueEmail' | 'enqueue'>;
}

export interface TJobDefinition<T> {
  name: string;
  /**
   * pg-boss queue policy; 'short': at most one job waiting per singleton key (a capture's PATCHes
   * every few seconds queue one transcription, not one each).
   */
  policy?: 'standard' | 'short';
  payload: z.ZodType<T>;
  options: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** Periodic jobs: every worker asks for one now and then, and it runs once per this many seconds across them. */
  everySeconds?: number;
  /** Analysis is heavy: WORKER_CONCURRENCY of it run at a time in a worker; other jobs one at a time. */
  heavy?: boolean;
  /** The handler's module, imported when the job first runs: a service that only enqueues never loads it. */
  load: () => Promise<TJobHandlers<T>>;
}

/** What a job's handler module provides. */
export interface TJobHandlers<T> {
  handle: (deps: TJobDeps, payload: T, job: TJobInfo) => Promise<void>;
  /** A try that died with its worker was the job's last one: nothing will run it again. */
  abandoned?: (deps: TJobDeps, payload: T) => Promise<void>;
}

/** A job definition, typed by its payload. */
export const defineJob = <T>(d: TJobDefinition<T>): TJobDefinition<T> => d;

export interface TQueue {
  /** Enqueues a job inside the caller's transaction: the job exists only if that commits. */
  enqueue<T>(tx: TDb, job: TJobDefinition<T>, payload: T): Promise<void>;
  /**
   * Asks for a job now, outside any transaction, and wakes this process's workers of it. On a
   * 'short' queue at most one job waits per `singletonKey` (the waiting one will see every change
   * that came before it runs).
   */
  request<T>(job: TJobDefinition<T>, payload: T, singletonKey: string): Promise<void>;
  /**
   * Enqueues an email inside the transaction of the change that causes it: sent by a worker once
   * that commits (retried while the transport fails), never when it rolls back.
   */
  enqueueEmail(tx: TDb, mail: TMail): Promise<void>;
  /**
   * This process's workers of the queue look for a job now instead of at their next poll (up to
   * JOB_POLL_SECONDS away). Call it after the commit that enqueued the job, so that a speaker's
   * analysis starts at once with the in-process worker; workers elsewhere find it when they poll.
   */
  wakeWorkers(name: string): void;
  /**
   * Runs the jobs of one queue that are due now, one after another in this process, with the same
   * handler and retry rules as a worker; returns how many ran. For tests and tools: workers poll.
   */
  runDueJobs(name: string, deps: TWorkerDeps): Promise<number>;
  /** Runs every job's handler, and the periodic jobs (upload expiry, access reminders), in this process (worker role). */
  startWorkers(deps: TWorkerDeps): Promise<void>;
  stop(): Promise<void>;
}
