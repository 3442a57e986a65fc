import { z } from 'zod';

// Deleting an account (issue 42 item 8): the person themselves from the profile, or an org admin
// for a member on request. Both are confirmed by typing DELETE and by the caller's password; a
// person who signs in only through a partner hub may instead sign in again just before.

/** The word typed to confirm, shown exactly so in the dialog. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** How an author whose account was deleted is shown beside the comments and scores they wrote. */
export const FORMER_MEMBER_NAME = 'Former member';

/** A sign-in at most this old stands in for the password of an account that signs in through a hub. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const ACCOUNT_DELETION_MSG = {
  confirmationWrong: `Type ${DELETE_CONFIRMATION_WORD} to confirm.`,
  passwordNeeded: `Enter your password, or sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) and try once more.`,
  lastAdmin: 'You are the only admin of this organization and other members remain. Make another user an admin, then delete your account.',
  notYourself: 'To delete your own account, use Delete account on your profile.',
  deleted: 'Your account has been deleted.',
} as const;

const ZConfirmationSchema = z.string().max(100);

/**
 * POST me/delete. `password`: the current password; may be left out only by a person who
 * signs in through a partner hub and whose sign-in is at most FRESH_SIGN_IN_MINUTES old.
 * `confirmation` must be DELETE (checked by the server, so the message is the form's).
 */
export const ZDeleteMyAccountBodySchema = z
  .object({
    password: z.string().max(200).optional(),
    confirmation: ZConfirmationSchema,
  })
  .strict();
export type TDeleteMyAccountBody = z.infer<typeof ZDeleteMyAccountBodySchema>;

/** POST users/{userId}/delete: the org admin's own password and DELETE typed. */
export const ZDeleteUserBodySchema = z
  .object({
    password: z.string().max(200),
    confirmation: ZConfirmationSchema,
  })
  .strict();
export type TDeleteUserBody = z.infer<typeof ZDeleteUserBodySchema>;

/** What was removed (the same counts the audit row keeps). */
export const ZAccountDeletionResultSchema = z.object({
  deleted: z.literal(true),
  recordingsRemoved: z.number().int().nonnegative(),
  feedbackAnonymised: z.number().int().nonnegative(),
});
export type TAccountDeletionResult = z.infer<typeof ZAccountDeletionResultSchema>;

/** The organisation's recording retention (issue 42 item 9): off, or years after a recording was made. */
export const RECORDING_RETENTIONS = ['off', '1y', '2y', '5y'] as const;
export const ZRecordingRetentionSchema = z.enum(RECORDING_RETENTIONS);
export type TRecordingRetention = z.infer<typeof ZRecordingRetentionSchema>;

/** Years a retention keeps recordings; null: kept until their owner deletes them. */
export function retentionYears(r: TRecordingRetention | undefined | null): number | null {
  return r === '1y' ? 1 : r === '2y' ? 2 : r === '5y' ? 5 : null;
}

/** Owners are told this many days before a recording is removed. */
export const RETENTION_NOTICE_DAYS = 14;
