import { addDays } from 'date-fns';
import { z } from 'zod';
import { ZIdSchema } from './api.js';

// Paid access (002 sections 2.10, 3, 7, 8, 9): an organisation's plans, prepaid codes, the
// ledger of payments and redemptions, and the subscription page's data.

/** Plan limits: a price up to $100,000 and a duration up to 15 years (longer reads as perpetual). */
export const PLAN_LIMITS = { nameMax: 100, priceCentsMax: 10_000_000, durationDaysMax: 5479 } as const;
/** Codes per generated batch. */
export const PREPAID_BATCH_MAX = 1000;

/**
 * A plan as the web shows it (002 section 3): price in cents (shown as dollars with 2 decimals),
 * duration in days (expiry is now plus that many days, or the current expiry plus them on a renewal).
 */
export const ZPlanSchema = z.object({
  planId: z.string(),
  name: z.string(),
  price: z.number().int(),
  duration: z.number().int(),
  recurring: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlanSchema>;

/** A plan in the admin area: also archived ones (no longer offered) and the currency. */
export const ZAdminPlanSchema = ZPlanSchema.extend({
  currency: z.string(),
  archived: z.boolean(),
  createdDate: z.iso.datetime(),
});
export type TAdminPlan = z.infer<typeof ZAdminPlanSchema>;

const ZPlanName = z.string().trim().min(1).max(PLAN_LIMITS.nameMax);
const ZPriceCents = z.number().int().min(0).max(PLAN_LIMITS.priceCentsMax);
const ZDurationDays = z.number().int().min(1).max(PLAN_LIMITS.durationDaysMax);

export const ZCreatePlanBodySchema = z
  .object({ name: ZPlanName, price: ZPriceCents, duration: ZDurationDays, recurring: z.boolean().default(false) })
  .strict();
export type TCreatePlanBody = z.infer<typeof ZCreatePlanBodySchema>;

/** Any subset; archived true stops offering the plan (its codes still redeem), false offers it again. */
export const ZUpdatePlanBodySchema = z
  .object({ name: ZPlanName, price: ZPriceCents, duration: ZDurationDays, recurring: z.boolean(), archived: z.boolean() })
  .partial()
  .strict();
export type TUpdatePlanBody = z.infer<typeof ZUpdatePlanBodySchema>;

export const ZPlanIdParamsSchema = z.object({ planId: ZIdSchema });

export const ZGeneratePrepaidCodesBodySchema = z
  .object({
    count: z.number().int().min(1).max(PREPAID_BATCH_MAX),
    /** Codes only for this group; absent: any group of the organisation. */
    groupId: ZIdSchema.optional(),
  })
  .strict();
export type TGeneratePrepaidCodesBody = z.infer<typeof ZGeneratePrepaidCodesBodySchema>;

/**
 * A generated batch: the plain codes, shown this once (only their hashes are stored), and the same
 * as CSV text for the download (code, plan, price, duration days, group, batch id).
 */
export const ZPrepaidBatchSchema = z.object({
  batchId: z.string(),
  planId: z.string(),
  codes: z.array(z.string()),
  csv: z.string(),
});
export type TPrepaidBatch = z.infer<typeof ZPrepaidBatchSchema>;

export const ZPrepaidCodeStatusSchema = z.enum(['unused', 'redeemed', 'voided']);

/** A code in the admin list, masked to its last 4 characters. */
export const ZPrepaidCodeSchema = z.object({
  codeId: z.string(),
  batchId: z.string(),
  planId: z.string(),
  planName: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  maskedCode: z.string(),
  status: ZPrepaidCodeStatusSchema,
  createdDate: z.iso.datetime(),
  createdBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  redeemedDate: z.iso.datetime().nullable(),
  redeemedBy: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  redeemedGroupId: z.string().nullable(),
  voidedDate: z.iso.datetime().nullable(),
  /** Void is offered for unused codes only. */
  abilities: z.object({ canVoid: z.boolean() }),
});
export type TPrepaidCode = z.infer<typeof ZPrepaidCodeSchema>;

export const ZPrepaidCodeIdParamsSchema = z.object({ codeId: ZIdSchema });

export const ZLedgerKindSchema = z.enum(['card', 'prepaid']);

/** One payment or redemption (the admin area's ledger). */
export const ZLedgerEntrySchema = z.object({
  transactionId: z.string(),
  kind: ZLedgerKindSchema,
  user: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  providerTransactionId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  codeId: z.string().nullable(),
  expiresBefore: z.iso.datetime().nullable(),
  expiresAfter: z.iso.datetime(),
  createdDate: z.iso.datetime(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntrySchema>;

/** Newest first; `before` pages on (the createdDate of the last row seen). */
export const ZLedgerQuerySchema = z
  .object({ before: z.iso.datetime().optional(), limit: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();

/**
 * 002 section 7, "update subscription for a group": planId plus either accessCode (a prepaid
 * code, trimmed, required) or stripeToken (a card payment).
 */
export const ZUpdateSubscriptionBodySchema = z.union([
  z.object({ planId: ZIdSchema, accessCode: z.string().trim().min(1).max(100) }).strict(),
  z.object({ planId: ZIdSchema, stripeToken: z.string().trim().min(1).max(255) }).strict(),
]);
export type TUpdateSubscriptionBody = z.infer<typeof ZUpdateSubscriptionBodySchema>;

/**
 * The organisation's payment methods in the admin area: couponOnly (prepaid codes only) is the
 * admin's choice; cardPaymentsConfigured says whether this server can take cards at all.
 */
export const ZBillingSettingsSchema = z.object({ couponOnly: z.boolean(), cardPaymentsConfigured: z.boolean() });
export type TBillingSettings = z.infer<typeof ZBillingSettingsSchema>;

export const ZUpdateBillingSettingsBodySchema = z.object({ couponOnly: z.boolean() }).strict();
export type TUpdateBillingSettingsBody = z.infer<typeof ZUpdateBillingSettingsBodySchema>;

/** Start a card payment for a plan and group: the server prices it from the plan. */
export const ZStartCardPaymentBodySchema = z.object({ planId: ZIdSchema }).strict();
export type TStartCardPaymentBody = z.infer<typeof ZStartCardPaymentBodySchema>;

/**
 * What Stripe.js needs for the Payment Element: the PaymentIntent's client secret and the
 * publishable key. After stripe.confirmPayment succeeds, the web sends paymentIntentId as the
 * update call's stripeToken. A recurring plan starts a Stripe subscription; this is its first payment.
 */
export const ZCardPaymentStartSchema = z.object({
  clientSecret: z.string(),
  publishableKey: z.string(),
  paymentIntentId: z.string(),
  recurring: z.boolean(),
});
export type TCardPaymentStart = z.infer<typeof ZCardPaymentStartSchema>;

export const ZUpdateSubscriptionResponseSchema = z.object({ expires: z.iso.datetime(), transactionId: z.string() });
export type TUpdateSubscriptionResponse = z.infer<typeof ZUpdateSubscriptionResponseSchema>;

/**
 * One of the caller's memberships on the subscription page: its access status (active, not
 * active yet, expired), expiry, and which action applies: renew (active or expired) or activate
 * (not active yet); null when none does (coach memberships, perpetual access: 002 section 5).
 */
export const ZSubscriptionEntrySchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  status: z.enum(['active', 'not-active-yet', 'expired', 'inactive']),
  expires: z.iso.datetime().nullable(),
  perpetual: z.boolean(),
  action: z.enum(['renew', 'activate']).nullable(),
  /** A recurring card subscription renews this membership (until its owner turns auto-renew off). */
  autoRenew: z.boolean(),
});
export type TSubscriptionEntry = z.infer<typeof ZSubscriptionEntrySchema>;

export const ZSubscriptionPageSchema = z.object({
  /** Plans offered, by price descending (002 section 9). */
  plans: z.array(ZPlanSchema),
  /**
   * Card payment is possible for this organisation: set up on this server and the organisation is
   * not coupon-only. Without it the card tab says card payment is not configured (002 section 8).
   */
  cardPayments: z.boolean(),
  /** The organisation takes prepaid codes only: the page shows only the Use Prepaid Card tab (002 section 2.10). */
  couponOnly: z.boolean(),
  /** Admins and coaches without a membership to pay for see the explanatory text instead. */
  canSubscribe: z.boolean(),
  subscriptions: z.array(ZSubscriptionEntrySchema),
});
export type TSubscriptionPage = z.infer<typeof ZSubscriptionPageSchema>;

/**
 * Turning auto-renew off: no further charge; access runs until `expires` (the current expiry,
 * unchanged) and nothing is refunded.
 */
export const ZEndAutoRenewResponseSchema = z.object({ autoRenew: z.literal(false), expires: z.iso.datetime().nullable() });
export type TEndAutoRenewResponse = z.infer<typeof ZEndAutoRenewResponseSchema>;

/** Price in cents as dollars with 2 decimals (002 section 9) and thousands separators: "$1,200.00". */
export function formatPlanPrice(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Plans in the order the spec lists them: price descending, then name. */
export function sortPlans<T extends { price: number; name: string }>(plans: T[]): T[] {
  return [...plans].sort((a, b) => b.price - a.price || a.name.localeCompare(b.name));
}

/**
 * The expiry rule of paid access (docs/decisions/payments.md, "Paid access"), the one copy the server and the
 * subscription page's Expiration Date column share: paying for a plan of `durationDays` gives access
 * until now + that many days, or, while the membership is still active (`activeUntil`: its current
 * expiry), that expiry + that many days, so renewing early loses no paid day.
 */
export function planExpiry(activeUntil: Date | string | null, durationDays: number, now: Date = new Date()): Date {
  return addDays(activeUntil ? new Date(activeUntil) : now, durationDays);
}
