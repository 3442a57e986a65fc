import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { MSG, type TMeResponse } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { sessionStore } from '../../app/session-store';
import { sharedTakeStore } from '../intake/take-store';

/**
 * /sign-out: revokes the key, clears the stored session and loaded data, and says so. A take the
 * user left unsaved on this device goes too: signing out on a shared computer (a school's lab)
 * leaves none of their voice behind for the next person.
 */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const started = useRef(false);
  // A failed revoke still signs out here: the stored session and loaded data go either way.
  const { mutate: signOut, isSuccess: done } = useMutation({
    mutationFn: async () => {
      const userId = queryClient.getQueryData<TMeResponse>(queryKeys.me)?.user.userId;
      if (userId) await sharedTakeStore().then((store) => store?.remove(userId).catch(() => undefined));
      if (sessionStore.get()) await api.signOut().catch(() => undefined);
    },
    onSuccess: () => {
      sessionStore.signOut();
      queryClient.clear();
      notifications.success(MSG.signedOut);
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut();
  }, [signOut]);

  if (!done) return <LoadingState text="Signing out..." />;
  return (
    <div className="page page--narrow">
      <div className="auth-card card card--elevated">
        <div className="card__body stack center">
          <div className="icon-tile auth-card__icon auth-card__icon--success">
            <CheckCircle2 size={28} aria-hidden />
          </div>
          <h1>Signed out</h1>
          <p className="muted">Thanks for practising with Rostrum. Sign in again whenever you are ready for your next speech.</p>
          <ButtonLink to="/sign-in" block>
            Sign in again
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
