import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZRecordingSummarySchema } from './recording.js';

/**
 * A recording in a group's list (GET groups/{id}/recordings): the summary plus whether the
 * caller may hear it. A coach at privacy level 0, or at level 2 on a recording that is neither
 * submitted nor shared, may only list it: no link, no score (000 section 6).
 */
export const ZGroupRecordingSchema = ZRecordingSummarySchema.extend({ canHear: z.boolean() });
export type TGroupRecording = z.infer<typeof ZGroupRecordingSchema>;

/** GET groups/{id}/recordings: optionally one member's recordings (the manage page's speaker row). */
export const ZGroupRecordingsQuerySchema = z.object({ userId: ZIdSchema.optional() });

/** One peer of the caller in a group and the recordings they shared with it (002 section 2.8). */
export const ZSharedSpeakerSchema = z.object({
  userId: ZIdSchema,
  name: z.string(),
  recordings: z.array(ZGroupRecordingSchema),
});
export type TSharedSpeaker = z.infer<typeof ZSharedSpeakerSchema>;

/**
 * GET groups/{id}/shared-recordings, for a speaker of the group: whether peer sharing is on there
 * (speaker privacy levels 1 to 3) and the other speakers with what each shared, newest first. At
 * levels 1 and 2 every speaker is listed, at level 3 only those who shared (000 section 6).
 */
export const ZGroupSharedRecordingsSchema = z.object({
  peerSharing: z.boolean(),
  speakers: z.array(ZSharedSpeakerSchema),
});
export type TGroupSharedRecordings = z.infer<typeof ZGroupSharedRecordingsSchema>;
