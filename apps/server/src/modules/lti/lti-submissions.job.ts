import type { TJobDeps } from '../../jobs/job-types.js';
import { postLtiGradeJob } from './lti.jobs.js';
import { insertGradePosts, unpostedSubmissions } from './lti-grades.repository.js';

// The lti-submissions sweep (AGS, issue 42 item 4): a take recorded straight into an assignment
// that a course links to reaches its gradebook as Submitted once analysed, before any coach
// scores it. The recordings module cannot tell the LTI module (it sits below it), so this job
// looks every few minutes for analysed takes no grade post covers, and queues one post each.

/** Takes older than this are not looked for: a sweep that was off for a week does not resend history. */
export const SUBMISSIONS_LOOKBACK_DAYS = 7;
/** Posts queued by one run; the next run takes the rest. */
export const SUBMISSIONS_PER_RUN = 200;

export async function handleLtiSubmissions(deps: TJobDeps): Promise<number> {
  const since = new Date(Date.now() - SUBMISSIONS_LOOKBACK_DAYS * 86_400_000);
  const due = await unpostedSubmissions(deps.db, since, SUBMISSIONS_PER_RUN);
  if (!due.length) return 0;
  await deps.db.transaction(async (tx) => {
    const ids = await insertGradePosts(
      tx,
      due.map((d) => ({ recordingId: d.recordingId, assignmentId: d.assignmentId!, userId: d.userId, resourceLinkId: d.resourceLinkId })),
    );
    for (const gradePostId of ids) await deps.queue.enqueue(tx, postLtiGradeJob, { gradePostId });
  });
  return due.length;
}
