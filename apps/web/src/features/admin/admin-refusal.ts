import { type ApiError, isApiError } from '../../api/http-client';

/**
 * A refusal the admin pages explain themselves: an answer below 500 with a body. Server errors
 * and lost connections get the generic messages from the query client instead.
 */
export function isRefusal(e: unknown): e is ApiError {
  return isApiError(e) && e.hasBody && e.status < 500;
}
