import { addYears } from 'date-fns';
import { RETENTION_NOTICE_DAYS, retentionYears } from '@rostrum/contract';
import type { TJobDeps } from '../../jobs/job-types.js';
import { announce } from '../notifications/index.js';
import { removeRecordingMediaJob } from '../recordings/index.js';
import { retentionNoticeMail } from './retention-mail.js';
import {
  claimRetentionNotice,
  deleteRecordingRows,
  listDueForNotice,
  listDueForRemoval,
  listRetainingOrgs,
  markRecordingsDeleted,
} from './retention.repository.js';

const DAY_MS = 86_400_000;

/** "December 18, 2026" in the organisation's time zone. */
const dayOf = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(d);

/**
 * The `recording-retention` job (every 6 hours) (issue 42 item 9), for each organisation whose
 * recordingRetention is on:
 * 1. every recording whose retention ends within RETENTION_NOTICE_DAYS gets one notice to its
 *    owner (the bell and an email), recorded with its removal date in the same transaction: the
 *    later of the retention's end and 14 days after the notice, so nobody loses a recording
 *    without 14 days' warning (a retention just turned on gives 14 days to everything older);
 * 2. recordings whose removal date has come are marked deleted, their files removed through the
 *    recordings module's media removal (local or S3), then their rows deleted. A failure throws
 *    and the job is tried again; what was marked is found again by the next run.
 * Idempotent: a second run, or a second worker, finds nothing more to do.
 */
export async function handleRecordingRetention(deps: TJobDeps, now = new Date()): Promise<{ notices: number; removed: number }> {
  let notices = 0;
  let removed = 0;
  const { handle: removeMedia } = await removeRecordingMediaJob.load();
  for (const org of await listRetainingOrgs(deps.db)) {
    const years = retentionYears(org.retention);
    if (years === null) continue;
    const createdBy = (until: Date) => addYears(until, -years);
    for (const rec of await listDueForNotice(deps.db, org.id, createdBy(new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS)))) {
      const removeAfter = new Date(Math.max(addYears(rec.createdAt, years).getTime(), now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS));
      const removeOn = dayOf(removeAfter, org.timeZone);
      const sent = await deps.db.transaction(async (tx) => {
        if (!(await claimRetentionNotice(tx, rec.id, removeAfter))) return false;
        await announce(tx, deps, [
          {
            notice: { userId: rec.owner.id, kind: 'recordingRemovalDue', title: rec.title, detail: removeOn, recordingId: rec.id },
            mail: retentionNoticeMail(deps.config.publicUrl, rec.owner, rec, removeOn),
          },
        ]);
        return true;
      });
      if (sent) notices++;
    }
    const due = await listDueForRemoval(deps.db, org.id, createdBy(now), now);
    if (due.length === 0) continue;
    await markRecordingsDeleted(deps.db, due, now);
    for (const recordingId of due) await removeMedia(deps, { recordingId }, { id: 'recording-retention', retryCount: 0, retryLimit: 0 });
    await deleteRecordingRows(deps.db, due);
    removed += due.length;
  }
  if (notices || removed) deps.log.info({ notices, removed }, 'recording retention applied');
  return { notices, removed };
}
