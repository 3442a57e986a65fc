import { z } from 'zod';
import { defineJob } from '../../jobs/job-types.js';

/**
 * How often the workers look for memberships to remind. Hourly: a reminder goes at most an hour
 * after its membership enters the 7-day window; a run is one query over the memberships.
 */
const ACCESS_REMINDERS_EVERY_SECONDS = 3600;

/** Periodic: the email 7 days before a speaker's access ends (access-reminders.job.ts). */
export const accessRemindersJob = defineJob({
  name: 'access-reminders',
  payload: z.object({}),
  // A failed run (the database busy) is tried again; the next hourly run also picks up what it missed.
  options: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
  everySeconds: ACCESS_REMINDERS_EVERY_SECONDS,
  load: async () => {
    const { handleAccessReminders } = await import('./access-reminders.job.js');
    return { handle: async (deps) => void (await handleAccessReminders(deps)) };
  },
});
