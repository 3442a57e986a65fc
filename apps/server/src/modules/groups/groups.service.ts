import { eq } from 'drizzle-orm';
import {
  alreadyCoachMessage,
  MSG,
  PSEUDO_GROUP_ID,
  pseudoGroupName,
  type TGroup,
  type TGroupMember,
  type TOrgGroup,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanListOrgGroups, assertCanManageGroup, assertCanViewGroup } from '../../auth/policies.js';
import { organisations } from '../../db/schema.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import {
  activeSpeakerSeats,
  countOrgRoleUsers,
  findGroupByInviteCode,
  findMembership,
  listGroupMembers,
  listOrgGroups,
  listUserGroups,
  upsertSpeakerMembership,
} from './groups.repository.js';
import { isActiveNow, presentGroup, presentMember } from './groups.presenter.js';

export async function listMyGroups(deps: TDeps, auth: TAuth): Promise<TGroup[]> {
  const rows = await listUserGroups(deps.db, auth.userId);
  const now = new Date();
  return rows.map((r) => presentGroup(deps.config.publicUrl, r.group, r.membership, now));
}

/** The admin's list: the coaches-and-admins pseudo-group first, then every group, newest first. */
export async function listGroupsOfOrg(deps: TDeps, auth: TAuth): Promise<TOrgGroup[]> {
  assertCanListOrgGroups(auth);
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, auth.orgId));
  if (!org) throw notFound();
  const [rows, orgRoleUsers] = await Promise.all([listOrgGroups(deps.db, auth.orgId), countOrgRoleUsers(deps.db, auth.orgId)]);
  const pseudo: TOrgGroup = {
    groupId: PSEUDO_GROUP_ID,
    name: pseudoGroupName(org.type),
    inviteCode: null,
    inviteLink: null,
    createdDate: org.createdAt.toISOString(),
    membershipStatus: null,
    membershipExpires: null,
    membershipPerpetual: true,
    roles: [],
    settings: { freeDuration: null },
    managerPrivacyLevel: 0,
    speakerPrivacyLevel: 0,
    activeUsers: orgRoleUsers,
    totalUsers: orgRoleUsers,
    isPseudoGroup: true,
  };
  return [
    pseudo,
    ...rows.map((r) => ({
      ...presentGroup(deps.config.publicUrl, r.group, null),
      activeUsers: r.activeUsers,
      totalUsers: r.totalUsers,
      isPseudoGroup: false,
    })),
  ];
}

export async function getGroup(deps: TDeps, auth: TAuth, groupId: string): Promise<TGroup> {
  const { group, membership } = await assertCanViewGroup(deps.db, auth, groupId);
  return presentGroup(deps.config.publicUrl, group, membership);
}

export async function getGroupMembers(deps: TDeps, auth: TAuth, groupId: string): Promise<TGroupMember[]> {
  await assertCanManageGroup(deps.db, auth, groupId);
  const now = new Date();
  return (await listGroupMembers(deps.db, groupId)).map((r) => presentMember(r, now));
}

/** Joins a group of the caller's organisation by its invite code, as a speaker. */
export async function joinGroup(deps: TDeps, auth: TAuth, inviteCode: string): Promise<{ group: TGroup }> {
  const found = await findGroupByInviteCode(deps.db, inviteCode);
  if (!found || found.org.id !== auth.orgId) throw notFound(MSG.joinInvalidText);
  const { group, org } = found;
  const existing = await findMembership(deps.db, auth.userId, group.id);
  if (existing && isActiveNow(existing) && existing.roles.includes('manager')) {
    throw conflict(alreadyCoachMessage(org.type).title);
  }
  const alreadySpeaker = existing && isActiveNow(existing) && existing.roles.includes('speaker');
  if (!alreadySpeaker) {
    const limit = org.settings.seatLimit;
    if (limit !== null && limit !== undefined && (await activeSpeakerSeats(deps.db, org.id)) >= limit) {
      throw new HttpError(402, MSG.joinSeatLimit);
    }
    await upsertSpeakerMembership(deps.db, auth.userId, group, org);
  }
  const membership = await findMembership(deps.db, auth.userId, group.id);
  return { group: presentGroup(deps.config.publicUrl, group, membership) };
}
