import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { MSG } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { sessionStore } from '../../app/session-store';

/** /sign-out: revokes the key, clears the stored session and loaded data, and says so. */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const revoke = sessionStore.get() ? api.signOut().catch(() => undefined) : Promise.resolve();
    void revoke.finally(() => {
      sessionStore.signOut();
      queryClient.clear();
      notifications.success(MSG.signedOut);
      setDone(true);
    });
  }, [queryClient]);

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
