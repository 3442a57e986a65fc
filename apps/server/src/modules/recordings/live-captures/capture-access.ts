import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { TAuth } from '../../../auth/auth-context.js';
import type { TDb } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import { findLiveCapture, type TLiveCaptureRow } from './live-captures.repository.js';

/**
 * The one rule for who may use a live capture: its own user, in its organisation. Anyone else gets
 * 404, as for a capture that does not exist (no hint that the id is real).
 */
export async function ownCapture(db: TDb, auth: TAuth, captureId: string): Promise<TLiveCaptureRow> {
  const capture = await findLiveCapture(db, captureId);
  if (!capture || capture.orgId !== auth.orgId || capture.userId !== auth.userId)
    throw notFound(MSG.notFound, ERROR_CODES.liveCaptureNotFound);
  return capture;
}
