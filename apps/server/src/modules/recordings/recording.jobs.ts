import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import type { TProbe } from '@rostrum/analysis';
import { defineJob } from '../../jobs/job-types.js';

// The recordings module's jobs: the analysis, the removal of a deleted recording's media, and the
// hourly expiry of unfinished uploads. Handlers are loaded when a job first runs.

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
/** `probed`: the upload check's ffprobe facts of the original, passed on to the analysis. */
const ZAnalyzeRecordingPayloadSchema = z.object({ recordingId: ZIdSchema, probed: ZProbedSchema.optional() });
/** Retries for transient faults: 3 more tries, 10 s apart and doubling. */
export const ANALYZE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;

export const analyzeRecordingJob = defineJob({
  name: ANALYZE_RECORDING,
  payload: ZAnalyzeRecordingPayloadSchema,
  options: ANALYZE_RETRY,
  heavy: true,
  load: async () => {
    const { handleAnalyzeRecording, handleAnalyzeAbandoned } = await import('./analysis/analyze-recording.job.js');
    return { handle: handleAnalyzeRecording, abandoned: handleAnalyzeAbandoned };
  },
});

/** After DELETE recordings/{id}: its media folder goes once the deletion has committed. */
const ZRemoveRecordingMediaPayloadSchema = z.object({ recordingId: ZIdSchema });
/** A file removal that failed (a busy or unreachable volume) is tried again for about half an hour. */
const REMOVE_MEDIA_RETRY = { retryLimit: 10, retryDelay: 2, retryBackoff: true } as const;

export const removeRecordingMediaJob = defineJob({
  name: 'remove-recording-media',
  payload: ZRemoveRecordingMediaPayloadSchema,
  options: REMOVE_MEDIA_RETRY,
  load: async () => ({ handle: (await import('./remove-recording-media.job.js')).handleRemoveRecordingMedia }),
});

/** How often the workers run the upload expiry. */
const EXPIRE_UPLOADS_EVERY_SECONDS = 3600;

/** Periodic: unfinished uploads older than a day, their partial files and waiting recordings. */
export const expireUploadsJob = defineJob({
  name: 'expire-uploads',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
  everySeconds: EXPIRE_UPLOADS_EVERY_SECONDS,
  load: async () => {
    const { handleExpireUploads } = await import('./expire-uploads.job.js');
    return { handle: async (deps) => void (await handleExpireUploads(deps)) };
  },
});
