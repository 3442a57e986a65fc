import { randomInt } from 'node:crypto';
import {
  alreadyCoachMessage,
  ERROR_CODES,
  generateInviteCode,
  INVITE_CODE_SUFFIX_ALPHABET,
  INVITE_CODE_SUFFIX_LENGTH,
  inviteCodeWithSuffix,
  isAllowedPrivacyPair,
  LIMITS,
  MSG,
  PSEUDO_GROUP_ID,
  pseudoGroupName,
  type TCreateGroupBody,
  type TGroup,
  type TOrgGroup,
  type TPrivacyPair,
  type TUpdateGroupBody,
  vocabulary,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  assertCanAdministerGroup,
  assertCanListOrgGroups,
  assertCanViewGroup,
  groupAbilities,
  hasActiveRole,
  isActiveSpeakerIn,
  isOrgAdmin,
  isOrgManager,
} from '../../auth/policies.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { countOrgRoleUsers, groupNameTaken, insertGroup, listOrgGroups, setInviteCode, updateGroupRow } from './groups.repository.js';
import {
  findGroupByInviteCode,
  findMembership,
  insertManagerMembership,
  listUserGroups,
  takeSpeakerSeat,
  upsertSpeakerMembership,
} from '../memberships/index.js';
import { findOrganisation } from '../org/index.js';
import { presentGroup } from './groups.presenter.js';
import { reserveInviteCodeAttempt } from '../auth/index.js';
import { rosterLinkedGroups } from '../lti/index.js';

export async function listMyGroups(deps: TDeps, auth: TAuth): Promise<TGroup[]> {
  const [rows, org] = await Promise.all([listUserGroups(deps.db, auth.userId), orgOf(deps, auth)]);
  const now = new Date();
  return rows.map((r) => presentGroup(deps.config.publicUrl, r.group, r.membership, auth, org.settings, now));
}

/** The admin's list: the coaches-and-admins pseudo-group first, then every group, newest first. */
export async function listGroupsOfOrg(deps: TDeps, auth: TAuth): Promise<TOrgGroup[]> {
  assertCanListOrgGroups(auth);
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  const [rows, orgRoleUsers] = await Promise.all([listOrgGroups(deps.db, auth.orgId), countOrgRoleUsers(deps.db, auth.orgId)]);
  const linked = await rosterLinkedGroups(
    deps.db,
    rows.map((r) => r.group.id),
  );
  const pseudo: TOrgGroup = {
    groupId: PSEUDO_GROUP_ID,
    name: pseudoGroupName(org.type),
    inviteCode: null,
    inviteLink: null,
    createdDate: org.createdAt.toISOString(),
    membershipStatus: null,
    membershipExpires: null,
    membershipPerpetual: true,
    membershipAccess: null,
    roles: [],
    settings: { freeDuration: null },
    managerPrivacyLevel: 0,
    speakerPrivacyLevel: 0,
    recordingAbilities: { canShare: false, canFlag: false },
    abilities: groupAbilities(auth, null, { isPseudoGroup: true }),
    activeUsers: orgRoleUsers,
    totalUsers: orgRoleUsers,
    isPseudoGroup: true,
    ltiLinked: false,
  };
  return [
    pseudo,
    ...rows.map((r) => ({
      ...presentGroup(deps.config.publicUrl, r.group, null, auth, org.settings),
      activeUsers: r.activeUsers,
      totalUsers: r.totalUsers,
      isPseudoGroup: false,
      ltiLinked: linked.has(r.group.id),
    })),
  ];
}

export async function getGroup(deps: TDeps, auth: TAuth, groupId: string): Promise<TGroup> {
  const { group, membership } = await assertCanViewGroup(deps.db, auth, groupId);
  return presentGroup(deps.config.publicUrl, group, membership, auth, (await orgOf(deps, auth)).settings);
}

/** Joins a group of the caller's organisation by its invite code, as a speaker. */
export async function joinGroup(deps: TDeps, auth: TAuth, inviteCode: string, ip: string): Promise<{ group: TGroup }> {
  // Wrong codes count against the address, as on the sign-up pages: codes are guessable by design.
  const attempt = await reserveInviteCodeAttempt(deps.db, ip);
  const found = await findGroupByInviteCode(deps.db, inviteCode);
  if (!found || found.org.id !== auth.orgId) throw notFound(MSG.joinInvalidText, ERROR_CODES.inviteInvalid);
  await attempt.valid();
  const { group, org } = found;
  const existing = await findMembership(deps.db, auth.userId, group.id);
  if (hasActiveRole(existing, 'manager')) {
    throw conflict(alreadyCoachMessage(org.type).title, ERROR_CODES.groupAlreadyCoach);
  }
  const alreadySpeaker = isActiveSpeakerIn(existing);
  if (!alreadySpeaker) {
    await deps.db.transaction(async (tx) => {
      const locked = await takeSpeakerSeat(tx, org.id, auth.userId, MSG.joinSeatLimit);
      await upsertSpeakerMembership(tx, auth.userId, group, locked);
    });
  }
  const membership = await findMembership(deps.db, auth.userId, group.id);
  return { group: presentGroup(deps.config.publicUrl, group, membership, auth, org.settings) };
}

async function orgOf(deps: TDeps, auth: TAuth) {
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  return org;
}

async function assertNameFree(deps: TDeps, orgId: string, name: string, exceptId?: string) {
  if (await groupNameTaken(deps.db, orgId, name, exceptId)) throw conflict(MSG.groupSaveFailed, ERROR_CODES.groupNameTaken);
}

/** The generated code, or the first free variant of it (-2, -3, ...), within 50 characters. */
async function freeInviteCode(deps: TDeps, orgName: string, groupName: string): Promise<string> {
  const base = generateInviteCode(orgName, groupName) || 'group';
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const code = `${base.slice(0, LIMITS.inviteCode - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await findGroupByInviteCode(deps.db, code))) return code;
  }
  throw conflict(MSG.groupSaveFailed);
}

function checkedPrivacy(pair: TPrivacyPair, assignmentsOn: boolean): TPrivacyPair {
  if (!isAllowedPrivacyPair(pair, assignmentsOn)) {
    throw badRequest(
      'These privacy levels cannot be combined: sharing disabled (0) must be chosen on both sides, and 0 only while Assignments is off',
    );
  }
  return pair;
}

/** A new group (org-level managers and admins). A coach who creates one manages it. */
export async function createGroup(deps: TDeps, auth: TAuth, body: TCreateGroupBody): Promise<TGroup> {
  if (!isOrgManager(auth)) throw forbidden();
  const org = await orgOf(deps, auth);
  await assertNameFree(deps, org.id, body.name);
  const levels = checkedPrivacy(
    { managerPrivacyLevel: body.managerPrivacyLevel ?? 1, speakerPrivacyLevel: body.speakerPrivacyLevel ?? 1 },
    !!org.settings.Assignments,
  );
  const inviteCode = await freeInviteCode(deps, org.name, body.name);
  // Without a free duration of its own, a new group starts with the organisation's (null: none).
  const freeDuration = body.freeDuration === undefined ? (org.settings.freeDuration ?? null) : body.freeDuration;
  const group = await deps.db.transaction(async (tx) => {
    const g = await insertGroup(tx, { orgId: org.id, name: body.name, inviteCode, settings: { freeDuration }, ...levels });
    if (!isOrgAdmin(auth)) await insertManagerMembership(tx, auth.userId, g.id);
    return g;
  });
  return presentGroup(deps.config.publicUrl, group, await findMembership(deps.db, auth.userId, group.id), auth, org.settings);
}

/** Renames a group and sets its privacy levels and free duration (org admins). */
export async function updateGroup(deps: TDeps, auth: TAuth, groupId: string, body: TUpdateGroupBody): Promise<TGroup> {
  const { group } = await assertCanViewGroup(deps.db, auth, groupId);
  if (!isOrgAdmin(auth)) throw forbidden();
  if (body.groupId && body.groupId !== groupId) throw badRequest('groupId does not match the address');
  const org = await orgOf(deps, auth);
  await assertNameFree(deps, org.id, body.name, groupId);
  const levels = checkedPrivacy(
    {
      managerPrivacyLevel: body.managerPrivacyLevel ?? (group.managerPrivacyLevel as TPrivacyPair['managerPrivacyLevel']),
      speakerPrivacyLevel: body.speakerPrivacyLevel ?? (group.speakerPrivacyLevel as TPrivacyPair['speakerPrivacyLevel']),
    },
    !!org.settings.Assignments,
  );
  // The free duration applies to speakers who join from now on; absent leaves it as it is.
  const settings = body.freeDuration === undefined ? group.settings : { ...group.settings, freeDuration: body.freeDuration };
  const saved = await updateGroupRow(deps.db, groupId, { name: body.name, settings, ...levels });
  return presentGroup(deps.config.publicUrl, saved, await findMembership(deps.db, auth.userId, groupId), auth, org.settings);
}

function randomSuffix(): string {
  let suffix = '';
  for (let i = 0; i < INVITE_CODE_SUFFIX_LENGTH; i++) suffix += INVITE_CODE_SUFFIX_ALPHABET[randomInt(INVITE_CODE_SUFFIX_ALPHABET.length)];
  return suffix;
}

/**
 * POST groups/{id}/invite-code (org admins): a new invite code with a random suffix, for when
 * the generated one was guessed or shared too widely. The old code and link stop working.
 */
export async function regenerateInviteCode(deps: TDeps, auth: TAuth, groupId: string): Promise<TGroup> {
  const { group } = await assertCanAdministerGroup(deps.db, auth, groupId);
  const org = await orgOf(deps, auth);
  if (!group.inviteCode) throw badRequest(`This ${vocabulary(org.type).word('group')} is invite-only and has no invite code to replace`);
  for (let tries = 0; tries < 5; tries++) {
    const code = inviteCodeWithSuffix(org.name, group.name, randomSuffix());
    if (await findGroupByInviteCode(deps.db, code)) continue;
    const saved = await setInviteCode(deps.db, group.id, code);
    return presentGroup(deps.config.publicUrl, saved, await findMembership(deps.db, auth.userId, group.id), auth, org.settings);
  }
  throw conflict(MSG.groupSaveFailed);
}
