import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { PSEUDO_GROUP_ID } from './constants.js';
import { ZGroupRoleSchema, ZMembershipStatusSchema } from './group.js';
import { grantedFreeYears, ZFreeDurationSchema, ZOrgTypeSchema } from './org.js';
import { ZRequiredEmailSchema } from './user.js';
import { withArticle } from './indefinite-article.js';
import { vocabulary, type TOrgType } from './vocabulary.js';

// The users, roles and invites half of the organisation admin area (000 sections 2.11, 4, 5, 7):
// wire shapes, the payload rules both sides apply, and the screens' exact strings.

export const ADMIN_USERS_MSG = {
  searchPlaceholder: 'enter full or partial email or name',
  noResults: 'No results',
  tooManyUsers: 'There are too many total users to list them all. Please use the search box to find a user by email or name.',
  makeAdmin: 'Make this user an admin with full admin access?',
  removeOwnAdmin: 'You are removing admin access from the currently logged in account...',
  deleteInvite: 'Are you sure you want to delete this invite?',
  noInvites: 'No invites',
  perpetualAccess: 'Perpetual Access / No expiration',
  lastAdmin: 'An organization needs at least one admin. Make another user an admin before removing this admin access.',
  inviteNeedsRole: 'Grant at least one role',
  invitePending: 'An invite to this email address is already pending. Resend or delete it on the Pending Invites tab.',
} as const;

/** 'Allow this user to add new groups?' ('classes' in schools). */
export const allowAddGroupsLabel = (orgType: TOrgType | string | null | undefined) =>
  `Allow this user to add new ${vocabulary(orgType).word('groups')}?`;

/** The invite form's warning while no manager access is granted (000 section 5), in the org's vocabulary. */
export function inviteNeedsManagerWarning(orgType: TOrgType | string | null | undefined): string {
  const v = vocabulary(orgType);
  return `Grant ${v.Word('coach')} access to one or more ${v.word('groups')} or select the option to allow the user to create new ${v.word('groups')}.`;
}

/** A coach of a group cannot also be its speaker (000 section 5, as groups/join enforces). */
export function coachNotSpeakerMessage(orgType: TOrgType | string | null | undefined): string {
  const v = vocabulary(orgType);
  return `${withArticle(v.word('coach'), { capital: true })} of a ${v.word('group')} cannot also be ${withArticle(v.word('speaker'))} in that ${v.word('group')}.`;
}

export const ORG_ROLE_CHOICES = [[], ['manager'], ['admin', 'manager']] as const;
export type TOrgRoles = [] | ['manager'] | ['admin', 'manager'];

/** The pseudo-group's roles in their one spelling, or null when the set is not one of the three allowed. */
export function canonicalOrgRoles(roles: ReadonlyArray<string>): TOrgRoles | null {
  const set = new Set(roles);
  if (set.size !== roles.length) return null;
  if (set.size === 0) return [];
  if (set.size === 1 && set.has('manager')) return ['manager'];
  if (set.size === 2 && set.has('manager') && set.has('admin')) return ['admin', 'manager'];
  return null;
}

const ZAnyRoleSchema = z.enum(['admin', 'manager', 'speaker']);

function checkGroupRoles(roles: ReadonlyArray<string>, path: (string | number)[], ctx: z.RefinementCtx) {
  if (new Set(roles).size !== roles.length) ctx.addIssue({ code: 'custom', path, message: 'roles must not repeat' });
  if (roles.includes('admin')) ctx.addIssue({ code: 'custom', path, message: 'admin is an org-level role only' });
}

const orgRolesMessage = 'org-level roles must be [], [manager] or [admin, manager]';

/** PUT users/{userId}: one entry per group; the pseudo-group entry carries the org-level roles. */
export const ZRoleGrantSchema = z.object({ groupId: ZIdSchema, roles: z.array(ZAnyRoleSchema).max(3) }).strict();

export const ZUpdateUserRolesBodySchema = z
  .object({ roles: z.array(ZRoleGrantSchema).max(2000) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    let pseudo = 0;
    body.roles.forEach((g, i) => {
      if (seen.has(g.groupId)) ctx.addIssue({ code: 'custom', path: ['roles', i, 'groupId'], message: 'a group may appear only once' });
      seen.add(g.groupId);
      if (g.groupId === PSEUDO_GROUP_ID) {
        pseudo++;
        if (!canonicalOrgRoles(g.roles)) ctx.addIssue({ code: 'custom', path: ['roles', i, 'roles'], message: orgRolesMessage });
      } else {
        checkGroupRoles(g.roles, ['roles', i, 'roles'], ctx);
      }
    });
    if (pseudo === 0) {
      ctx.addIssue({ code: 'custom', path: ['roles'], message: `an entry for the pseudo-group ${PSEUDO_GROUP_ID} is required` });
    }
  });
export type TUpdateUserRolesBody = z.infer<typeof ZUpdateUserRolesBodySchema>;

/** POST invites: the grants of an invite; groupId null holds the org-level roles. */
export const ZInviteGrantSchema = z.object({ groupId: ZIdSchema.nullable(), roles: z.array(ZAnyRoleSchema).max(3) }).strict();
export type TInviteGrant = z.infer<typeof ZInviteGrantSchema>;

export const ZCreateInviteBodySchema = z
  .object({ email: ZRequiredEmailSchema, roles: z.array(ZInviteGrantSchema).max(2000) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string | null>();
    body.roles.forEach((g, i) => {
      const path = ['roles', i, 'roles'];
      if (seen.has(g.groupId)) ctx.addIssue({ code: 'custom', path: ['roles', i, 'groupId'], message: 'a group may appear only once' });
      seen.add(g.groupId);
      if (g.groupId === PSEUDO_GROUP_ID) {
        ctx.addIssue({ code: 'custom', path: ['roles', i, 'groupId'], message: 'org-level roles use groupId null' });
      } else if (g.groupId === null) {
        if (!canonicalOrgRoles(g.roles)) ctx.addIssue({ code: 'custom', path, message: orgRolesMessage });
      } else {
        checkGroupRoles(g.roles, path, ctx);
      }
    });
    // 000 section 5: at least one role entry with a non-empty role, otherwise nothing is sent.
    if (!body.roles.some((g) => g.roles.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['roles'], message: ADMIN_USERS_MSG.inviteNeedsRole });
    }
  });
export type TCreateInviteBody = z.infer<typeof ZCreateInviteBodySchema>;

/** PUT invites/{id}: resend the invite email. */
export const ZResendInviteBodySchema = z.object({ resendInvite: z.literal(true) }).strict();

export const ZUserIdParamsSchema = z.object({ userId: ZIdSchema });

/** GET users: ?search= filters on email or name (needed once the organisation reaches the cap). */
export const ZAdminUserListQuerySchema = z.object({ search: z.string().trim().max(254).optional() }).strict();

export const ZAdminActiveGroupSchema = z.object({
  groupId: z.guid(),
  name: z.string(),
  isPseudoGroup: z.boolean(),
  roles: z.array(ZAnyRoleSchema),
});

/** A row of the Manage Users tab. */
export const ZAdminUserSchema = z.object({
  userId: z.guid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Active when any membership is active or the user holds org-level roles. */
  status: ZMembershipStatusSchema,
  membershipType: z.enum(['coach/admin', 'speaker']),
  isOrgAdmin: z.boolean(),
  isOrgManager: z.boolean(),
  /** The coaches-and-admins pseudo-group first (for org-level roles), then active groups by name. */
  activeGroups: z.array(ZAdminActiveGroupSchema),
  /** The server's rules: the caller may delete this account on request (Delete user; never their own). */
  abilities: z.object({ canDelete: z.boolean() }),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;

export const ZAdminUserListSchema = z.object({
  /** All users of the organisation. */
  total: z.number().int(),
  /** total >= ADMIN_USER_LIST_CAP (1000): `users` then holds only matches of `search` (none without one). */
  tooMany: z.boolean(),
  users: z.array(ZAdminUserSchema),
});
export type TAdminUserList = z.infer<typeof ZAdminUserListSchema>;

/** The roles page's two org-level boxes as the user's roles set them: 'Allow ... add new groups?' (manager) and 'Make ... admin?' (admin). */
export const ZOrgAccessSchema = z.object({ manager: z.boolean(), admin: z.boolean() });

/** A group row's two boxes as the user's roles set them: the coach (manager) and speaker roles held there now. */
export const ZGroupRolesGrantedSchema = z.object({ manager: z.boolean(), speaker: z.boolean() });

/** One group of the organisation with this user's membership, for the roles page. */
export const ZAdminUserGroupSchema = z.object({
  groupId: z.guid(),
  name: z.string(),
  freeDuration: ZFreeDurationSchema.nullable(),
  /** Null when the user has never been a member. */
  membershipStatus: ZMembershipStatusSchema.nullable(),
  roles: z.array(ZGroupRoleSchema),
  expiredRoles: z.array(ZGroupRoleSchema),
  membershipStartDate: z.iso.datetime().nullable(),
  membershipExpires: z.iso.datetime().nullable(),
  membershipPerpetual: z.boolean(),
  /** The form's initial state for this group: the roles the user holds there now. */
  granted: ZGroupRolesGrantedSchema,
  /** The server's adminUserGroupAbilities: a speaker role may be granted (or is held and may be kept). */
  abilities: z.object({ canGrantSpeaker: z.boolean() }),
});
export type TAdminUserGroup = z.infer<typeof ZAdminUserGroupSchema>;

export const ZAdminUserRolesSchema = z.object({
  user: z.object({
    userId: z.guid(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isOrgAdmin: z.boolean(),
    isOrgManager: z.boolean(),
    /** The form's initial state for the org-level boxes. */
    orgAccess: ZOrgAccessSchema,
    /** Removing admin access needs a confirmation: the caller is this user and an org admin. */
    abilities: z.object({ confirmsOwnAdminRemoval: z.boolean() }),
  }),
  org: z.object({
    type: ZOrgTypeSchema,
    billingModel: z.union([z.literal(0), z.literal(1)]),
    freeDuration: ZFreeDurationSchema.nullable(),
    hasPerpetualFreeDuration: z.boolean(),
  }),
  groups: z.array(ZAdminUserGroupSchema),
});
export type TAdminUserRoles = z.infer<typeof ZAdminUserRolesSchema>;

/** A pending invite (000 section 3, Invite), with group names for its details. */
export const ZAdminInviteSchema = z.object({
  inviteId: z.guid(),
  email: z.string(),
  createdDate: z.iso.datetime(),
  resentDate: z.iso.datetime().nullable(),
  inviteLink: z.string(),
  roles: z.array(z.object({ groupId: z.guid().nullable(), groupName: z.string().nullable(), roles: z.array(ZAnyRoleSchema) })),
});
export type TAdminInvite = z.infer<typeof ZAdminInviteSchema>;

/** The link an invite email carries: /join sends the invitee to sign-up (or confirm-code). */
export function adminInviteLink(publicUrl: string, inviteId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/join?invite=${encodeURIComponent(inviteId)}`;
}

/**
 * 000 section 5, "as coded": the speaker role can be granted only where the group or the org
 * has a free duration, and not when the user has expired roles there under billingModel 0
 * (their access is renewed by a subscription instead).
 */
export function speakerRoleGrantable(
  group: { freeDuration: { years: number } | null; expiredRoles: ReadonlyArray<string> },
  org: { freeDuration: { years: number } | null; billingModel: number },
): boolean {
  if (grantedFreeYears(group, org) <= 0) return false;
  return !(group.expiredRoles.length > 0 && org.billingModel === 0);
}

/** The user search: case-insensitive substring of the email or the name. */
export function matchesUserSearch(u: { name: string; email: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q);
}

/** Last name, then first name, ignoring case. */
export function compareByLastFirst(a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }): number {
  const opts = { sensitivity: 'base' } as const;
  return a.lastName.localeCompare(b.lastName, 'en', opts) || a.firstName.localeCompare(b.firstName, 'en', opts);
}

/** A group role in words: Coach / Speaker (Instructor / Student in schools). */
export function groupRoleWord(role: string, orgType: TOrgType | string | null | undefined): string {
  const v = vocabulary(orgType);
  if (role === 'manager') return v.Word('coach');
  if (role === 'speaker') return v.Word('speaker');
  return 'Admin';
}

/** Org-level roles in words (000 section 6): 'Full admin access' or 'Can add new groups/classes'. */
export function orgRolesWord(roles: ReadonlyArray<string>, orgType: TOrgType | string | null | undefined): string | null {
  if (roles.includes('admin')) return 'Full admin access';
  if (roles.includes('manager')) return `Can add new ${vocabulary(orgType).word('groups')}`;
  return null;
}

/** An invite's grants in words, one phrase each: 'Coach: Sales Team', 'Full admin access'. */
export function inviteDetails(
  roles: ReadonlyArray<{ groupId: string | null; groupName: string | null; roles: ReadonlyArray<string> }>,
  orgType: TOrgType | string | null | undefined,
): string[] {
  const out: string[] = [];
  for (const g of roles) {
    if (g.groupId === null) {
      const word = orgRolesWord(g.roles, orgType);
      if (word) out.unshift(word);
      continue;
    }
    if (g.roles.length === 0) continue;
    out.push(`${g.roles.map((r) => groupRoleWord(r, orgType)).join(', ')}: ${g.groupName ?? 'Unknown'}`);
  }
  return out;
}
