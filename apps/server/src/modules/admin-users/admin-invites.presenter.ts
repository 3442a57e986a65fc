import { adminInviteLink, type TAdminInvite } from '@rostrum/contract';
import type { TInviteRow } from './admin-invites.repository.js';

export function presentInvite(publicUrl: string, row: TInviteRow, groupNames: Map<string, string>): TAdminInvite {
  return {
    inviteId: row.id,
    email: row.email,
    createdDate: row.createdAt.toISOString(),
    resentDate: row.resentAt ? row.resentAt.toISOString() : null,
    inviteLink: adminInviteLink(publicUrl, row.id),
    roles: row.roles.map((g) => ({
      groupId: g.groupId,
      groupName: g.groupId ? (groupNames.get(g.groupId) ?? null) : null,
      roles: g.roles as TAdminInvite['roles'][number]['roles'],
    })),
  };
}
