import { DEFAULT_DUE_TIME, DUE_MSG, isPastDue, zonedFields, zonedInstant } from '@rostrum/contract';

// Step 1's "Due date" and "Due time" fields (issue 41 item 8): a date and a time on the
// organisation's wall clock, saved as one instant (dueAt). Pure, so the rules are tested alone.

export interface TDueFields {
  /** "2026-12-05", or '' for no due date. */
  dueDate: string;
  /** "23:59"; the end of the day unless the coach picks another time. */
  dueTime: string;
}

/** The fields of a saved due date (or of none) in the organisation's time zone. */
export function dueFieldsOf(dueAt: string | null, timeZone: string): TDueFields {
  if (!dueAt) return { dueDate: '', dueTime: DEFAULT_DUE_TIME };
  const { date, time } = zonedFields(dueAt, timeZone);
  return { dueDate: date, dueTime: time };
}

/** The instant the fields name (ISO), null without a date, undefined when they name none (malformed). */
export function dueAtOfFields(f: TDueFields, timeZone: string): string | null | undefined {
  if (!f.dueDate) return null;
  return zonedInstant(f.dueDate, f.dueTime || DEFAULT_DUE_TIME, timeZone)?.toISOString();
}

/**
 * What is wrong with the fields, or null: a malformed date or time, or a due date that is not
 * ahead. The saved one may stay as it is once past (an overdue assignment is still edited), as
 * the server allows.
 */
export function dueFieldsProblem(f: TDueFields, timeZone: string, saved: string | null, now: Date = new Date()): string | null {
  const dueAt = dueAtOfFields(f, timeZone);
  if (dueAt === undefined) return DUE_MSG.invalid;
  if (dueAt === null || (saved !== null && Date.parse(saved) === Date.parse(dueAt))) return null;
  return isPastDue(dueAt, now) ? DUE_MSG.past : null;
}
