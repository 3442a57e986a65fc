import { z } from 'zod';

// Live capture (issue 19): a browser recording uploads while it is being recorded. The capture
// is created first, its bytes arrive by tus (deferred length), and POST recordings with its
// captureId turns it into a recording once the speaker saves.

/** POST live-captures takes no fields. */
export const ZCreateLiveCaptureBodySchema = z.object({}).strict();

export const ZLiveCaptureSchema = z.object({
  captureId: z.uuid(),
  /** The tus creation endpoint; the upload's metadata names `captureId` (its id becomes the upload id). */
  uploadUrl: z.string(),
});
export type TLiveCapture = z.infer<typeof ZLiveCaptureSchema>;

/** Unbound captures a user keeps at most: creating one more discards the oldest. */
export const LIVE_CAPTURES_PER_USER = 3;

/** Live captures a user may start per hour (each recording attempt starts one). */
export const LIVE_CAPTURES_PER_HOUR = 60;

export const LIVE_CAPTURE_MSG = {
  tooMany: 'Too many recordings were started. Please wait a few minutes and try again.',
  bound: 'This recording has already been saved.',
} as const;
