import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  ERROR_CODES,
  MSG,
  type TAdminPlan,
  type TBillingSettings,
  type TCreatePlanBody,
  type TGeneratePrepaidCodesBody,
  type TLedgerEntry,
  type TPrepaidBatch,
  type TPrepaidCode,
  type TUpdateBillingSettingsBody,
  type TUpdatePlanBody,
} from '@rostrum/contract';
import type { TAuth } from '../../auth/auth-context.js';
import { assertOrgAdmin } from '../../auth/policies.js';
import type { TDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { findOrgGroup } from '../memberships/index.js';
import { findOrganisation, mergeOrgSettings, type TOrgRow } from '../org/index.js';
import { listLedger } from './ledger.repository.js';
import { findPlan, insertPlan, listPlans, updatePlan } from './plans.repository.js';
import { newPrepaidCode, normalisePrepaidCode, prepaidCodeHash, prepaidCodeSuffix } from './prepaid-codes.js';
import { insertPrepaidCodes, listPrepaidCodes, voidPrepaidCode } from './prepaid-codes.repository.js';
import { presentAdminPlan, presentLedgerEntry, presentPrepaidCode } from './subscriptions.presenter.js';

// The admin area's paid access (issue 17): plans, prepaid code batches and the ledger of the
// caller's organisation. Org admins only; another organisation's plan or code is not found.

/** The codes list shows this many, newest first. */
export const PREPAID_CODES_LIST_MAX = 5000;

const planNotFound = () => notFound(MSG.planNotFound, ERROR_CODES.planNotFound);

export async function adminListPlans(deps: TDeps, auth: TAuth): Promise<TAdminPlan[]> {
  assertOrgAdmin(auth);
  return (await listPlans(deps.db, auth.orgId, { includeArchived: true })).map(presentAdminPlan);
}

export async function adminCreatePlan(deps: TDeps, auth: TAuth, body: TCreatePlanBody): Promise<TAdminPlan> {
  assertOrgAdmin(auth);
  const p = await insertPlan(deps.db, {
    orgId: auth.orgId,
    name: body.name,
    priceCents: body.price,
    durationDays: body.duration,
    recurring: body.recurring,
  });
  return presentAdminPlan(p);
}

export async function adminUpdatePlan(deps: TDeps, auth: TAuth, planId: string, body: TUpdatePlanBody): Promise<TAdminPlan> {
  assertOrgAdmin(auth);
  const p = await updatePlan(deps.db, auth.orgId, planId, {
    name: body.name,
    priceCents: body.price,
    durationDays: body.duration,
    recurring: body.recurring,
    archived: body.archived,
  });
  if (!p) throw planNotFound();
  return presentAdminPlan(p);
}

/**
 * A batch of single-use codes for an offered plan (and optionally one group). The plain codes
 * are in this answer only, also as CSV for the download: the database keeps their hashes.
 */
export async function generatePrepaidCodes(
  deps: TDeps,
  auth: TAuth,
  planId: string,
  body: TGeneratePrepaidCodesBody,
): Promise<TPrepaidBatch> {
  assertOrgAdmin(auth);
  const plan = await findPlan(deps.db, auth.orgId, planId);
  if (!plan || plan.archived) throw planNotFound();
  const group = body.groupId ? await findOrgGroup(deps.db, auth.orgId, body.groupId) : null;
  if (body.groupId && !group) throw notFound();
  const batchId = randomUUID();
  const codes = Array.from({ length: body.count }, newPrepaidCode);
  await insertPrepaidCodes(
    deps.db,
    codes.map((code) => {
      const normalised = normalisePrepaidCode(code)!;
      return {
        batchId,
        orgId: auth.orgId,
        planId: plan.id,
        groupId: group?.id ?? null,
        codeHash: prepaidCodeHash(normalised),
        codeSuffix: prepaidCodeSuffix(normalised),
        createdBy: auth.userId,
      };
    }),
  );
  const csv = stringify(
    codes.map((code) => [code, plan.name, (plan.priceCents / 100).toFixed(2), plan.durationDays, group?.name ?? '', batchId]),
    { header: true, columns: ['code', 'plan', 'price', 'durationDays', 'group', 'batchId'] },
  );
  return { batchId, planId: plan.id, codes, csv };
}

export async function adminListPrepaidCodes(deps: TDeps, auth: TAuth): Promise<TPrepaidCode[]> {
  assertOrgAdmin(auth);
  return (await listPrepaidCodes(deps.db, auth.orgId, PREPAID_CODES_LIST_MAX)).map(presentPrepaidCode);
}

/** Voids an unused code (voiding a voided one again changes nothing); a redeemed one is 409. */
export async function adminVoidPrepaidCode(deps: TDeps, auth: TAuth, codeId: string): Promise<{ voidedDate: string }> {
  assertOrgAdmin(auth);
  const code = await voidPrepaidCode(deps.db, auth.orgId, codeId, new Date());
  if (!code) throw notFound();
  if (!code.voidedAt) throw conflict(MSG.prepaidCodeRedeemed, ERROR_CODES.prepaidCodeRedeemed);
  return { voidedDate: code.voidedAt.toISOString() };
}

export async function adminListLedger(deps: TDeps, auth: TAuth, q: { before?: string; limit: number }): Promise<TLedgerEntry[]> {
  assertOrgAdmin(auth);
  const rows = await listLedger(deps.db, auth.orgId, { before: q.before ? new Date(q.before) : undefined, limit: q.limit });
  return rows.map(presentLedgerEntry);
}

const billingSettingsOf = (deps: TDeps, org: TOrgRow): TBillingSettings => ({
  couponOnly: !!org.settings.couponOnly,
  cardPaymentsConfigured: !!deps.payments,
});

/** The organisation's payment methods: coupon-only or not, and whether this server takes cards at all. */
export async function adminGetBillingSettings(deps: TDeps, auth: TAuth): Promise<TBillingSettings> {
  assertOrgAdmin(auth);
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  return billingSettingsOf(deps, org);
}

/** Coupon-only on or off; recurring card subscriptions already running keep renewing (money already agreed). */
export async function adminUpdateBillingSettings(deps: TDeps, auth: TAuth, body: TUpdateBillingSettingsBody): Promise<TBillingSettings> {
  assertOrgAdmin(auth);
  const org = await mergeOrgSettings(deps.db, auth.orgId, { couponOnly: body.couponOnly });
  if (!org) throw notFound();
  return billingSettingsOf(deps, org);
}
