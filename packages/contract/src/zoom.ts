// Zoom cloud-recording import (spec 002 sections 2.12, 5, 7, 8, 9): the calls' shapes, limits
// and messages, shared by the zoom-recordings page and the server.
import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZRecordingTitleSchema } from './recording.js';

export const ZOOM_LIMITS = {
  /** Meetings listed at most; more within the window sets recordingsDropped. */
  maxMeetings: 100,
  /** The window of cloud recordings listed, ending today. */
  windowDays: 15,
  /** The longest trimmed recording, in seconds. */
  maxTrimSeconds: 15 * 60,
} as const;

export const ZOOM_MSG = {
  uploadError:
    'Zoom Upload Error: Error processing the Zoom recording. Please click reload on your browser and try to process the recording again.',
  linkFailed: 'Your Zoom account was unable to be linked to the product. Please click OK to try again.',
  empty: 'No Zoom Recordings were found…',
  truncated: 'Only the 100 most recent meetings of the last 15 days are shown; older ones were left out.',
  unavailable: 'Zoom import is not available for your account.',
  notLinked: 'Your Zoom account is not linked. Link it to import recordings.',
  trimTooLong: 'The trimmed recording can be at most 15 minutes long. Move the start or the end.',
  trimOrder: 'The end of the trim must come after its start.',
  recordingNotFound: 'That Zoom recording was not found. Reload the list and choose it again.',
  unreachable: 'Zoom could not be reached. Try again in a few minutes.',
  /** 001 section 8: a failed recording that came from Zoom gets a retry hint and the support contact. */
  failedHint:
    'This recording was imported from Zoom. Please try the Zoom integration again: open Upload ZOOM on the Record page and process the recording once more.',
  failedContact: (email: string | null) =>
    email ? `If it fails again, contact support at ${email}.` : 'If it fails again, contact your administrator.',
} as const;

/** GET zoom/connection: whether the import is offered to the caller and their account is linked. */
export const ZZoomConnectionSchema = z.object({
  /** The organisation's Zoom_Integration is on, the server has Zoom keys, and the caller may record. */
  available: z.boolean(),
  /** The caller has a linked Zoom account (whether or not the import is offered now). */
  linked: z.boolean(),
});
export type TZoomConnection = z.infer<typeof ZZoomConnectionSchema>;

/** POST zoom/authorization: where to send the browser to link (Zoom's authorisation page). */
export const ZZoomAuthorizationSchema = z.object({ authorizeUrl: z.url() });

/** POST zoom/connection ("save code"): the code and state Zoom sent back to /zoom-loading. */
export const ZZoomLinkBodySchema = z
  .object({
    code: z.string().trim().min(1, 'code is required').max(2000),
    state: z.string().trim().min(1, 'state is required').max(200),
  })
  .strict();
export type TZoomLinkBody = z.infer<typeof ZZoomLinkBodySchema>;

export const ZZoomRecordingFileSchema = z.object({
  fileId: z.string(),
  /** Zoom's file type: MP4 (video) or M4A (audio only). */
  fileType: z.string(),
  recordingType: z.string().nullable(),
  fileSize: z.number().nullable(),
  recordingStart: z.string().nullable(),
  recordingEnd: z.string().nullable(),
  /** Seconds, from the file's start and end times; null when Zoom does not say. */
  duration: z.number().nullable(),
});
export type TZoomRecordingFile = z.infer<typeof ZZoomRecordingFileSchema>;

export const ZZoomMeetingSchema = z.object({
  /** Zoom's meeting UUID (one occurrence of the meeting). */
  meetingId: z.string(),
  topic: z.string(),
  startTime: z.string(),
  /** Minutes, as Zoom reports the meeting. */
  duration: z.number(),
  /** The audio and video files of the meeting (no chat, transcript or timeline files). */
  files: z.array(ZZoomRecordingFileSchema),
});
export type TZoomMeeting = z.infer<typeof ZZoomMeetingSchema>;

/** Zoom: get meeting recordings (002 section 7). */
export const ZZoomMeetingsSchema = z.object({
  meetings: z.array(ZZoomMeetingSchema),
  /** More meetings than ZOOM_LIMITS.maxMeetings were found in the window; the oldest were left out. */
  recordingsDropped: z.boolean(),
});
export type TZoomMeetings = z.infer<typeof ZZoomMeetingsSchema>;

export interface TZoomTrim {
  from: number;
  to: number;
}

/**
 * The trim rule of the Zoom import (002 sections 5 and 9): default 0 to -1 (the end), at most
 * 15 minutes kept. `duration` is the file's length in seconds when known. Null when valid.
 */
export function zoomTrimError(trim: TZoomTrim, duration: number | null): string | null {
  const end = trim.to < 0 ? duration : trim.to;
  if (trim.to >= 0 && trim.to <= trim.from) return ZOOM_MSG.trimOrder;
  if (end === null) return null;
  return end - trim.from > ZOOM_LIMITS.maxTrimSeconds + 0.5 ? ZOOM_MSG.trimTooLong : null;
}

/** Zoom: upload recording (002 section 7): one file of one meeting, trimmed and named. */
export const ZZoomImportBodySchema = z
  .object({
    meetingId: z.string().trim().min(1).max(200),
    fileId: z.string().trim().min(1).max(200),
    title: ZRecordingTitleSchema,
    trim: z
      .object({ from: z.number().min(0).max(7189), to: z.number().min(-1).max(7199) })
      .default({ from: 0, to: -1 })
      .superRefine((t, ctx) => {
        const err = zoomTrimError(t, null);
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
    assignmentId: ZIdSchema.optional(),
    groupId: ZIdSchema.optional(),
    algorithm: z.string().max(100).optional(),
    submitted: z.boolean().default(false),
    feedbackRequested: z.boolean().default(false),
  })
  .strict();
export type TZoomImportBody = z.input<typeof ZZoomImportBodySchema>;

export const ZZoomImportResponseSchema = z.object({ recordingId: z.uuid() });
