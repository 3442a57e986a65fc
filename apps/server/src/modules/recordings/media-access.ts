import type { TDb } from '../../db/client.js';
import { recordingAccess } from '../../auth/policies.js';
import { canHearWith } from './recordings.presenter.js';
import { findRecordingAccessContext, findUserOrgFacts } from './recordings.repository.js';

/** How long one answer is reused: <audio> sends many Range requests, each would ask again. */
export const MEDIA_ACCESS_CACHE_MS = 5000;
const MAX_ENTRIES = 10_000;

/** Whether `userId` may hear the recording right now (recordingAccess in policies.ts decides). */
async function mayHearNow(db: TDb, userId: string, recordingId: string): Promise<boolean> {
  const u = await findUserOrgFacts(db, userId);
  if (!u) return false;
  const row = await findRecordingAccessContext(db, recordingId, userId);
  if (!row) return false;
  // The signed address stands in for the user's session here: no key is involved.
  const caller = { userId, orgId: u.orgId, orgCode: u.orgCode, orgRoles: u.orgRoles, keyId: '' };
  return canHearWith(recordingAccess(caller, row.r, row.group, row.membership));
}

/**
 * The media route's access check for the user a media address was issued to, with a small
 * in-process cache (MEDIA_ACCESS_CACHE_MS), so withdrawn access takes effect within seconds
 * while a player's stream of Range requests costs one lookup.
 */
export function createMediaAccessCheck(db: TDb, ttlMs = MEDIA_ACCESS_CACHE_MS) {
  const cache = new Map<string, { canHear: boolean; until: number }>();
  return async (userId: string, recordingId: string): Promise<boolean> => {
    const key = `${userId}/${recordingId}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.canHear;
    const canHear = await mayHearNow(db, userId, recordingId);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { canHear, until: now + ttlMs });
    return canHear;
  };
}
