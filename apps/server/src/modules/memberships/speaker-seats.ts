import { ERROR_CODES } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { HttpError, notFound } from '../../errors.js';
import { lockOrganisation, type TOrgRow } from '../org/index.js';
import { speakerSeatUsage } from './memberships.repository.js';

// The seat limit (000 section 6): settings.seatLimit counts users with a membership active now
// as speaker; a user without one takes a seat when granted one, and is refused once they are all
// in use. Every path that grants a speaker membership goes through takeSpeakerSeat.

/** Whether the user (null: a new account) may get a speaker seat; an absent limit is unlimited. */
async function seatAvailable(db: TDb, org: TOrgRow, userId: string | null): Promise<boolean> {
  const limit = org.settings.seatLimit;
  if (limit === null || limit === undefined) return true;
  const usage = await speakerSeatUsage(db, org.id, userId);
  return usage.holdsSeat || usage.seats < limit;
}

/**
 * The speaker seats still free in the organisation (its limit less the seats in use), or null
 * when it has no limit. Seats are taken when a speaker membership becomes active (sign-up,
 * join, roles), not by pending invites; a step that sends many invites checks them first.
 */
export async function freeSpeakerSeats(db: TDb, org: TOrgRow): Promise<number | null> {
  const limit = org.settings.seatLimit;
  if (limit === null || limit === undefined) return null;
  const { seats } = await speakerSeatUsage(db, org.id, null);
  return Math.max(0, limit - seats);
}

/**
 * Takes a speaker seat for the user, or throws 402 with `refusal`. Call it inside the transaction
 * that creates or activates the speaker membership, before writing it: the organisation row stays
 * locked (SELECT ... FOR NO KEY UPDATE) until that transaction ends, so concurrent grants in one
 * organisation count each other's seats. Returns the locked organisation row.
 */
export async function takeSpeakerSeat(tx: TDb, orgId: string, userId: string | null, refusal: string): Promise<TOrgRow> {
  const org = await lockOrganisation(tx, orgId);
  if (!org) throw notFound();
  if (!(await seatAvailable(tx, org, userId))) throw new HttpError(402, refusal, ERROR_CODES.seatsLimitReached);
  return org;
}

/**
 * The same answer without taking the seat, for a step that only asks (the invite check before
 * sign-up); the sign-up itself takes the seat with takeSpeakerSeat.
 */
export async function assertSpeakerSeatAvailable(db: TDb, org: TOrgRow, userId: string | null, refusal: string): Promise<void> {
  if (!(await seatAvailable(db, org, userId))) throw new HttpError(402, refusal, ERROR_CODES.seatsLimitReached);
}
