import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, memberships } from '../../db/schema.js';
import { upsertSpeakerMembership, type TOrgRow } from '../groups/groups.repository.js';
import type { TInviteRow } from './admin-invites.repository.js';

/**
 * Signing up from an admin invite: the group roles it grants become memberships. A coach
 * membership has no expiry; a speaker membership lasts the free duration, as when joining by code.
 * Runs in the sign-up transaction, after takeSpeakerSeat has taken the seat under the org lock.
 */
export async function applyInviteGrants(tx: TDb, userId: string, invite: TInviteRow, org: TOrgRow): Promise<void> {
  const ids = invite.roles.map((g) => g.groupId).filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const rows = await tx
    .select()
    .from(groups)
    .where(and(eq(groups.orgId, org.id), inArray(groups.id, ids)));
  for (const group of rows) {
    const roles = invite.roles.find((g) => g.groupId === group.id)?.roles ?? [];
    if (roles.includes('manager')) {
      await tx
        .insert(memberships)
        .values({ userId, groupId: group.id, roles: ['manager'], status: 'active' })
        .onConflictDoNothing();
    } else if (roles.includes('speaker')) {
      await upsertSpeakerMembership(tx, userId, group, org);
    }
  }
}
