import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { LIMITS, PERPETUAL_YEARS } from './constants.js';
import { ZFreeDurationSchema } from './org.js';
import type { TVocabulary } from './vocabulary.js';

export const ZPrivacyLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export const ZGroupRoleSchema = z.enum(['manager', 'speaker']);
export const ZMembershipStatusSchema = z.enum(['active', 'inactive']);

/**
 * What the caller may do with a group, decided by the server (apps/server/src/auth/abilities.ts
 * groupAbilities): the web renders these and compares no roles itself.
 */
export const ZGroupAbilitiesSchema = z.object({
  /** Coaches it: an active manager membership (their speakers, their history). */
  canCoach: z.boolean(),
  /** Records in it: an active speaker membership. */
  canRecord: z.boolean(),
  /** Lists and reviews its members: its active coaches and org admins. */
  canManageMembers: z.boolean(),
  /** Renames it and sets its privacy levels: org admins (not the pseudo-group). */
  canEdit: z.boolean(),
  /** Deactivates all its members: org admins (not the pseudo-group). */
  canDeactivateAll: z.boolean(),
  /** Downloads its CSV report: its active coaches and org admins, with Download_Report_Button on (002 section 2.5). */
  canDownloadReport: z.boolean(),
  /** Edits and resets its wordspotting list: its active coaches and org admins, with Custom_Wordspotting_For_Groups on. */
  canSetWordspotting: z.boolean(),
  /** Invites speakers to it by email (POST invites/bulk): its active coaches and org admins (not the pseudo-group). */
  canInviteSpeakers: z.boolean(),
});
export type TGroupAbilities = z.infer<typeof ZGroupAbilitiesSchema>;

/**
 * A membership's access (002 section 2.10: active, not active yet, expired) as the server decides
 * it (apps/server/src/modules/memberships/membership-access.ts), with the reason when it is not active:
 * - no-free-access: joined a group that gives no free access; waits for one (or a subscription);
 * - free-access-available: the same, but the group gives free access now: joining again activates it;
 * - expired: the access ended at membershipExpires;
 * - removed: an administrator took every role (no expiry to show).
 */
export const ZMembershipAccessSchema = z.object({
  status: z.enum(['active', 'not-active-yet', 'expired', 'inactive']),
  reason: z.enum(['no-free-access', 'free-access-available', 'expired', 'removed']).nullable(),
});
export type TMembershipAccess = z.infer<typeof ZMembershipAccessSchema>;

export const ZGroupSchema = z.object({
  groupId: z.guid(),
  name: z.string(),
  inviteCode: z.string().nullable(),
  inviteLink: z.string().nullable(),
  createdDate: z.iso.datetime(),
  membershipStatus: ZMembershipStatusSchema.nullable(),
  membershipExpires: z.iso.datetime().nullable(),
  /** True only while the membership is active and its expiry is 15+ years away (or it has none). */
  membershipPerpetual: z.boolean(),
  /** The caller's access through the membership and why (the server's membershipAccess); null without one. */
  membershipAccess: ZMembershipAccessSchema.nullable(),
  roles: z.array(ZGroupRoleSchema),
  settings: z.object({ freeDuration: ZFreeDurationSchema.nullable() }),
  managerPrivacyLevel: ZPrivacyLevelSchema,
  speakerPrivacyLevel: ZPrivacyLevelSchema,
  /**
   * What a new recording in this group may be marked with at intake (the server's
   * groupSharingAbilities): share with the group (feedbackRequested), flag for coach review (submitted).
   */
  recordingAbilities: z.object({ canShare: z.boolean(), canFlag: z.boolean() }),
  abilities: ZGroupAbilitiesSchema,
});
export type TGroup = z.infer<typeof ZGroupSchema>;

export const MEMBERSHIP_ACCESS_LABELS: Record<TMembershipAccess['status'], string> = {
  active: 'Active',
  'not-active-yet': 'Not active yet',
  expired: 'Expired',
  inactive: 'Inactive',
};

/**
 * Why a membership is not active and what to do about it (null while active). `canPay`: the
 * subscription page offers this membership a plan (Activate or Renew), so paying is the way on.
 */
export function membershipAccessNote(
  reason: TMembershipAccess['reason'],
  vocab: TVocabulary,
  { canPay = false }: { canPay?: boolean } = {},
): string | null {
  const group = vocab.word('group');
  const coach = vocab.word('coach');
  switch (reason) {
    case 'no-free-access':
      return canPay
        ? `You cannot record in this ${group} yet: it does not give free access. Choose a plan to activate your access.`
        : `You cannot record in this ${group} yet: it does not give free access. Ask your ${coach} or administrator to set a free duration for the ${group}, then come back here to activate your access.`;
    case 'free-access-available':
      return `This ${group} now gives free access. Activate it to start recording.`;
    case 'expired':
      return canPay
        ? `Your access to this ${group} has ended. Choose a plan to renew it.`
        : `Your access to this ${group} has ended. Ask your ${coach} or administrator to renew it.`;
    case 'removed':
      return `An administrator removed your access to this ${group}. Ask your ${coach} or administrator if you need it again.`;
    default:
      return null;
  }
}

export const ZInviteCodeSchema = z.string().trim().min(1, 'Invite code is required').max(LIMITS.inviteCode);

export const ZJoinGroupBodySchema = z.object({ inviteCode: ZInviteCodeSchema });
export type TJoinGroupBody = z.infer<typeof ZJoinGroupBodySchema>;

export const ZJoinGroupResponseSchema = z.object({ group: ZGroupSchema });

/**
 * A group's invite code: org name and group name, non-alphanumerics replaced by hyphens,
 * trimmed, at most 50 characters.
 */
export function generateInviteCode(orgName: string, groupName: string): string {
  return `${orgName} ${groupName}`
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.inviteCode)
    .replace(/-+$/g, '');
}

/** Characters of the random part of a regenerated invite code (codes match case-insensitively). */
export const INVITE_CODE_SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 of 31 characters: about 50 bits, far beyond what the per-address guessing limit allows. */
export const INVITE_CODE_SUFFIX_LENGTH = 10;

/**
 * A regenerated invite code: the generated code (shortened to fit) plus a hyphen and a random
 * suffix. Still the spec's format (letters, digits and hyphens, at most 50 characters), but no
 * longer guessable from the organisation and group names.
 */
export function inviteCodeWithSuffix(orgName: string, groupName: string, suffix: string): string {
  const base = generateInviteCode(orgName, groupName)
    .slice(0, LIMITS.inviteCode - suffix.length - 1)
    .replace(/-+$/g, '');
  return base ? `${base}-${suffix}` : suffix;
}

/** The invite link that carries a group's code to the sign-up page. */
export function groupInviteLink(publicUrl: string, inviteCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/sign-up?code=${encodeURIComponent(inviteCode)}`;
}

/** A group as the org admin's list shows it: with member counts. */
export const ZOrgGroupSchema = ZGroupSchema.extend({
  activeUsers: z.number().int(),
  totalUsers: z.number().int(),
  isPseudoGroup: z.boolean(),
  /** The group maps to an LTI course with a roster (NRPS) address: "Sync roster" applies (issue 42 item 5). */
  ltiLinked: z.boolean(),
});
export type TOrgGroup = z.infer<typeof ZOrgGroupSchema>;

/** What the caller may do with one member of a group (the server's memberAbilities). */
export const ZGroupMemberAbilitiesSchema = z.object({
  /** Review their recordings and history as their coach: they are or were a speaker of the group. */
  canReview: z.boolean(),
  /** Change their roles on the admin roles page: org admins. */
  canChangeRoles: z.boolean(),
  /** Pick them as an assignment's target (the Assign step): an active speaker of a group the caller coaches. */
  canAssign: z.boolean(),
});
export type TGroupMemberAbilities = z.infer<typeof ZGroupMemberAbilitiesSchema>;

/** A member of a group (000 section 3, Group membership). */
export const ZGroupMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(['speaker', 'manager', 'admin'])),
  membershipStatus: ZMembershipStatusSchema,
  membershipStartDate: z.iso.datetime(),
  membershipExpires: z.iso.datetime().nullable(),
  membershipPerpetual: z.boolean(),
  lastLoginDate: z.iso.datetime().nullable(),
  lastRecordingDate: z.iso.datetime().nullable(),
  isOrgAdmin: z.boolean(),
  isOrgManager: z.boolean(),
  expiredRoles: z.array(ZGroupRoleSchema),
  recordings: z.number().int(),
  shared: z.number().int(),
  submitted: z.number().int(),
  feedback: z.number().int(),
  totalDuration: z.number(),
  abilities: ZGroupMemberAbilitiesSchema,
});
export type TGroupMember = z.infer<typeof ZGroupMemberSchema>;

/**
 * A group's name: required, at most LIMITS.groupName characters. The messages name the group with
 * the organization's word for it (vocabulary.Word('group')), so the form and the API share one rule.
 */
export const groupNameSchema = (groupWord = 'Group') =>
  z
    .string()
    .trim()
    .min(1, `${groupWord} name is required`)
    .max(LIMITS.groupName, `${groupWord} name must be at most ${LIMITS.groupName} characters`);
export const ZGroupNameSchema = groupNameSchema();

/**
 * A group's free duration in years: 0 (no free access) up to LIMITS.freeDurationYears; 15 or more
 * counts as perpetual. Fractions are months (1/12 a month), as freeAccessUntil counts them.
 */
export const ZGroupFreeDurationSchema = z
  .object({
    years: z
      .number('Free duration must be a number of years')
      .min(0, 'Free duration cannot be negative')
      .max(LIMITS.freeDurationYears, `Free duration must be at most ${LIMITS.freeDurationYears} years`),
  })
  .strict();

/** The group form's free-duration choices, in years (15: perpetual). */
export const FREE_DURATION_CHOICES: readonly number[] = [0, 1 / 12, 0.25, 0.5, 1, 2, 3, 4, PERPETUAL_YEARS];

/** '1 month', '6 months', '1 year', '2 years', '15 years (perpetual)', 'No free access'. */
export function freeDurationLabel(years: number): string {
  if (years <= 0) return 'No free access';
  if (years >= PERPETUAL_YEARS) return `${years} years (perpetual)`;
  const months = Math.round(years * 12);
  if (months < 12 || months % 12 !== 0) return `${months} ${months === 1 ? 'month' : 'months'}`;
  const y = months / 12;
  return `${y} ${y === 1 ? 'year' : 'years'}`;
}

/** POST groups: a new group; its invite code is generated from the organisation and group names. */
export const ZCreateGroupBodySchema = z
  .object({
    name: ZGroupNameSchema,
    /** Sent by the web app as the spec's payload; the server generates the code itself. */
    orgName: z.string().max(200).optional(),
    inviteCode: z.string().max(LIMITS.inviteCode).optional(),
    managerPrivacyLevel: ZPrivacyLevelSchema.optional(),
    speakerPrivacyLevel: ZPrivacyLevelSchema.optional(),
    /** Free access a speaker gets on joining; absent: the organisation's; null: follow the organisation's. */
    freeDuration: ZGroupFreeDurationSchema.nullable().optional(),
  })
  .strict();
export type TCreateGroupBody = z.infer<typeof ZCreateGroupBodySchema>;

/** PUT groups/{id}: groupId, name and, unless privacy controls are hidden, the two levels. */
export const ZUpdateGroupBodySchema = z
  .object({
    groupId: ZIdSchema.optional(),
    name: ZGroupNameSchema,
    managerPrivacyLevel: ZPrivacyLevelSchema.optional(),
    speakerPrivacyLevel: ZPrivacyLevelSchema.optional(),
    /** Absent: unchanged; null: follow the organisation's. Applies to speakers who join from now on. */
    freeDuration: ZGroupFreeDurationSchema.nullable().optional(),
  })
  .strict();
export type TUpdateGroupBody = z.infer<typeof ZUpdateGroupBodySchema>;
