import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { groups, invites, organisations } from '../../db/schema.js';
import { findGroupByInviteCode } from '../memberships/index.js';
import { hasSpeakerRole } from '../../auth/policies.js';

/**
 * What an invite code or invite id leads to: the organisation, the group (for a group code)
 * or the pending admin invite (for an invite id).
 */
export async function resolveInvite(db: TDb, ref: { inviteCode?: string; inviteId?: string }) {
  if (ref.inviteId) {
    const [row] = await db
      .select({ invite: invites, org: organisations })
      .from(invites)
      .innerJoin(organisations, eq(organisations.id, invites.orgId))
      .where(and(eq(invites.id, ref.inviteId), isNull(invites.acceptedAt)))
      .limit(1);
    if (!row) return null;
    const groupIds = row.invite.roles.map((r) => r.groupId).filter((g): g is string => !!g);
    const firstGroup = groupIds[0] ? (await db.select().from(groups).where(eq(groups.id, groupIds[0])).limit(1))[0] : undefined;
    return { kind: 'invite' as const, org: row.org, invite: row.invite, group: firstGroup ?? null };
  }
  if (ref.inviteCode) {
    const row = await findGroupByInviteCode(db, ref.inviteCode);
    if (!row) return null;
    return { kind: 'code' as const, org: row.org, invite: null, group: row.group };
  }
  return null;
}

/** Marks the invite accepted: it no longer counts as pending. */
export async function markInviteAccepted(db: TDb, inviteId: string, at: Date): Promise<void> {
  await db.update(invites).set({ acceptedAt: at }).where(eq(invites.id, inviteId));
}

export type TResolvedInvite = NonNullable<Awaited<ReturnType<typeof resolveInvite>>>;

/** Whether the invite grants a speaker seat (group codes always do). */
export function grantsSpeakerSeat(r: TResolvedInvite): boolean {
  return r.kind === 'code' || !!r.invite?.roles.some((x) => x.groupId && hasSpeakerRole(x.roles));
}

export function inviteIsEu(r: TResolvedInvite): boolean {
  return !!r.org.settings.euUsers || !!r.invite?.isEu;
}
