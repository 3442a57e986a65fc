import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { MSG, type TSubscriptionEntry } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useEndAutoRenew } from './subscription.queries';

/** "until {date}", or the paid period when the membership has no expiry to name. */
const untilText = (expires: string | null) => (expires ? `until ${formatDate(expires)}` : 'until the end of the period you paid for');

/**
 * A membership renewed by a recurring card subscription (the server's `autoRenew`): says so and
 * offers to turn auto-renew off, after a confirmation. Access runs to the current expiry; nothing
 * is refunded. Renders nothing for other memberships.
 */
export function AutoRenewControl({ entry, groupName }: { entry: TSubscriptionEntry | undefined; groupName: string }) {
  const [confirming, setConfirming] = useState(false);
  const end = useEndAutoRenew({
    onSuccess: (res) => {
      setConfirming(false);
      notifications.success('Auto-renew is off', `Your access continues ${untilText(res.expires)}.`);
    },
    onError: (e) => {
      setConfirming(false);
      notifications.error('Auto-renew could not be turned off', errorMessage(e, MSG.serverError));
    },
  });
  if (!entry?.autoRenew) return null;

  return (
    <div className="auto-renew" data-testid="auto-renew">
      <span className="auto-renew__state">
        <RefreshCw size={14} aria-hidden />
        Renews automatically
      </span>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} aria-label={`Turn off auto-renew for ${groupName}`}>
        Turn off auto-renew
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Turn off auto-renew?"
        confirmLabel="Turn Off"
        cancelLabel="Keep It"
        busy={end.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => end.mutate(entry.groupId)}
      >
        <p className="dialog__text">
          Your card will not be charged again. Your access to {groupName} continues {untilText(entry.expires)}; nothing is refunded.
        </p>
      </ConfirmDialog>
    </div>
  );
}
