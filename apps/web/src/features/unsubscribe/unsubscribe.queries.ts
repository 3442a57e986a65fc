import { useMutation } from '@tanstack/react-query';
import { operations } from '../../api/operations.gen';

/** Turns off every email notification of the code's user (no sign-in, so no cache to update). */
export function useUnsubscribe(unsubscribeCode: string, on: { onSuccess: () => void; onError: () => void }) {
  return useMutation({
    mutationFn: () => operations.unsubscribe({ body: { unsubscribeCode } }),
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}
