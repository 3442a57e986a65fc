import {
  ERROR_CODES,
  MSG,
  sortPlans,
  type TSubscriptionPage,
  type TUpdateSubscriptionBody,
  type TUpdateSubscriptionResponse,
} from '@rostrum/contract';
import type { TAuth } from '../../auth/auth-context.js';
import type { TDb } from '../../db/client.js';
import type { TDeps } from '../../deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import { membershipAccess, membershipIsPerpetual } from '../memberships/membership-access.js';
import {
  findMembership,
  findOrgGroup,
  grantPaidSpeakerAccess,
  listUserGroups,
  lockMembership,
  type TGroupRow,
  type TMembershipRow,
} from '../memberships/memberships.repository.js';
import { takeSpeakerSeat } from '../memberships/speaker-seats.js';
import { findOrganisation } from '../org/org.repository.js';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import { insertLedgerEntry } from './ledger.repository.js';
import { PaymentFailedError } from './payment-provider.js';
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
  const [org, rows, plans] = await Promise.all([
    findOrganisation(deps.db, auth.orgId),
    listUserGroups(deps.db, auth.userId),
    offeredPlans(deps.db, auth.orgId),
  ]);
  if (!org) throw notFound();
  const now = new Date();
  const subscriptions = rows.map(({ group, membership: m }) => ({
    groupId: group.id,
    groupName: group.name,
    status: membershipAccess(m, group, org.settings, now)!.status,
    expires: m.expiresAt ? m.expiresAt.toISOString() : null,
    perpetual: membershipIsPerpetual(m, now),
    action: subscriptionAction(m, group, org.settings, now),
  }));
  return { plans, cardPayments: !!deps.payments, canSubscribe: subscriptions.some((s) => s.action !== null), subscriptions };
}

const codeRefused = () => badRequest(MSG.subscriptionUpdateFailed, ERROR_CODES.subscriptionCodeInvalid);

/** What a successful payment or redemption records beside the access change. */
type TPaid = {
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
async function grantPaidAccess(
  deps: TDeps,
  auth: TAuth,
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
async function payableMembership(deps: TDeps, auth: TAuth, groupId: string): Promise<{ group: TGroupRow; m: TMembershipRow }> {
  const group = await findOrgGroup(deps.db, auth.orgId, groupId);
  const m = group ? await findMembership(deps.db, auth.userId, group.id) : null;
  if (!group || !m) throw notFound();
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!subscriptionAction(m, group, org?.settings ?? {})) {
    throw conflict(MSG.subscriptionNotRenewable, ERROR_CODES.subscriptionNotRenewable);
  }
  return { group, m };
}

export async function updateSubscription(
  deps: TDeps,
  auth: TAuth,
  groupId: string,
  body: TUpdateSubscriptionBody,
  ip: string,
): Promise<TUpdateSubscriptionResponse> {
  const { group } = await payableMembership(deps, auth, groupId);
  const plan = await findPlan(deps.db, auth.orgId, body.planId);
  if ('stripeToken' in body) {
    if (!deps.payments) throw badRequest(MSG.cardPaymentNotConfigured, ERROR_CODES.paymentNotConfigured);
    if (!plan || plan.archived) throw notFound(MSG.planNotFound, ERROR_CODES.planNotFound);
    return payByCard(deps, auth, group, plan, body.stripeToken);
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

async function payByCard(deps: TDeps, auth: TAuth, group: TGroupRow, plan: TPlanRow, paymentToken: string) {
  let payment: Awaited<ReturnType<NonNullable<TDeps['payments']>['confirmPayment']>>;
  try {
    payment = await deps.payments!.confirmPayment({
      paymentToken,
      plan: { ...presentPlan(plan), currency: plan.currency },
      userId: auth.userId,
      groupId: group.id,
    });
  } catch (err) {
    if (err instanceof PaymentFailedError) throw new HttpError(402, err.message, ERROR_CODES.paymentFailed);
    throw err;
  }
  try {
    return await grantPaidAccess(deps, auth, group, plan, async () => ({ kind: 'card', ...payment }));
  } catch (err) {
    // The ledger holds each PaymentIntent once: the same payment sent again grants nothing more.
    if (isUniqueViolation(err)) throw conflict(MSG.paymentAlreadyApplied, ERROR_CODES.paymentAlreadyApplied);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
