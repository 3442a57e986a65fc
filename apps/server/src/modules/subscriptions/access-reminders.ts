import { isMembershipActiveNow } from '../../auth/membership-active.js';
import type { TGroupRow, TMembershipRow } from '../memberships/index.js';
import { subscriptionAction } from './subscription-expiry.js';

// Access reminders (docs/decisions/payments.md, "Access reminders"): an email 7 days before a speaker's
// access to a group ends, for the memberships the subscription page offers Renew for.

/** How long before access ends the reminder goes. */
export const ACCESS_REMINDER_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

/** The end of the reminder window: memberships whose access ends by then are reminded. */
export function reminderWindowEnd(now: Date): Date {
  return new Date(now.getTime() + ACCESS_REMINDER_DAYS * DAY_MS);
}

type TOrgFacts = { freeDuration?: { years: number } | null };

/**
 * Whether a membership is due its reminder now: still active, its access ends within the window,
 * and the subscription page offers its owner Renew for it (the same rule: a speaker-only,
 * non-perpetual membership). Auto-renewing card plans and the user's switch are the caller's filters.
 */
export function dueAccessReminder(m: TMembershipRow, group: Pick<TGroupRow, 'settings'>, org: TOrgFacts, now = new Date()): boolean {
  if (!m.expiresAt || !isMembershipActiveNow(m, now) || m.expiresAt > reminderWindowEnd(now)) return false;
  return subscriptionAction(m, group, org, now) !== null;
}

/** Whether the settings page offers the access reminder switch: some membership has a Renew or Activate to offer. */
export function accessRemindersOffered(
  rows: ReadonlyArray<{ group: Pick<TGroupRow, 'settings'>; membership: TMembershipRow }>,
  org: TOrgFacts,
  now = new Date(),
): boolean {
  return rows.some((r) => subscriptionAction(r.membership, r.group, org, now) !== null);
}
