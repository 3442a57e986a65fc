import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { dueReminderText } from './assignment-due.js';

// The notification centre (the bell in the navigation): what happened that concerns the user.
// Each notice is made by the same call that decides the matching email, for the same audience
// (docs/decisions/notifications.md, "Notification centre"), whether or not the user takes that email.

export const NOTICE_KINDS = [
  /** Someone commented on the user's recording. */
  'comment',
  /** Someone scored the user's recording. */
  'score',
  /** The user's recording was analysed: its scores are ready. */
  'results',
  /** A speaker flagged a recording for the user's review (coaches). */
  'reviewRequested',
  /** A group member shared a recording with the group (peers). */
  'shared',
  /** A coach assigned the user an assignment. */
  'assignmentReceived',
  /** A speaker handed in a recording for an assignment (coaches). */
  'assignmentCompleted',
  /** An assignment the user has not completed is due within a day (speakers; detail: the due date and time). */
  'assignmentDue',
  /** The user's data export is ready to download (detail: until when). */
  'dataExportReady',
  /** The organisation's retention removes the user's recording in 14 days (detail: the date). */
  'recordingRemovalDue',
  /** A student's grade could not be sent to the learning platform's gradebook (coaches; actorName: the student, title: the assignment). */
  'ltiGradeFailed',
] as const;
export type TNoticeKind = (typeof NOTICE_KINDS)[number];

/** How many notices the bell lists (the newest); older ones are kept but not listed. */
export const NOTICES_LISTED = 30;

export const ZNoticeSchema = z.object({
  noticeId: ZIdSchema,
  kind: z.enum(NOTICE_KINDS),
  /** Who did it (the commenter, the sharer); null for the analysis. */
  actorName: z.string().nullable(),
  /** The recording's title, or the assignment's name for assignmentReceived. */
  title: z.string(),
  /** The group a recording was shared with, the assignment a recording was handed in for, or a reminder's due date and time. */
  detail: z.string().nullable(),
  recordingId: ZIdSchema.nullable(),
  assignmentId: ZIdSchema.nullable(),
  createdDate: z.string(),
  read: z.boolean(),
});
export type TNotice = z.infer<typeof ZNoticeSchema>;

export const ZNoticesSchema = z.object({
  items: z.array(ZNoticeSchema),
  /** Unread notices in all (listed or not). */
  unread: z.number().int().min(0),
});
export type TNotices = z.infer<typeof ZNoticesSchema>;

/** POST notices/read: the notices the user has now seen (their own only; others are ignored). */
export const ZReadNoticesBodySchema = z.object({ noticeIds: z.array(ZIdSchema).min(1).max(NOTICES_LISTED) }).strict();
export type TReadNoticesBody = z.infer<typeof ZReadNoticesBodySchema>;

/** One line a notice says, the same in the bell and in tests. */
export function noticeText(n: Pick<TNotice, 'kind' | 'actorName' | 'title' | 'detail'>): string {
  const who = n.actorName ?? 'Someone';
  const title = `“${n.title}”`;
  switch (n.kind) {
    case 'comment':
      return `${who} commented on ${title}`;
    case 'score':
      return `${who} scored ${title}`;
    case 'results':
      return `Your results for ${title} are ready`;
    case 'reviewRequested':
      return `${who} flagged ${title} for your review`;
    case 'shared':
      return n.detail ? `${who} shared ${title} with ${n.detail}` : `${who} shared ${title}`;
    case 'assignmentReceived':
      return `${who} assigned you ${title}`;
    case 'assignmentCompleted':
      return n.detail ? `${who} handed in ${title} for ${n.detail}` : `${who} handed in ${title}`;
    case 'assignmentDue':
      return dueReminderText(n.title, n.detail ?? 'soon');
    case 'dataExportReady':
      return n.detail ? `Your data export is ready to download until ${n.detail}` : 'Your data export is ready to download';
    case 'recordingRemovalDue':
      return `${title} will be removed on ${n.detail ?? 'a date soon'} under your organization's retention rule`;
    case 'ltiGradeFailed':
      return `${who}’s grade for ${title} could not be sent to the course gradebook`;
  }
}
