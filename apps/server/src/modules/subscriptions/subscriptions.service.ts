import {
  ERROR_CODES,
  MSG,
  sortPlans,
  type TCardPaymentStart,
  type TStartCardPaymentBody,
  type TSubscriptionPage,
  type TUpdateSubscriptionBody,
  type TUpdateSubscriptionResponse,
} from '@rostrum/contract';
import type { TAuth } from '../../auth/auth-context.js';
import type { TDb } from '../../db/client.js';
import type { TDeps } from '../../deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../errors.js';
import {
  assertSpeakerSeatAvailable,
  findMembership,
  findOrgGroup,
  grantPaidSpeakerAccess,
  listUserGroups,
  lockMembership,
  membershipAccess,
  membershipIsPerpetual,
  takeSpeakerSeat,
  type TGroupRow,
  type TMembershipRow,
} from '../memberships/index.js';
import { findUserById } from '../auth/index.js';
import { findOrganisation, type TOrgRow } from '../org/index.js';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import { findLedgerEntryByPaymentIntent, insertLedgerEntry } from './ledger.repository.js';
import { insertCardSubscription, listUserCardSubscriptions } from './card-subscriptions.repository.js';
import {
  CARD_MIN_CENTS,
  PaymentFailedError,
  PaymentMismatchError,
  PaymentUnavailableError,
  RECURRING_MAX_DAYS,
  type TConfirmedPayment,
  type TPaymentProvider,
} from '../../payments/payment-provider.js';
import { cardPaymentsFor, requireCardPayments } from './card-payment-rule.js';
import { reservePrepaidCodeAttempt } from './prepaid-code-limits.js';
import { normalisePrepaidCode, prepaidCodeHash } from './prepaid-codes.js';
import { claimPrepaidCode } from './prepaid-codes.repository.js';
import { findPlan, listPlans, type TPlanRow } from './plans.repository.js';
import { presentPlan } from './subscriptions.presenter.js';
import { subscriptionAction, subscriptionExpiry } from './subscription-expiry.js';

// The subscription page (002 section 2.10) and "update subscription for a group" (section 7):
// a prepaid code or a card payment buys a plan's days of access to one group. The access change
// and its ledger row are written in one transaction.

/** The offered plans of the caller's organisation (price descending), for GET org and this page. */
export async function offeredPlans(db: TDb, orgId: string) {
  return sortPlans((await listPlans(db, orgId, { includeArchived: false })).map(presentPlan));
}

export async function getSubscriptionPage(deps: TDeps, auth: TAuth): Promise<TSubscriptionPage> {
  const [org, rows, plans, cardSubs] = await Promise.all([
    findOrganisation(deps.db, auth.orgId),
    listUserGroups(deps.db, auth.userId),
    offeredPlans(deps.db, auth.orgId),
    listUserCardSubscriptions(deps.db, auth.userId),
  ]);
  const renewing = new Set(cardSubs.filter((c) => !c.endedAt).map((c) => c.groupId));
  if (!org) throw notFound();
  const now = new Date();
  const subscriptions = rows.map(({ group, membership: m }) => ({
    groupId: group.id,
    groupName: group.name,
    status: membershipAccess(m, group, org.settings, now)!.status,
    expires: m.expiresAt ? m.expiresAt.toISOString() : null,
    perpetual: membershipIsPerpetual(m, now),
    action: subscriptionAction(m, group, org.settings, now),
    autoRenew: renewing.has(group.id),
  }));
  return {
    plans,
    cardPayments: cardPaymentsFor(deps.payments, org.settings) === 'available',
    couponOnly: !!org.settings.couponOnly,
    canSubscribe: subscriptions.some((s) => s.action !== null),
    subscriptions,
  };
}

const codeRefused = () => badRequest(MSG.subscriptionUpdateFailed, ERROR_CODES.subscriptionCodeInvalid);

/** What a successful payment or redemption records beside the access change. */
export type TPaid = {
  kind: 'card' | 'prepaid';
  amountCents: number;
  currency: string;
  codeId?: string;
  providerTransactionId?: string | null;
  paymentIntentId?: string;
};

/**
 * Buys the plan's days for the caller's membership of the group (renew or activate): takes a
 * speaker seat, runs `pay` (claiming the prepaid code), moves the expiry by the one rule and
 * writes the ledger row, all in one transaction: any failure leaves code, access and ledger as they were.
 */
export async function grantPaidAccess(
  deps: TDeps,
  auth: Pick<TAuth, 'orgId' | 'userId'>,
  group: TGroupRow,
  plan: TPlanRow,
  pay: (tx: TDb, now: Date) => Promise<TPaid>,
): Promise<TUpdateSubscriptionResponse> {
  return deps.db.transaction(async (tx) => {
    await takeSpeakerSeat(tx, auth.orgId, auth.userId, MSG.seatLimit);
    const now = new Date();
    const paid = await pay(tx, now);
    const m = await lockMembership(tx, auth.userId, group.id);
    if (!m) throw notFound();
    const expiresAt = subscriptionExpiry(m, plan.durationDays, now);
    await grantPaidSpeakerAccess(tx, m, { expiresAt, startNewPeriod: !isMembershipActiveNow(m, now), now });
    const entry = await insertLedgerEntry(tx, {
      orgId: auth.orgId,
      userId: auth.userId,
      groupId: group.id,
      planId: plan.id,
      kind: paid.kind,
      amountCents: paid.amountCents,
      currency: paid.currency,
      codeId: paid.codeId ?? null,
      providerTransactionId: paid.providerTransactionId ?? null,
      paymentIntentId: paid.paymentIntentId ?? null,
      expiresBefore: m.expiresAt,
      expiresAfter: expiresAt,
    });
    return { expires: expiresAt.toISOString(), transactionId: entry.id };
  });
}

/** The caller's membership of the group, which must be one the page offers Renew or Activate for. */
async function payableMembership(
  deps: TDeps,
  auth: TAuth,
  groupId: string,
): Promise<{ group: TGroupRow; m: TMembershipRow; org: TOrgRow }> {
  const group = await findOrgGroup(deps.db, auth.orgId, groupId);
  const m = group ? await findMembership(deps.db, auth.userId, group.id) : null;
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!group || !m || !org) throw notFound();
  if (!subscriptionAction(m, group, org.settings)) {
    throw conflict(MSG.subscriptionNotRenewable, ERROR_CODES.subscriptionNotRenewable);
  }
  return { group, m, org };
}

export async function updateSubscription(
  deps: TDeps,
  auth: TAuth,
  groupId: string,
  body: TUpdateSubscriptionBody,
  ip: string,
): Promise<TUpdateSubscriptionResponse> {
  const { group, org } = await payableMembership(deps, auth, groupId);
  const plan = await findPlan(deps.db, auth.orgId, body.planId);
  if ('stripeToken' in body) {
    const payments = requireCardPayments(deps, org.settings);
    if (!plan || plan.archived) throw notFound(MSG.planNotFound, ERROR_CODES.planNotFound);
    return payByCard(deps, payments, auth, group, plan, body.stripeToken);
  }
  // A code is for one plan; an archived plan's codes, already handed out, still redeem.
  if (!plan) throw notFound(MSG.planNotFound, ERROR_CODES.planNotFound);
  const attempt = await reservePrepaidCodeAttempt(deps.db, auth.userId, ip);
  const normalised = normalisePrepaidCode(body.accessCode);
  if (!normalised) throw codeRefused();
  const result = await grantPaidAccess(deps, auth, group, plan, async (tx, now) => {
    const code = await claimPrepaidCode(tx, {
      codeHash: prepaidCodeHash(normalised),
      orgId: auth.orgId,
      planId: plan.id,
      groupId: group.id,
      userId: auth.userId,
      now,
    });
    if (!code) throw codeRefused();
    return { kind: 'prepaid', amountCents: plan.priceCents, currency: plan.currency, codeId: code.id };
  });
  await attempt.valid();
  return result;
}

/**
 * Starts a card payment for a plan and group (the Payment Element then takes the card): refused
 * before anything is charged when the membership cannot be paid for or no seat is free.
 */
export async function startCardPayment(deps: TDeps, auth: TAuth, groupId: string, body: TStartCardPaymentBody): Promise<TCardPaymentStart> {
  const { group, org } = await payableMembership(deps, auth, groupId);
  const payments = requireCardPayments(deps, org.settings);
  const plan = await findPlan(deps.db, auth.orgId, body.planId);
  if (!plan || plan.archived) throw notFound(MSG.planNotFound, ERROR_CODES.planNotFound);
  if (plan.priceCents < CARD_MIN_CENTS || (plan.recurring && plan.durationDays > RECURRING_MAX_DAYS)) {
    throw badRequest(MSG.cardPlanNotPayable, ERROR_CODES.paymentInvalid);
  }
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  await assertSpeakerSeatAvailable(deps.db, org, auth.userId, MSG.seatLimit);
  const started = await withPaymentErrors(() =>
    payments.startPayment({
      plan: { ...presentPlan(plan), currency: plan.currency },
      purpose: { orgId: auth.orgId, userId: auth.userId, groupId: group.id, planId: plan.id },
      email: user.email,
    }),
  );
  if (started.subscription) {
    await insertCardSubscription(deps.db, {
      id: started.subscription.id,
      customerId: started.subscription.customerId,
      provider: payments.name,
      orgId: auth.orgId,
      userId: auth.userId,
      groupId: group.id,
      planId: plan.id,
    });
  }
  return {
    clientSecret: started.clientSecret,
    publishableKey: started.publishableKey,
    paymentIntentId: started.paymentIntentId,
    recurring: !!started.subscription,
  };
}

/** The provider's refusals as HTTP answers: 402 for the card, 400 for another payment, 503 when unreachable. */
export async function withPaymentErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentFailedError) throw new HttpError(402, err.message, ERROR_CODES.paymentFailed);
    if (err instanceof PaymentMismatchError) throw badRequest(MSG.paymentInvalid, ERROR_CODES.paymentInvalid);
    if (err instanceof PaymentUnavailableError) throw new HttpError(503, MSG.paymentServiceUnavailable);
    throw err;
  }
}

/**
 * The update call with a card: the provider confirms the PaymentIntent is this caller's, for
 * this group and plan, and succeeded. A PaymentIntent already applied (by this call or by the
 * webhook, whichever came first) answers what it granted then and changes nothing.
 */
async function payByCard(deps: TDeps, payments: TPaymentProvider, auth: TAuth, group: TGroupRow, plan: TPlanRow, paymentToken: string) {
  const payment: TConfirmedPayment = await withPaymentErrors(() =>
    payments.confirmPayment({
      paymentToken,
      plan: { ...presentPlan(plan), currency: plan.currency },
      purpose: { orgId: auth.orgId, userId: auth.userId, groupId: group.id, planId: plan.id },
    }),
  );
  const applied = () => alreadyApplied(deps, auth, group, payment.paymentIntentId);
  const before = await applied();
  if (before) return before;
  try {
    return await grantPaidAccess(deps, auth, group, plan, async () => ({ kind: 'card', ...payment }));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const after = await applied();
    if (after) return after;
    throw conflict(MSG.paymentAlreadyApplied, ERROR_CODES.paymentAlreadyApplied);
  }
}

async function alreadyApplied(deps: TDeps, auth: TAuth, group: TGroupRow, paymentIntentId: string) {
  const row = await findLedgerEntryByPaymentIntent(deps.db, paymentIntentId);
  if (!row) return null;
  if (row.userId !== auth.userId || row.groupId !== group.id) {
    throw conflict(MSG.paymentAlreadyApplied, ERROR_CODES.paymentAlreadyApplied);
  }
  return { expires: row.expiresAfter.toISOString(), transactionId: row.id };
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
