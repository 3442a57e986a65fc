import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import { defineJob } from '../../jobs/job-types.js';

// The account deletion module's jobs: the removal of a deleted account's unfinished uploads (after
// the deletion commits) and the recording retention (every 6 hours). Handlers are loaded when first run.

/** After an account deletion: the tus uploads under its live captures' and recordings' ids. */
export const removeAccountUploadsJob = defineJob({
  name: 'remove-account-uploads',
  payload: z.object({ uploadIds: z.array(ZIdSchema).max(100_000) }),
  // As the media removal: a busy or unreachable volume is tried again for about half an hour.
  options: { retryLimit: 10, retryDelay: 2, retryBackoff: true },
  load: async () => ({ handle: (await import('./remove-account-uploads.job.js')).handleRemoveAccountUploads }),
});

/**
 * Every 6 hours: a run finds only what is due, so another run (or worker) the same day does nothing
 * more. Not daily: pg-boss refuses a throttle longer than its 12-hour archive interval.
 */
const RETENTION_EVERY_SECONDS = 6 * 3600;

/** Periodic: retention notices 14 days ahead, then the removal of recordings past their organisation's retention. */
export const recordingRetentionJob = defineJob({
  name: 'recording-retention',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelay: 300, retryBackoff: false },
  everySeconds: RETENTION_EVERY_SECONDS,
  load: async () => {
    const { handleRecordingRetention } = await import('./retention.job.js');
    return { handle: async (deps) => void (await handleRecordingRetention(deps)) };
  },
});
