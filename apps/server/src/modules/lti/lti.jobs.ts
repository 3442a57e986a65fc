import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import { defineJob } from '../../jobs/job-types.js';

// The LTI module's job: a grade passed back to the platform's gradebook (AGS, issue 42 item 4).
// The handler is loaded when first run.

/** One grade post (lti_grade_posts): about 8 tries over an hour (30 s, doubling), then failed with the instructor's notice. */
export const postLtiGradeJob = defineJob({
  name: 'post-lti-grade',
  payload: z.object({ gradePostId: ZIdSchema }),
  options: { retryLimit: 7, retryDelay: 30, retryBackoff: true },
  load: async () => {
    const { handlePostLtiGrade, abandonLtiGrade } = await import('./lti-grades.job.js');
    return { handle: handlePostLtiGrade, abandoned: abandonLtiGrade };
  },
});
