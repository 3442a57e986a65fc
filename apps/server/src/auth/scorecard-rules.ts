import { and, eq, sql, type SQL } from 'drizzle-orm';
import { assignments, scorecards } from '../db/schema.js';
import type { TRecordingAccess } from './privacy-rules.js';

// Coach-only scorecards (001 section 6): the pure form and the SQL form of "in force" sit together
// and must say the same.

/** An assignment's scorecard applies unless the assignment's criteria turn scorecards off. */
export function scorecardApplies(criteria: { scorecard?: boolean | null }): boolean {
  return criteria.scorecard !== false;
}

/** A coach-only scorecard is in force: the assignment's scorecard applies and is marked coach-only. */
export function coachOnlyScorecardInForce(criteria: { scorecard?: boolean | null }, scorecard: { coachOnly: boolean } | null): boolean {
  return !!scorecard && scorecard.coachOnly && scorecardApplies(criteria);
}

/** The same rule as a SQL condition on scorecards joined to their assignments. */
export function coachOnlyScorecardInForceSql(): SQL {
  return and(eq(scorecards.coachOnly, true), sql`${assignments.criteria}->>'scorecard' is distinct from 'false'`)!;
}

/** Under a coach-only scorecard only coaches' score sets and the caller's own show; comments always do. */
export function scoreSetVisible(
  coachOnly: boolean,
  callerId: string,
  f: { kind: string; isManager: boolean; userId: string | null },
): boolean {
  return f.kind !== 'score' || !coachOnly || f.isManager || f.userId === callerId;
}

/** The scorecard's answers show to the owner and, under a coach-only scorecard, to coaches only. */
export function scorecardVisibleTo(access: TRecordingAccess, coachOnly: boolean, isCoach: boolean): boolean {
  return access === 'owner' || !coachOnly || isCoach;
}

/** Scoring with a coach-only scorecard: only the recording's coach (canScore still applies). */
export function scorecardAllowsScoring(coachOnly: boolean, isCoach: boolean): boolean {
  return !coachOnly || isCoach;
}

/**
 * The "All raters" column of the score averages (001 section 6): coach-only scorecards and
 * speaker privacy level 4 hide peer ratings, so only the coach column shows.
 */
export function allRatersVisible(coachOnly: boolean, speakerPrivacyLevel: number | null): boolean {
  return !coachOnly && speakerPrivacyLevel !== 4;
}
