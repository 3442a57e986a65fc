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
