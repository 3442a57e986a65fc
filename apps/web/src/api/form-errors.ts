import type { TErrorCode } from '@rostrum/contract';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { type ApiError, isApiError } from './http-client';

/** The form-level slot for a failure that belongs to no one field (shown under the submit button). */
export const FORM_ERROR = 'root.server';

/** Which failures a rule takes: one status, one error code, or any 4xx ('client'). */
export type TServerErrorMatch = number | TErrorCode | 'client';

/** One rule of a form's server-error map: the failures it takes, the field it marks and the message. */
export interface TServerErrorRule<F extends FieldValues> {
  on: TServerErrorMatch;
  field: FieldPath<F> | typeof FORM_ERROR;
  /** Only a failure whose response carried the API's error body (else the next rule is tried). */
  withBody?: boolean;
  /** The message to show; the server's own message when left out. */
  message?: string | ((e: ApiError) => string);
}

function matches(e: ApiError, on: TServerErrorMatch): boolean {
  if (on === 'client') return e.status >= 400 && e.status < 500;
  return typeof on === 'number' ? e.status === on : e.code === on;
}

/** The first rule that takes an API failure, or null (offline, 5xx and unmapped failures). */
export function matchServerError<F extends FieldValues>(e: unknown, rules: ReadonlyArray<TServerErrorRule<F>>) {
  if (!isApiError(e)) return null;
  const rule = rules.find((r) => matches(e, r.on) && (!r.withBody || e.hasBody));
  if (!rule) return null;
  const message = typeof rule.message === 'function' ? rule.message(e) : (rule.message ?? e.message);
  return { field: rule.field, message };
}

/**
 * Shows a failed write on its form: the first matching rule marks its field (or the form) with
 * setError. Returns false when no rule takes the failure, so the caller (or the query client's
 * generic banner) handles it.
 */
export function setServerError<F extends FieldValues>(
  e: unknown,
  setError: UseFormSetError<F>,
  rules: ReadonlyArray<TServerErrorRule<F>>,
): boolean {
  const hit = matchServerError(e, rules);
  if (!hit) return false;
  setError(hit.field, { type: 'server', message: hit.message });
  return true;
}
