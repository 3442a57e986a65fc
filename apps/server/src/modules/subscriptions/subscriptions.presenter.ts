import type { TAdminPlan, TLedgerEntry, TPlan, TPrepaidCode } from '@rostrum/contract';
import type { TLedgerRow } from './ledger.repository.js';
import type { TPlanRow } from './plans.repository.js';
import { maskPrepaidCode } from './prepaid-codes.js';
import type { TPrepaidCodeRow } from './prepaid-codes.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A plan as offered (002 section 3): price in cents, duration in days. */
export function presentPlan(p: TPlanRow): TPlan {
  return { planId: p.id, name: p.name, price: p.priceCents, duration: p.durationDays, recurring: p.recurring };
}

export function presentAdminPlan(p: TPlanRow): TAdminPlan {
  return { ...presentPlan(p), currency: p.currency, archived: p.archived, createdDate: p.createdAt.toISOString() };
}

export function presentPrepaidCode(r: {
  code: TPrepaidCodeRow;
  planName: string;
  groupName: string | null;
  creator: { userId: string; name: string } | null;
  redeemer: { userId: string; name: string; email: string } | null;
}): TPrepaidCode {
  const c = r.code;
  const status = c.redeemedAt ? 'redeemed' : c.voidedAt ? 'voided' : 'unused';
  return {
    codeId: c.id,
    batchId: c.batchId,
    planId: c.planId,
    planName: r.planName,
    groupId: c.groupId,
    groupName: r.groupName,
    maskedCode: maskPrepaidCode(c.codeSuffix),
    status,
    createdDate: c.createdAt.toISOString(),
    createdBy: r.creator,
    redeemedDate: iso(c.redeemedAt),
    redeemedBy: r.redeemer,
    redeemedGroupId: c.redeemedGroupId,
    voidedDate: iso(c.voidedAt),
    abilities: { canVoid: status === 'unused' },
  };
}

export function presentLedgerEntry(r: {
  entry: TLedgerRow;
  user: { userId: string; name: string; email: string } | null;
  groupName: string | null;
  planName: string | null;
}): TLedgerEntry {
  const e = r.entry;
  return {
    transactionId: e.id,
    kind: e.kind,
    user: r.user,
    groupId: e.groupId,
    groupName: r.groupName,
    planId: e.planId,
    planName: r.planName,
    amount: e.amountCents,
    currency: e.currency,
    providerTransactionId: e.providerTransactionId,
    paymentIntentId: e.paymentIntentId,
    codeId: e.codeId,
    expiresBefore: iso(e.expiresBefore),
    expiresAfter: e.expiresAfter.toISOString(),
    createdDate: e.createdAt.toISOString(),
  };
}
