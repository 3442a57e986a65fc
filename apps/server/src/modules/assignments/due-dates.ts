import { DUE_MSG, ERROR_CODES, isPastDue } from '@rostrum/contract';
import { badRequest } from '../../errors.js';

// Due dates as a save stores them (issue 41 item 8; docs/decisions/assignments.md "Due dates").
// Who may set one is who may edit the description (assertCanEdit): the group's coaches and org
// admins for an assigned assignment, the owner for a template.

/**
 * The due date a save stores: undefined leaves it as it is, null clears it. A new date must lie
 * ahead (400 assignment.due_past); the stored one sent back unchanged stays even once it has
 * passed, so an overdue assignment's other fields can still be edited.
 */
export function dueAtToStore(sent: string | null | undefined, stored: Date | null, now = new Date()): Date | null | undefined {
  if (sent === undefined || sent === null) return sent;
  const at = new Date(sent);
  if (stored && stored.getTime() === at.getTime()) return stored;
  if (isPastDue(at, now)) throw badRequest(DUE_MSG.past, ERROR_CODES.assignmentDuePast);
  return at;
}

/** A template's due date goes into the assignments made from it only while it lies ahead. */
export function dueAtOfCopy(templateDueAt: Date | null, now = new Date()): Date | null {
  return templateDueAt && !isPastDue(templateDueAt, now) ? templateDueAt : null;
}
