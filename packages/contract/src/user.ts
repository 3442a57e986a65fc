import { z } from 'zod';
import { GENDERS, LIMITS, TITLES } from './constants.js';
import { ZGroupSchema } from './group.js';
import { ZOrgSchema } from './org.js';
import { ZPreferencesSchema } from './preferences.js';
import { ZDataExportSummarySchema } from './data-export.js';
import { LANDING_ROUTES } from './roles.js';

export const ZEmailSchema = z.string().trim().toLowerCase().max(LIMITS.email).pipe(z.email('Enter a valid email address'));
export const ZPasswordSchema = z
  .string()
  .trim()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.password);

export const ZTitleSchema = z.enum(TITLES);
/** Sign-up asks for a title: none (or an unknown one) is 'Title is required'. */
export const ZRequiredTitleSchema = z.enum(TITLES, 'Title is required');
/** An email that must be given: an empty one is 'Email is required', anything else as ZEmailSchema. */
export const ZRequiredEmailSchema = z.string().trim().min(1, 'Email is required').pipe(ZEmailSchema);
export const ZGenderSchema = z.enum(GENDERS);

/** Birth year choices: the current year minus 13 back to minus 98. */
export function birthYearChoices(now: Date): number[] {
  const y = now.getFullYear();
  const years: number[] = [];
  for (let a = 13; a <= 98; a++) years.push(y - a);
  return years;
}

export const ZBirthYearSchema = z
  .number()
  .int()
  .refine((y) => birthYearChoices(new Date()).includes(y), 'Birth year is out of range');

export const ZUserMetadataSchema = z.object({
  title: ZTitleSchema.nullable().optional(),
  birthyear: ZBirthYearSchema.nullable().optional(),
  gender: ZGenderSchema.nullable().optional(),
  freeTrial: z.boolean().optional(),
});

const bit = z.enum(['0', '1']);
export const EMAIL_PREFERENCE_KEYS = [
  'recordingSubmittedFrequency',
  'feedbackReceivedFrequency',
  'recordingProcessedFrequency',
  'recordingSharedFrequency',
  'assignmentReceivedFrequency',
  'assignmentCompletedFrequency',
] as const;
export type TEmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number];

export const ZEmailPreferencesSchema = z.object({
  recordingSubmittedFrequency: bit,
  feedbackReceivedFrequency: bit,
  recordingProcessedFrequency: bit,
  recordingSharedFrequency: bit,
  assignmentReceivedFrequency: bit,
  assignmentCompletedFrequency: bit,
});
export type TEmailPreferences = z.infer<typeof ZEmailPreferencesSchema>;
/**
 * Which switches the email settings page shows the user, by section (000 section 2.10); an empty
 * list hides the section. The server decides it (auth/notification-rules.ts) and sends only the
 * kinds it may ever mail this user.
 */
export const ZEmailSectionsSchema = z.object({
  speakers: z.array(z.enum(EMAIL_PREFERENCE_KEYS)),
  coaches: z.array(z.enum(EMAIL_PREFERENCE_KEYS)),
});
export type TEmailSections = z.infer<typeof ZEmailSectionsSchema>;

/**
 * The access reminder: an email 7 days before a membership's access ends (docs/decisions/payments.md,
 * "Access reminders"). Not one of the six spec'd switches, so it has its own field and call.
 */
export const ZAccessRemindersSchema = z.object({ enabled: z.boolean() });
export type TAccessReminders = z.infer<typeof ZAccessRemindersSchema>;

/**
 * GET email-preferences: the six switches, the sections that show them, and the access reminder
 * switch with `offered` (the server's answer: the user has a membership to renew or activate).
 */
export const ZEmailSettingsSchema = z.object({
  preferences: ZEmailPreferencesSchema,
  sections: ZEmailSectionsSchema,
  accessReminders: ZAccessRemindersSchema.extend({ offered: z.boolean() }),
});
export type TEmailSettings = z.infer<typeof ZEmailSettingsSchema>;

export const DEFAULT_EMAIL_PREFERENCES: TEmailPreferences = {
  recordingSubmittedFrequency: '1',
  feedbackReceivedFrequency: '1',
  recordingProcessedFrequency: '1',
  recordingSharedFrequency: '1',
  assignmentReceivedFrequency: '1',
  assignmentCompletedFrequency: '1',
};

const ZConsentTimeSchema = z.iso.datetime().nullable();

export const ZUserSchema = z.object({
  userId: z.uuid(),
  orgId: z.uuid(),
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  metadata: ZUserMetadataSchema,
  isEu: z.enum(['0', '1']),
  // Each consent and the time it was given (the EU ones null outside the EU); a choice's time is
  // when the user last changed it, null while they never chose.
  termsAccepted: z.boolean(),
  termsAcceptedAt: ZConsentTimeSchema,
  privacyAccepted: z.boolean(),
  privacyAcceptedAt: ZConsentTimeSchema,
  ageAttestation: z.boolean().nullable(),
  ageAttestationAt: ZConsentTimeSchema,
  usaStorageConsent: z.boolean().nullable(),
  usaStorageConsentAt: ZConsentTimeSchema,
  dataRetention: z.boolean().nullable(),
  dataRetentionAt: ZConsentTimeSchema,
  dataUseAllowed: z.boolean().nullable(),
  dataUseAllowedAt: ZConsentTimeSchema,
  isOrgAdmin: z.boolean(),
  isOrgManager: z.boolean(),
  preferences: ZPreferencesSchema,
  emailPreferences: ZEmailPreferencesSchema,
  createdDate: z.iso.datetime(),
  /** The latest data export in brief (GET me/data-export has the rest); null: none asked for. */
  dataExport: ZDataExportSummarySchema.nullable(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/** The signed-in user's abilities (roles.ts TViewerAbilities), decided by the server from their roles. */
export const ZViewerAbilitiesSchema = z.object({
  canAdministerOrg: z.boolean(),
  canCreateGroups: z.boolean(),
  canCoach: z.boolean(),
  canRecord: z.boolean(),
  canSwitchMode: z.boolean(),
  hasActiveGroups: z.boolean(),
  canCustomiseWordspotting: z.boolean(),
});

/**
 * GET me: the user with their organisation and groups, everything the shell needs in one call,
 * and the viewer's abilities: the web renders these and compares no roles itself.
 */
export const ZMeResponseSchema = z.object({
  user: ZUserSchema,
  org: ZOrgSchema,
  groups: z.array(ZGroupSchema),
  abilities: ZViewerAbilitiesSchema,
  /** Where the user lands (000 section 2.3), decided once by the server; the navigation always links it. */
  landing: z.object({ route: z.enum(LANDING_ROUTES), forceMode: z.enum(['manager', 'speaker']).optional() }),
});
export type TMeResponse = z.infer<typeof ZMeResponseSchema>;

const nameField = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
export const ZFirstNameSchema = nameField(LIMITS.firstName, 'First name');
export const ZLastNameSchema = nameField(LIMITS.lastName, 'Last name');
export const ZFullNameSchema = nameField(LIMITS.fullName, 'Full name');

/** PUT me: profile fields; an email change needs newEmail plus the current password. */
export const ZUpdateMeBodySchema = z
  .object({
    firstName: ZFirstNameSchema.optional(),
    lastName: ZLastNameSchema.optional(),
    name: ZFullNameSchema.optional(),
    metadata: ZUserMetadataSchema.omit({ freeTrial: true }).partial().optional(),
    newEmail: z.union([ZEmailSchema, z.literal('')]).optional(),
    password: z.string().max(LIMITS.password).optional(),
    dataRetention: z.boolean().optional(),
    dataUseAllowed: z.boolean().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.newEmail && !v.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your current password to change your email' });
    }
  });
export type TUpdateMeBody = z.infer<typeof ZUpdateMeBodySchema>;

/** Full name auto-generated as first plus last name until the user edits it. */
export function autoFullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** Account settings error styles: first/last name below 2 characters; full name between 2 and 4. */
export function profileFieldErrors(v: { firstName: string; lastName: string; name: string }) {
  const len = (s: string) => s.trim().length;
  const full = len(v.name);
  return {
    firstName: len(v.firstName) < 2,
    lastName: len(v.lastName) < 2,
    name: full >= 2 && full <= 4,
  };
}
