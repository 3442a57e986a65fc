import { z } from 'zod';

// The Recording entity as listed (001 section 3). Intake, playback and results join it with
// their features; this is the shape the lists use.

export const ZRecordingSummarySchema = z.object({
  recordingId: z.uuid(),
  userId: z.uuid(),
  groupId: z.guid().nullable(),
  groupName: z.string().nullable(),
  title: z.string(),
  createdDate: z.iso.datetime(),
  fileName: z.string().nullable(),
  duration: z.number().nullable(),
  isVideo: z.boolean(),
  uploading: z.boolean(),
  processing: z.boolean(),
  failed: z.boolean(),
  failedReason: z.string().nullable(),
  feedbackRequested: z.boolean(),
  submitted: z.boolean(),
  numSpeakers: z.number().int().min(1).max(5),
  userFirstName: z.string(),
  userLastName: z.string(),
  overallScore: z.number().nullable(),
});
export type TRecordingSummary = z.infer<typeof ZRecordingSummarySchema>;
