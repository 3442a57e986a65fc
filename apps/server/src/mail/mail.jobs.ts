import { defineJob } from '../jobs/job-types.js';
import { ZMailSchema } from './mailer.js';

/** Every email: composed by its feature, sent by the worker (send-email.job.ts). */
export const SEND_EMAIL = 'send-email';
/** A mail the transport refused (SMTP down, a full outbox volume): 5 tries in all, from 30 s and doubling (8 to 15 minutes with jitter). */
export const SEND_EMAIL_RETRY = { retryLimit: 4, retryDelay: 30, retryBackoff: true } as const;

export const sendEmailJob = defineJob({
  name: SEND_EMAIL,
  payload: ZMailSchema,
  options: SEND_EMAIL_RETRY,
  load: async () => ({ handle: (await import('./send-email.job.js')).handleSendEmail }),
});
