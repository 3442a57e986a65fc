import { nextInQueue, REVIEW_QUEUE_LISTED, type TReviewQueue, type TReviewQueueItem } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { canCommentOn, recordingAccess } from '../../auth/policies.js';
import { findCandidate, listWaitingRecordings, tallyWaitingRecordings, type TWaitingRow } from './review-queue.repository.js';

// GET review-queue and its count (issue 41 item 7). A recording waits for a coach when the caller
// may review it: it is theirs to hear at the group's coach privacy level (recordingAccess 'hear',
// the rule the results page and the coach's emails follow) and feedback is on (canCommentOn).
// Both calls apply that one rule to the repository's candidates, so the count is the list's length.

type TReviewFacts = Pick<TWaitingRow, 'userId' | 'orgId' | 'submitted' | 'feedbackRequested' | 'membership'> & {
  group: { managerPrivacyLevel: number; speakerPrivacyLevel: number };
};

/** Whether the caller may review one candidate (or one bucket of them: the facts are the same). */
function mayReview(auth: TAuth, row: TReviewFacts, now: Date): boolean {
  const access = recordingAccess(auth, row, row.group, row.membership, now);
  return canCommentOn(access, row.group.speakerPrivacyLevel);
}

function present(row: TWaitingRow): TReviewQueueItem {
  return {
    recordingId: row.recordingId,
    title: row.title,
    speakerName: row.speakerName,
    groupId: row.group.id,
    groupName: row.group.name,
    assignmentId: row.assignmentId,
    assignmentName: row.assignmentName,
    reason: row.submitted ? 'submitted' : 'shared',
    waitingSince: row.waitingSince.toISOString(),
    duration: row.duration,
  };
}

/** Queue order: oldest first, then by id (the repository's ORDER BY). */
const before = (a: TReviewQueueItem, b: TReviewQueueItem) =>
  a.waitingSince < b.waitingSince || (a.waitingSince === b.waitingSince && a.recordingId < b.recordingId);

/**
 * The recording to offer after `after` (ZReviewQueueSchema `next`): while it waits, the one after
 * it (nextInQueue); once it left the queue (the coach just reviewed it), the first that stood after
 * it, so a coach who works through the queue goes on in order; else the oldest.
 */
async function nextAfter(deps: TDeps, auth: TAuth, waiting: TReviewQueueItem[], after: string | undefined, now: Date) {
  if (!after || waiting.some((i) => i.recordingId === after)) return nextInQueue(waiting, after);
  const gone = await findCandidate(deps.db, auth, after);
  if (!gone || !mayReview(auth, gone, now)) return waiting[0] ?? null;
  const at = present(gone);
  return waiting.find((i) => before(at, i)) ?? waiting[0] ?? null;
}

/** The caller's queue, oldest first, with `next` after `after`. Empty for whoever coaches no group. */
export async function getReviewQueue(deps: TDeps, auth: TAuth, after?: string): Promise<TReviewQueue> {
  const now = new Date();
  const rows = await listWaitingRecordings(deps.db, auth);
  const waiting = rows.filter((r) => mayReview(auth, r, now)).map(present);
  return { items: waiting.slice(0, REVIEW_QUEUE_LISTED), count: waiting.length, next: await nextAfter(deps, auth, waiting, after, now) };
}

/** How many recordings wait for the caller: the same rule over the per-group tally. */
export async function countReviewQueue(deps: TDeps, auth: TAuth): Promise<number> {
  const now = new Date();
  const buckets = await tallyWaitingRecordings(deps.db, auth);
  return buckets.reduce((n, b) => (mayReview(auth, b, now) ? n + b.n : n), 0);
}
