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
    // The EU block (000 section 5): required for an EU invite, where the server checks them; the
    // optional data retention. Data use for improving the analysis is chosen on the profile only.
    ageAttestation: z.boolean().optional(),
    usaStorageConsent: z.boolean().optional(),
    dataRetention: z.boolean().optional(),
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

/** POST btc/authorize: starts a hub sign-in; `next` is where to go once signed in. */
export const ZHubAuthorizeBodySchema = z.object({ next: z.string().max(2000).nullish() });
export type THubAuthorizeBody = z.infer<typeof ZHubAuthorizeBodySchema>;

/** The hub's authorisation page to send the browser to. */
export const ZHubAuthorizeResponseSchema = z.object({ authorizationUrl: z.string() });
export type THubAuthorizeResponse = z.infer<typeof ZHubAuthorizeResponseSchema>;

/**
 * POST btc/login (000 sections 4 and 7): the query the hub sent the browser back with: a code,
 * or an error, with the state (and the issuer, RFC 9207, when the hub sends it).
 */
export const ZHubLoginBodySchema = z
  .object({
    state: z.string().min(1).max(200),
    code: z.string().min(1).max(2000).optional(),
    iss: z.string().max(500).optional(),
    error: z
      .string()
      .max(100)
      .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII')
      .optional(),
  })
  .refine((v) => !!v.code || !!v.error, { message: 'code or error is required', path: ['code'] });
export type THubLoginBody = z.infer<typeof ZHubLoginBodySchema>;

/** A one-hour auto sign-in key ({orgCode}-{apiKey} signs in like a sign-in link) and the `next` the sign-in began with. */
export const ZHubLoginResponseSchema = z.object({ apiKey: z.string(), orgCode: z.string(), next: z.string().nullable() });
export type THubLoginResponse = z.infer<typeof ZHubLoginResponseSchema>;
