import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { MSG } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { useSignOut } from './auth.queries';

/**
 * /sign-out: revokes the key, clears the stored session and loaded data, and says so. A take the
 * user left unsaved on this device goes too: signing out on a shared computer (a school's lab)
 * leaves none of their voice behind for the next person.
 */
export function SignOutPage() {
  const started = useRef(false);
  const { mutate: signOut, isSuccess: done } = useSignOut({ onSuccess: () => notifications.success(MSG.signedOut) });
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
