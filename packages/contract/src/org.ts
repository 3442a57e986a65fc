import { addDays, addYears, isAfter } from 'date-fns';
import { z } from 'zod';
import { ORG_SETTING_FLAGS, PERPETUAL_YEARS } from './constants.js';
import { ZPlanSchema } from './subscription.js';
import { ZRecordingRetentionSchema } from './account-deletion.js';

export const ZOrgTypeSchema = z.enum(['edu', 'other']);

const flagShape = Object.fromEntries(ORG_SETTING_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  (typeof ORG_SETTING_FLAGS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

export const ZFreeDurationSchema = z.object({ years: z.number().min(0).max(100) });

export const ZOrgSettingsSchema = z.object({
  ...flagShape,
  /** Active speaker seats allowed; absent means unlimited. */
  seatLimit: z.number().int().min(0).nullable().optional(),
  freeDuration: ZFreeDurationSchema.nullable().optional(),
  /** Invites into this organisation are for EU users (consent block at sign-up). */
  euUsers: z.boolean().optional(),
  /** Speakers pay with prepaid codes only: no card payments, the subscription page shows only the prepaid tab. */
  couponOnly: z.boolean().optional(),
  /** How long recordings are kept (issue 42 item 9); absent: 'off'. */
  recordingRetention: ZRecordingRetentionSchema.optional(),
});
export type TOrgSettings = z.infer<typeof ZOrgSettingsSchema>;

export const ZAlgorithmSchema = z.object({ name: z.string(), venue: z.string() });

export const ZOrgSchema = z.object({
  orgId: z.uuid(),
  code: z.string(),
  name: z.string(),
  type: ZOrgTypeSchema,
  billingModel: z.union([z.literal(0), z.literal(1)]),
  orgExpirationDate: z.iso.datetime().nullable(),
  roles: z.array(z.enum(['admin', 'manager'])),
  settings: ZOrgSettingsSchema,
  whiteLabelLogo: z.string().nullable(),
  hasPerpetualFreeDuration: z.boolean(),
  /** The plans offered (not archived), by price descending; duration in days. */
  plans: z.array(ZPlanSchema),
  algorithmConfig: z.object({ algorithms: z.array(ZAlgorithmSchema), default_algorithm: z.string() }),
  /** IANA time zone that due dates are entered and shown in (issue 41 item 8); 'UTC' until an admin sets one. */
  timeZone: z.string(),
});
export type TOrg = z.infer<typeof ZOrgSchema>;

/** Derived: a free duration of 15 years or more counts as perpetual. */
export function hasPerpetualFreeDuration(freeDuration: { years: number } | null | undefined): boolean {
  return !!freeDuration && freeDuration.years >= PERPETUAL_YEARS;
}

type TFreeDurationSource = { freeDuration?: { years: number } | null };

/**
 * The free duration (years) a group grants: its own, else the organisation's; 0 when neither has
 * one. A group's own 0 wins over the organisation's duration. 0 means no free access.
 */
export function grantedFreeYears(group: TFreeDurationSource, org: TFreeDurationSource): number {
  return group.freeDuration?.years ?? org.freeDuration?.years ?? 0;
}

/**
 * When free access granted at `now` ends: now plus the free years in calendar years (a fraction
 * counts in whole months); null without free years, when the membership waits for a subscription.
 */
export function freeAccessUntil(years: number, now: Date): Date | null {
  return years > 0 ? addYears(now, years) : null;
}

/** True when the organisation's access expires within the warning window (45 days). */
export function orgExpiryWarning(orgExpirationDate: string | null, now: Date, windowDays: number): boolean {
  if (!orgExpirationDate) return false;
  return !isAfter(new Date(orgExpirationDate), addDays(now, windowDays));
}

/** An expiry 15 or more years away is not shown (treated as perpetual). */
export function isPerpetualExpiry(expires: string | null, now: Date): boolean {
  if (!expires) return true;
  return !isAfter(addYears(now, PERPETUAL_YEARS), new Date(expires));
}
