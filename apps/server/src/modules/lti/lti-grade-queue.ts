import type { TDb } from '../../db/client.js';
import type { TQueue } from '../../jobs/job-types.js';
import { postLtiGradeJob } from './lti.jobs.js';
import { insertGradePosts, linksOfRecording } from './lti-grades.repository.js';

/**
 * Queues the recording's grade for every LTI resource link that opens its assignment (none: a
 * recording outside an assignment, or an assignment no course links to), in the caller's
 * transaction: the post exists only if the score commits. Called where a coach's score is saved.
 */
export async function queueLtiGrade(tx: TDb, queue: Pick<TQueue, 'enqueue'>, recordingId: string): Promise<number> {
  const links = await linksOfRecording(tx, recordingId);
  const ids = await insertGradePosts(
    tx,
    links.map((l) => ({ recordingId, assignmentId: l.assignmentId!, userId: l.userId, resourceLinkId: l.resourceLinkId })),
  );
  for (const gradePostId of ids) await queue.enqueue(tx, postLtiGradeJob, { gradePostId });
  return ids.length;
}
