import { z } from 'zod';
import { ORG_SETTING_FLAGS } from './constants.js';
import { ZTimeZoneSchema } from './assignment-due.js';
import { ZRecordingRetentionSchema } from './account-deletion.js';

// The admin area's Organisation settings page: the switches an org admin changes there, and, read
// only, which of the other feature switches are on. The others are what the organisation bought
// and what this server runs (Assignments, Video, Zoom, email, word lists, debug options), so the
// Rostrum operator sets them; an org admin cannot.

type TOrgSettingFlag = (typeof ORG_SETTING_FLAGS)[number];

/** The switches an org admin changes on the Organisation settings page. */
export const ORG_ADMIN_SETTINGS = ['Public_Share_Links'] as const satisfies readonly TOrgSettingFlag[];
export type TOrgAdminSetting = (typeof ORG_ADMIN_SETTINGS)[number];

/** Every other feature switch: the operator's, shown read-only. */
export type TOperatorOrgSetting = Exclude<TOrgSettingFlag, TOrgAdminSetting>;
export const OPERATOR_ORG_SETTINGS = ORG_SETTING_FLAGS.filter(
  (f): f is TOperatorOrgSetting => !(ORG_ADMIN_SETTINGS as readonly string[]).includes(f),
);

/** The values of the switches an org admin changes. */
export const ZOrgAdminSettingValuesSchema = z.object({
  /** "Allow public share links": owners may create read-only links to one recording's results (off by default). */
  Public_Share_Links: z.boolean(),
}) satisfies z.ZodType<Record<TOrgAdminSetting, boolean>>;

/** GET admin/org-settings: what the page shows. */
export const ZAdminOrgSettingsSchema = z.object({
  settings: ZOrgAdminSettingValuesSchema,
  /** The operator's switches that are on for the organisation, in ORG_SETTING_FLAGS order (read-only). */
  operatorFeatures: z.array(z.enum(OPERATOR_ORG_SETTINGS)),
  /** The organisation's time zone (IANA), in which due dates are entered and shown. */
  timeZone: z.string(),
  /** How long recordings are kept before the retention job removes them ('off': until their owner deletes them). */
  recordingRetention: ZRecordingRetentionSchema,
});
export type TAdminOrgSettings = z.infer<typeof ZAdminOrgSettingsSchema>;

/**
 * PATCH admin/org-settings: one or more of the org admin's switches, each a boolean, and the
 * time zone (an IANA name). Any other
 * key (an operator's switch, a typo) is refused, not ignored, so nothing is saved half-way.
 */
export const ZUpdateAdminOrgSettingsBodySchema = ZOrgAdminSettingValuesSchema.partial()
  .extend({ timeZone: ZTimeZoneSchema.optional(), recordingRetention: ZRecordingRetentionSchema.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one setting to change' });
export type TUpdateAdminOrgSettingsBody = z.infer<typeof ZUpdateAdminOrgSettingsBodySchema>;
