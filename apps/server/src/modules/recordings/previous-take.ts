import { ERROR_CODES, isEarlierTakeOf, MSG, type TPreviousTake } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { recordingAccess } from '../../auth/policies.js';
import { notFound } from '../../errors.js';
import { canHearWith } from './recordings.presenter.js';
import { findRecordingAccessContext, listEarlierAnalysedRecordings } from './recordings.repository.js';

/**
 * The results page's "Compare with previous take" (issue 20): the newest analysed recording of
 * the same owner made before this one, in the same assignment or of the same title family
 * (contract isEarlierTakeOf), that the caller may hear (recordingAccess, as GET recordings/{id}).
 * A recording the caller may not find is a 404; one they may only list offers none.
 */
export async function findPreviousTake(deps: TDeps, auth: TAuth, recordingId: string): Promise<TPreviousTake> {
  const ctx = await findRecordingAccessContext(deps.db, recordingId, auth.userId);
  const access = ctx ? recordingAccess(auth, ctx.r, ctx.group, ctx.membership) : 'none';
  if (!ctx || access === 'none') throw notFound(MSG.notFound, ERROR_CODES.recordingNotFound);
  if (!canHearWith(access) || ctx.r.status !== 'done') return { previousTakeId: null };
  const earlier = await listEarlierAnalysedRecordings(deps.db, ctx.r, { recordingId, createdAt: ctx.r.createdAt }, auth.userId);
  const found = earlier.find((e) => isEarlierTakeOf(ctx.r, e.r) && canHearWith(recordingAccess(auth, e.r, e.group, e.membership)));
  return { previousTakeId: found?.r.id ?? null };
}
