import { z } from 'zod';
import {
  formatPlanPrice,
  PLAN_LIMITS,
  PREPAID_BATCH_MAX,
  type TAdminPlan,
  type TCreatePlanBody,
  type TPrepaidCode,
} from '@rostrum/contract';

// The admin area's paid-access forms (issue 17): the contract's plan and batch limits, with
// messages a person can act on. The price is typed in dollars and sent in cents.

const MAX_DOLLARS = formatPlanPrice(PLAN_LIMITS.priceCentsMax);

export const PLAN_FORM_MSG = {
  nameRequired: 'Enter a plan name.',
  nameTooLong: `A plan name is at most ${PLAN_LIMITS.nameMax} characters.`,
  price: 'Enter a price in dollars, like 12.00 (0 for a free plan).',
  priceTooHigh: `The price is at most ${MAX_DOLLARS}.`,
  duration: `Enter the duration as a whole number of days, from 1 to ${PLAN_LIMITS.durationDaysMax}.`,
  count: `Enter how many codes to generate, from 1 to ${PREPAID_BATCH_MAX}.`,
  plan: 'Choose the plan the codes pay for.',
} as const;

/** "12", "12.5", "12.50", "$1,200.00" -> cents; null when it is not an amount of dollars. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as the price field's text: 9900 -> "99.00". */
export const centsToDollarsText = (cents: number) => (cents / 100).toFixed(2);

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The plan form: text fields in, the create/update body out. */
export const planFormSchema = z
  .object({
    name: z.string().trim().min(1, PLAN_FORM_MSG.nameRequired).max(PLAN_LIMITS.nameMax, PLAN_FORM_MSG.nameTooLong),
    price: z.string().transform((v, ctx) => {
      const cents = dollarsToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: PLAN_FORM_MSG.price });
        return z.NEVER;
      }
      if (cents > PLAN_LIMITS.priceCentsMax) {
        ctx.addIssue({ code: 'custom', message: PLAN_FORM_MSG.priceTooHigh });
        return z.NEVER;
      }
      return cents;
    }),
    duration: z
      .string()
      .transform(wholeNumber)
      .pipe(
        z
          .number({ error: PLAN_FORM_MSG.duration })
          .int(PLAN_FORM_MSG.duration)
          .min(1, PLAN_FORM_MSG.duration)
          .max(PLAN_LIMITS.durationDaysMax, PLAN_FORM_MSG.duration),
      ),
    recurring: z.boolean(),
  })
  .transform((v): TCreatePlanBody => v);
export type TPlanFormValues = z.input<typeof planFormSchema>;

export function planFormDefaults(plan: TAdminPlan | null): TPlanFormValues {
  return plan
    ? { name: plan.name, price: centsToDollarsText(plan.price), duration: String(plan.duration), recurring: plan.recurring }
    : { name: '', price: '', duration: '', recurring: false };
}

/** The generate form: a plan, an optional group ('' = any group), a count. */
export const generateFormSchema = z.object({
  planId: z.string().min(1, PLAN_FORM_MSG.plan),
  groupId: z.string(),
  count: z
    .string()
    .transform(wholeNumber)
    .pipe(
      z
        .number({ error: PLAN_FORM_MSG.count })
        .int(PLAN_FORM_MSG.count)
        .min(1, PLAN_FORM_MSG.count)
        .max(PREPAID_BATCH_MAX, PLAN_FORM_MSG.count),
    ),
});
export type TGenerateFormValues = z.input<typeof generateFormSchema>;

/** "365 days", "1 day". */
export const durationText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** A plan in a list or a select: "Annual ($99.00, 365 days)". */
export const planLabel = (p: { name: string; price: number; duration: number }) =>
  `${p.name} (${formatPlanPrice(p.price)}, ${durationText(p.duration)})`;

/** Money of the ledger: dollars with 2 decimals; another currency is named after the amount. */
export const formatMoney = (cents: number, currency: string) =>
  `${formatPlanPrice(cents)}${currency.toLowerCase() === 'usd' ? '' : ` ${currency.toUpperCase()}`}`;

export type TCodeFilter = 'all' | TPrepaidCode['status'];
export const CODE_FILTERS: readonly TCodeFilter[] = ['all', 'unused', 'redeemed', 'voided'];
export const CODE_STATUS_LABELS: Record<TPrepaidCode['status'], string> = { unused: 'Unused', redeemed: 'Redeemed', voided: 'Voided' };

/** The file name of a batch's CSV: prepaid-codes-annual-2026-11-24.csv. */
export function batchFileName(planName: string, now = new Date()): string {
  const slug =
    planName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'plan';
  return `prepaid-codes-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
