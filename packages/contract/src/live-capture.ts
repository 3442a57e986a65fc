import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZCreateRecordingBodySchema } from './recording.js';

// Live capture (issue 19): a browser recording uploads while it is being recorded. The capture
// is created first, its bytes arrive by tus (deferred length), and POST recordings with its
// captureId turns it into a recording once the speaker saves.

/**
 * POST live-captures: the assignment the take is recorded for, when the record page has one
 * (kept with the capture so an unsaved take can be offered for it; Save checks it again).
 */
export const ZCreateLiveCaptureBodySchema = z.object({ assignmentId: ZIdSchema.optional() }).strict();

export const ZLiveCaptureSchema = z.object({
  captureId: z.uuid(),
  /** The tus creation endpoint; the upload's metadata names `captureId` (its id becomes the upload id). */
  uploadUrl: z.string(),
});
export type TLiveCapture = z.infer<typeof ZLiveCaptureSchema>;

/** Unsaved captures a user may have at once: beyond them no capture is made (the take uploads after Save). */
export const LIVE_CAPTURES_PER_USER = 10;

/** How long a capture its owner neither saved nor discarded is kept (then removed with its bytes). */
export const UNSAVED_TAKE_KEEP_DAYS = 7;
export const UNSAVED_TAKE_KEEP_MS = UNSAVED_TAKE_KEEP_DAYS * 24 * 3600 * 1000;

/** What Save it still needs besides the take itself: a title (the save form asks for it). */
export const ZUnsavedTakeNeedSchema = z.enum(['title']);

/** GET live-captures: one of the caller's unsaved takes (a capture not saved as a recording, not discarded). */
export const ZUnsavedTakeSchema = z.object({
  captureId: z.uuid(),
  /** When recording started (the capture was made). */
  startedAt: z.iso.datetime(),
  /** Removed with its bytes at this time unless saved or discarded first. */
  expiresAt: z.iso.datetime(),
  /** Seconds of audio the server has received; null while not yet measured. */
  receivedSeconds: z.number().min(0).nullable(),
  /** The recording's stop reached the server (its last bytes, with the length); false after a crash mid-take. */
  stopped: z.boolean(),
  /** The assignment it was recorded for (one the caller could record into then; Save checks again), or null. */
  assignment: z.object({ assignmentId: z.uuid(), name: z.string() }).nullable(),
  /** The save form's fields without a value yet (POST live-captures/{id}/recording takes them). */
  needs: z.array(ZUnsavedTakeNeedSchema),
});
export type TUnsavedTake = z.infer<typeof ZUnsavedTakeSchema>;
export const ZUnsavedTakeListSchema = z.array(ZUnsavedTakeSchema);

/**
 * POST live-captures/{id}/recording ("Save it"): the save form's fields, as POST recordings
 * takes them from the Record tab; the source is the record form and the bytes are the capture's.
 */
export const ZSaveUnsavedTakeBodySchema = ZCreateRecordingBodySchema.omit({
  source: true,
  captureId: true,
  audio: true,
  fileName: true,
  fileSize: true,
  trim: true,
  isVideo: true,
});
export type TSaveUnsavedTakeBody = z.input<typeof ZSaveUnsavedTakeBodySchema>;

/** Live captures a user may start per hour (each recording attempt starts one). */
export const LIVE_CAPTURES_PER_HOUR = 60;

export const LIVE_CAPTURE_MSG = {
  tooMany: 'Too many recordings were started. Please wait a few minutes and try again.',
  bound: 'This recording has already been saved.',
  tooManyUnsaved: 'You have unsaved recordings. Save or discard them first.',
  /** The notice on the record page and the landing page, then the buttons Save it and Discard. */
  unsavedTake: (time: string) => `You have an unsaved take from ${time}:`,
  saveIt: 'Save it',
  discard: 'Discard',
} as const;
