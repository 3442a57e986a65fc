import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, MSG, needsSubscription } from '@rostrum/contract';
import type { TDb } from '../db/client.js';
import { memberships } from '../db/schema.js';
import { HttpError } from '../errors.js';
import type { TAuth } from './auth-context.js';
import { membershipActiveNowSql } from './membership-active.js';
import { holdsOrgManagerRole, isOrgAdmin } from './roles.js';

// The subscription rule of the contract (needsSubscription), for the calls that serve only the
// pages a user without an active subscription is sent away from (route option `subscription`).

async function hasActiveMembership(db: TDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), membershipActiveNowSql()))
    .limit(1);
  return !!row;
}

/** Whether the caller lacks an active subscription; the org-level roles are read first, sparing the query. */
export async function callerNeedsSubscription(db: TDb, auth: TAuth): Promise<boolean> {
  const org = { canAdministerOrg: isOrgAdmin(auth), canCreateGroups: holdsOrgManagerRole(auth) };
  if (!needsSubscription({ ...org, hasActiveGroups: false })) return false;
  // Authentication read it with the key; a caller built elsewhere has it read here.
  return needsSubscription({ ...org, hasActiveGroups: auth.hasActiveMembership ?? (await hasActiveMembership(db, auth.userId)) });
}

/** 402 subscription.required for a caller without an active subscription. */
export async function assertSubscribed(db: TDb, auth: TAuth): Promise<void> {
  if (await callerNeedsSubscription(db, auth)) throw new HttpError(402, MSG.subscriptionRequired, ERROR_CODES.subscriptionRequired);
}
