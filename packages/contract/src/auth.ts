import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { LIMITS } from './constants.js';
import { ZOrgTypeSchema } from './org.js';
import {
  ZEmailSchema,
  ZFirstNameSchema,
  ZFullNameSchema,
  ZLastNameSchema,
  ZPasswordSchema,
  ZRequiredTitleSchema,
  ZUserMetadataSchema,
} from './user.js';

export const ZSignInBodySchema = z.object({
  email: ZEmailSchema,
  password: z.string().trim().min(1, 'Password is required').max(LIMITS.password),
});
export type TSignInBody = z.infer<typeof ZSignInBodySchema>;

/** Auto sign-in with a one-hour key token of the form {org code}-{key}. */
export const ZSignInKeyBodySchema = z.object({ key: z.string().trim().min(3).max(200) });

/**
 * POST auth/sign-in/key/peek: whose account a sign-in link opens, without using the key, so the
 * sign-in page can ask 'Continue as {email}?' before signing anyone in (login CSRF).
 */
export const ZSignInKeyPeekResponseSchema = z.object({ email: z.string() });
export type TSignInKeyPeekResponse = z.infer<typeof ZSignInKeyPeekResponseSchema>;

/** 'Continue as {email}?': the question before a sign-in link is used. */
export const continueAsMessage = (email: string) => `Continue as ${email}?`;

export const ZSignInResponseSchema = z.object({
  apiKey: z.string(),
  orgCode: z.string(),
  expires: z.iso.datetime(),
  userId: z.uuid(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponseSchema>;

export const ZInviteCheckBodySchema = z
  .object({ inviteId: ZIdSchema.optional(), inviteCode: z.string().trim().max(LIMITS.inviteCode).optional() })
  .refine((v) => !!v.inviteId || !!v.inviteCode, { message: 'Invite code is required', path: ['inviteCode'] });
export type TInviteCheckBody = z.infer<typeof ZInviteCheckBodySchema>;

export const ZInviteCheckResponseSchema = z.object({
  org: z.object({ name: z.string(), type: ZOrgTypeSchema }),
  isEu: z.boolean(),
  groupName: z.string().nullable(),
  email: z.string().nullable(),
});
export type TInviteCheckResponse = z.infer<typeof ZInviteCheckResponseSchema>;

export const ZSignUpBodySchema = z
  .object({
    email: ZEmailSchema,
    password: ZPasswordSchema,
    firstName: ZFirstNameSchema,
    lastName: ZLastNameSchema,
    name: ZFullNameSchema,
    metadata: ZUserMetadataSchema.omit({ freeTrial: true }).extend({ title: ZRequiredTitleSchema }),
    inviteCode: z.string().trim().max(LIMITS.inviteCode).optional(),
    inviteId: ZIdSchema.optional(),
    termsAccepted: z.literal(true, 'You must accept the Terms of Use and Privacy Policy'),
    privacyAccepted: z.literal(true).optional(),
    ageAttestation: z.boolean().optional(),
    dataRetention: z.boolean().optional(),
    dataUseAllowed: z.boolean().optional(),
    isEu: z.enum(['0', '1']).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.inviteCode && !v.inviteId) {
      ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: 'Invite code is required' });
    }
  });
export type TSignUpBody = z.infer<typeof ZSignUpBodySchema>;

/** A successful sign-up returns a one-hour auto sign-in key, so the new user is signed in at once. */
export const ZSignUpResponseSchema = z.object({ userId: z.uuid(), signInKey: z.string() });

export const ZPasswordForgotBodySchema = z.object({ email: ZEmailSchema });
export const ZPasswordResetBodySchema = z.object({
  email: ZEmailSchema,
  token: z.string().trim().min(10).max(200),
  newPassword: ZPasswordSchema,
});
export const ZPasswordUpdateBodySchema = z.object({
  password: z.string().min(1, 'Enter your current password').max(LIMITS.password),
  newPassword: ZPasswordSchema,
});
