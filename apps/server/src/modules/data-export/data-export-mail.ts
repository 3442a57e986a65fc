import type { TDb } from '../../db/client.js';
import type { TMail } from '../../mail/mailer.js';
import { announce, noticeMail, type TRecipient } from '../notifications/index.js';
import type { TJobDeps } from '../../jobs/job-types.js';

// The export is ready: the bell's notice and the email, told together (announce). The email is
// always sent: the person asked for the export, so it is an answer, not a notification they opted into.

/** "11 December 2026": the last day the download works (UTC). */
export function exportExpiryDate(expiresAt: Date): string {
  return expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * To the person: where to download the zip. The link opens their profile's "Your data" card, where
 * the download works while they are signed in (the zip is never reachable by address alone).
 */
export function dataExportReadyMail(publicUrl: string, to: TRecipient, expiresAt: Date): TMail {
  return noticeMail(publicUrl, to, 'Your Rostrum data export is ready', [
    'The copy of your Rostrum data you asked for is ready: your profile, groups, recordings with their results and transcripts, feedback and consents, in one zip file.',
    `Download it from "Your data" on your profile until ${exportExpiryDate(expiresAt)}: ${publicUrl}/profile`,
    'After that date the file is removed; you can ask for a new export at any time.',
  ]);
}

export async function announceExportReady(
  tx: TDb,
  deps: Pick<TJobDeps, 'queue' | 'config'>,
  to: TRecipient & { id: string },
  expiresAt: Date,
): Promise<void> {
  await announce(tx, deps, [
    {
      notice: { userId: to.id, kind: 'dataExportReady', title: 'Your data export', detail: exportExpiryDate(expiresAt) },
      mail: dataExportReadyMail(deps.config.publicUrl, to, expiresAt),
    },
  ]);
}
