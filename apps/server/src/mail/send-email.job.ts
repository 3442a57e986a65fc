import type { TMail } from './mailer.js';
import type { TWorkerDeps } from '../jobs/job-types.js';

/**
 * The `send-email` job: the one way an email leaves Rostrum. A feature composes its mail and
 * enqueues it with `deps.queue.enqueueEmail(tx, mail)` in the transaction of the change that
 * causes it, so a rolled-back change sends nothing and a committed one always gets its mail.
 * A transport failure throws: pg-boss tries again (SEND_EMAIL_RETRY), and the queue logs each
 * failed try and reports the last one.
 */
export async function handleSendEmail(deps: TWorkerDeps, mail: TMail): Promise<void> {
  await deps.mailer.send(mail);
}
