import { z } from 'zod';
import { ZIdSchema } from './api.js';
import type { TMode, TViewerAbilities } from './roles.js';

// The coach's review queue (issue 41 item 7; docs/decisions/dashboards.md "Review queue"): the
// recordings waiting for this coach across the groups they coach, oldest first. The server decides
// what is waiting (privacy levels included); the web only renders it.

/** How many items GET review-queue lists (the oldest); `count` is all of them. */
export const REVIEW_QUEUE_LISTED = 200;

/** Why a recording is waiting: flagged for coach review (submitted), or shared with the group in an assignment. */
export const REVIEW_QUEUE_REASONS = ['submitted', 'shared'] as const;
export type TReviewQueueReason = (typeof REVIEW_QUEUE_REASONS)[number];

/** GET review-queue?after=: `after` is the recording the caller is on, for `next`. */
export const ZReviewQueueQuerySchema = z.object({ after: ZIdSchema.optional() }).strict();
export type TReviewQueueQuery = z.infer<typeof ZReviewQueueQuerySchema>;

export const ZReviewQueueItemSchema = z.object({
  recordingId: z.uuid(),
  title: z.string(),
  /** The recording's owner. */
  speakerName: z.string(),
  groupId: z.uuid(),
  groupName: z.string(),
  /** The assignment it is in (not a deleted one); null outside one. */
  assignmentId: z.uuid().nullable(),
  assignmentName: z.string().nullable(),
  reason: z.enum(REVIEW_QUEUE_REASONS),
  /** When it entered the queue: submittedAt, or feedbackRequestedAt for a shared one; the earlier when both. */
  waitingSince: z.iso.datetime(),
  /** Seconds; null while unknown. */
  duration: z.number().nullable(),
});
export type TReviewQueueItem = z.infer<typeof ZReviewQueueItemSchema>;

export const ZReviewQueueSchema = z.object({
  /** Oldest first, at most REVIEW_QUEUE_LISTED. */
  items: z.array(ZReviewQueueItemSchema),
  /** Everything waiting (listed or not). */
  count: z.number().int().min(0),
  /**
   * With `after`: the next waiting recording after that one, going round to the oldest; when that
   * one just left the queue (reviewed), the first that stood after it. Without `after`, or for a
   * recording that could never wait for the caller, the oldest. Null when nothing else waits.
   */
  next: ZReviewQueueItemSchema.nullable(),
});
export type TReviewQueue = z.infer<typeof ZReviewQueueSchema>;

/** GET review-queue/count: the bell's and the coach dashboard's number. */
export const ZReviewQueueCountSchema = z.object({ count: z.number().int().min(0) });
export type TReviewQueueCount = z.infer<typeof ZReviewQueueCountSchema>;

/**
 * Where the queue is offered (navigation link, the bell's entry, the dashboard's line): coach
 * mode of a user who may coach (the server's canCoach). The queue itself is decided on the server.
 */
export function reviewQueueOffered(v: Pick<TViewerAbilities, 'canCoach'>, mode: TMode): boolean {
  return v.canCoach && mode === 'manager';
}

/**
 * `next` (see ZReviewQueueSchema) while `after` is in the queue: the item after it, going round to
 * the first; the first when `after` is absent or not in it; null when no other item waits.
 */
export function nextInQueue<T extends { recordingId: string }>(items: readonly T[], after?: string): T | null {
  const at = after ? items.findIndex((i) => i.recordingId === after) : -1;
  if (at < 0) return items[0] ?? null;
  if (items.length < 2) return null;
  return items[(at + 1) % items.length] ?? null;
}

/** How long a recording has waited, in words: "3 days", "5 hours", "12 minutes" (rounded down). */
export function waitedText(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}
