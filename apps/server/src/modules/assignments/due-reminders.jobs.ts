import { z } from 'zod';
import { defineJob } from '../../jobs/job-types.js';

/**
 * How often the workers look for assignments falling due. Every 15 minutes: a reminder goes at
 * most that long after its assignment enters the 24-hour window; a run is one indexed query.
 */
const DUE_REMINDERS_EVERY_SECONDS = 15 * 60;

/** Periodic: the notice and email a day before an assignment is due, to speakers who have not completed it. */
export const dueRemindersJob = defineJob({
  name: 'assignment-due-reminders',
  payload: z.object({}),
  // A failed run (the database busy) is tried again; the next run also picks up what it missed.
  options: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
  everySeconds: DUE_REMINDERS_EVERY_SECONDS,
  load: async () => {
    const { handleDueReminders } = await import('./due-reminders.job.js');
    return { handle: async (deps) => void (await handleDueReminders(deps)) };
  },
});
