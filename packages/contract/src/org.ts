import { z } from 'zod';
import { ORG_SETTING_FLAGS, PERPETUAL_YEARS } from './constants.js';

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
  plans: z.array(z.object({ planId: z.string(), name: z.string(), price: z.number(), duration: z.number(), recurring: z.boolean() })),
  algorithmConfig: z.object({ algorithms: z.array(ZAlgorithmSchema), default_algorithm: z.string() }),
});
export type TOrg = z.infer<typeof ZOrgSchema>;

/** Derived: a free duration of 15 years or more counts as perpetual. */
export function hasPerpetualFreeDuration(freeDuration: { years: number } | null | undefined): boolean {
  return !!freeDuration && freeDuration.years >= PERPETUAL_YEARS;
}

/** True when the organisation's access expires within the warning window (45 days). */
export function orgExpiryWarning(orgExpirationDate: string | null, now: Date, windowDays: number): boolean {
  if (!orgExpirationDate) return false;
  const ms = new Date(orgExpirationDate).getTime() - now.getTime();
  return ms <= windowDays * 86_400_000;
}

/** An expiry 15 or more years away is not shown (treated as perpetual). */
export function isPerpetualExpiry(expires: string | null, now: Date): boolean {
  if (!expires) return true;
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + PERPETUAL_YEARS);
  return new Date(expires).getTime() >= limit.getTime();
}
