import type { TDb } from '../../db/client.js';
import { hasCoachRole, hasSpeakerRole } from '../../auth/policies.js';
import { insertManagerMembership, upsertSpeakerMembership } from '../memberships/index.js';
import type { TOrgRow } from '../org/index.js';
import { listOrgGroupsByIds, type TInviteRow } from './admin-invites.repository.js';

/**
 * Signing up from an admin invite: the group roles it grants become memberships. A coach
 * membership has no expiry; a speaker membership lasts the free duration, as when joining by code.
 * Runs in the sign-up transaction, after takeSpeakerSeat has taken the seat under the org lock.
 */
export async function applyInviteGrants(tx: TDb, userId: string, invite: TInviteRow, org: TOrgRow): Promise<void> {
  const ids = invite.roles.map((g) => g.groupId).filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const rows = await listOrgGroupsByIds(tx, org.id, ids);
  for (const group of rows) {
    const roles = invite.roles.find((g) => g.groupId === group.id)?.roles ?? [];
    if (hasCoachRole(roles)) {
      await insertManagerMembership(tx, userId, group.id);
    } else if (hasSpeakerRole(roles)) {
      await upsertSpeakerMembership(tx, userId, group, org);
    }
  }
}
