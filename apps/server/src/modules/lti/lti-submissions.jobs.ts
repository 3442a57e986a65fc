import { z } from 'zod';
import { defineJob } from '../../jobs/job-types.js';

// The sweep for takes recorded straight into a linked assignment (lti-submissions.job.ts). A file
// of its own: its handler enqueues the grade post job, whose definition must not load it back.

/** How often the sweep looks for analysed takes in linked assignments that no grade post covers. */
const SUBMISSIONS_EVERY_SECONDS = 300;

/** Periodic: each such take is queued as a post (Submitted, not yet graded). */
export const ltiSubmissionsJob = defineJob({
  name: 'lti-submissions',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
  everySeconds: SUBMISSIONS_EVERY_SECONDS,
  load: async () => {
    const { handleLtiSubmissions } = await import('./lti-submissions.job.js');
    return { handle: async (deps) => void (await handleLtiSubmissions(deps)) };
  },
});
