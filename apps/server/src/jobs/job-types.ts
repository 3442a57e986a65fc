import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import type { TProbe } from '@rostrum/analysis';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import type { TDb } from '../db/client.js';
import type { TMediaStorage } from '../storage/media-storage.js';
import { ZMailSchema, type TMail, type TMailer } from '../mail/mailer.js';

// Jobs are a name, a zod payload and a handler. This file holds what handlers and the services
// that enqueue need (names, payloads, retries, the queue's interface), so that neither imports
// the queue itself (queue.ts).

export const ANALYZE_RECORDING = 'analyze-recording';
/** What ffprobe said of the original when the upload was checked (analysis need not ask again). */
const ZProbedSchema = z.object({
  duration: z.number().nonnegative(),
  hasAudio: z.boolean(),
  isVideo: z.boolean(),
  format: z.string(),
  channels: z.number().int().nonnegative(),
  sampleRate: z.number().nonnegative(),
  audioCodec: z.string().nullable(),
  videoCodec: z.string().nullable(),
  size: z.number().nonnegative(),
}) satisfies z.ZodType<TProbe>;
export const ZAnalyzeRecordingPayloadSchema = z.object({ recordingId: ZIdSchema, probed: ZProbedSchema.optional() });
export type TAnalyzeRecordingPayload = z.infer<typeof ZAnalyzeRecordingPayloadSchema>;

/** After DELETE recordings/{id}: its media folder goes once the deletion has committed. */
export const REMOVE_RECORDING_MEDIA = 'remove-recording-media';
export const ZRemoveRecordingMediaPayloadSchema = z.object({ recordingId: ZIdSchema });
export type TRemoveRecordingMediaPayload = z.infer<typeof ZRemoveRecordingMediaPayloadSchema>;

/** After each PATCH of a live capture and its last byte: transcribe the next windows (transcribe-capture.job.ts). */
export const TRANSCRIBE_CAPTURE = 'transcribe-capture';
export const ZTranscribeCapturePayloadSchema = z.object({ captureId: ZIdSchema });
export type TTranscribeCapturePayload = z.infer<typeof ZTranscribeCapturePayloadSchema>;

/** Periodic: unfinished uploads older than a day, their partial files and waiting recordings. */
export const EXPIRE_UPLOADS = 'expire-uploads';
export const ZExpireUploadsPayloadSchema = z.object({});

/** Periodic: the email 7 days before a speaker's access ends (access-reminders.job.ts). */
export const ACCESS_REMINDERS = 'access-reminders';
export const ZAccessRemindersPayloadSchema = z.object({});

/** Every email: composed by its feature, sent by the worker (jobs/send-email.job.ts). */
export const SEND_EMAIL = 'send-email';
export const ZSendEmailPayloadSchema = ZMailSchema;

/** Retries for transient faults: 3 more tries, 10 s apart and doubling. */
export const ANALYZE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;
/** A file removal that failed (a busy or unreachable volume) is tried again for about half an hour. */
export const REMOVE_MEDIA_RETRY = { retryLimit: 10, retryDelay: 2, retryBackoff: true } as const;
/** A capture another worker holds is tried again soon; a failed window waits for the next PATCH or the analysis. */
export const TRANSCRIBE_CAPTURE_RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: false } as const;
export const EXPIRE_UPLOADS_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: false } as const;
/** A failed reminder run (the database busy) is tried again; the next hourly run also picks up what it missed. */
export const ACCESS_REMINDERS_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: false } as const;
/** A mail the transport refused (SMTP down, a full outbox volume): 5 tries in all, from 30 s and doubling (8 to 15 minutes with jitter). */
export const SEND_EMAIL_RETRY = { retryLimit: 4, retryDelay: 30, retryBackoff: true } as const;

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

/** What a job handler receives: the worker's deps and the queue, to enqueue the mail a job's change causes. */
export interface TJobDeps extends TWorkerDeps {
  queue: Pick<TQueue, 'enqueueEmail'>;
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
  handle: (deps: TJobDeps, payload: T, job: TJobInfo) => Promise<void>;
  /** A try that died with its worker was the job's last one: nothing will run it again. */
  abandoned?: (deps: TJobDeps, payload: T) => Promise<void>;
}

export interface TQueue {
  /**
   * Enqueues analysis inside the caller's transaction: the job exists only if it commits.
   * `probed`: the upload check's ffprobe facts of the original, passed on to the analysis.
   */
  enqueueAnalyze(tx: TDb, recordingId: string, probed?: TProbe): Promise<void>;
  /**
   * Asks for the live transcription of a capture's new bytes: at most one job waits per capture
   * (the waiting one will see every byte that arrived before it runs).
   */
  enqueueTranscribeCapture(captureId: string): Promise<void>;
  /** Enqueues removal of a deleted recording's files, inside the transaction that deletes it. */
  enqueueRemoveMedia(tx: TDb, recordingId: string): Promise<void>;
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
