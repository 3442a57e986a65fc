import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import { defineJob } from '../../../jobs/job-types.js';

/** After each PATCH of a live capture and its last byte: transcribe the next windows (transcribe-capture.job.ts). */
export const TRANSCRIBE_CAPTURE = 'transcribe-capture';
const ZTranscribeCapturePayloadSchema = z.object({ captureId: ZIdSchema });

export const transcribeCaptureJob = defineJob({
  name: TRANSCRIBE_CAPTURE,
  // At most one job waits per capture: a capture's PATCHes every few seconds queue one transcription, not one each.
  policy: 'short',
  payload: ZTranscribeCapturePayloadSchema,
  // A capture another worker holds is tried again soon; a failed window waits for the next PATCH or the analysis.
  options: { retryLimit: 5, retryDelay: 2, retryBackoff: false },
  load: async () => ({ handle: (await import('./transcribe-capture.job.js')).handleTranscribeCapture }),
});
