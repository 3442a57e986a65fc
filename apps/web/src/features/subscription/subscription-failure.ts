import { MSG, paymentFailedMessage } from '@rostrum/contract';
import { errorMessage, isApiError } from '../../api/http-client';

/** The message of a failed subscription update (002 section 8): 400 and 402 have the spec's words. */
export function subscriptionFailureMessage(e: unknown): string {
  if (isApiError(e) && e.status === 400) return MSG.subscriptionUpdateFailed;
  if (isApiError(e) && e.status === 402) return paymentFailedMessage(e.message);
  return errorMessage(e, MSG.serverError);
}
