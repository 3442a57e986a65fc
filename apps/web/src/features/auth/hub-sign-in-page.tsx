import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { MSG, safeNext } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { useSession } from '../../app/session-store';
import { AuthLayout } from './auth-layout';
import { hubLogin, startHubSignIn } from './auth.queries';

/** What the sign-in page reads in the history entry: this key comes from a hub sign-in of this tab. */
export interface THubSignInState {
  hubSignIn: true;
}

/**
 * /btc/sign-in, the hub sign-in flow (000 sections 2.5 and 4): signed in already, home; without a
 * code, on to the hub's authorisation page (btc/authorize keeps the state, bound to this browser,
 * and `next`); with the hub's code (or error), btc/login, then sign-in with the key as a sign-in
 * link does, passing `next`. A failure shows 'Error While Logging In' and the reason.
 */
export function HubSignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  // Read once: the flow runs once per visit, whatever the session does meanwhile.
  const signedIn = useRef(!!session).current;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (signedIn || started.current) return;
    started.current = true;
    const code = params.get('code');
    const hubError = params.get('error');
    const state = params.get('state');
    if (!code && !hubError) {
      startHubSignIn(safeNext(params.get('next')))
        .then((r) => window.location.assign(r.authorizationUrl))
        .catch((e: unknown) => setError(errorMessage(e, MSG.unknownError)));
      return;
    }
    if (!state) {
      setError(MSG.hubStateInvalid);
      return;
    }
    hubLogin({ state, code: code ?? undefined, error: hubError ?? undefined, iss: params.get('iss') ?? undefined })
      .then((r) => {
        if (!r?.apiKey || !r.orgCode) {
          setError(MSG.hubKeyMissing);
          return;
        }
        const q = new URLSearchParams({ key: `${r.orgCode}-${r.apiKey}` });
        const next = safeNext(r.next);
        if (next) q.set('next', next);
        void navigate(`/sign-in?${q}`, { replace: true, state: { hubSignIn: true } satisfies THubSignInState });
      })
      .catch((e: unknown) => setError(errorMessage(e, MSG.unknownError)));
  }, [params, navigate, signedIn]);

  if (signedIn) return <Navigate to="/" replace />;
  if (error !== null) return <HubSignInError text={error} />;
  return <LoadingState text={MSG.signingIn} />;
}

/** The error page of the hub sign-in: the heading, the reason, and the way back to sign-in. */
export function HubSignInError({ text }: { text: string }) {
  return (
    <AuthLayout title={MSG.hubErrorTitle}>
      <div className="stack center">
        <div className="icon-tile auth-card__icon auth-card__icon--warning">
          <CircleAlert size={28} aria-hidden />
        </div>
      </div>
      <p role="alert" style={{ overflowWrap: 'anywhere' }}>
        {text || MSG.unknownError}
      </p>
      <ButtonLink to="/sign-in" block>
        Back to sign in
      </ButtonLink>
    </AuthLayout>
  );
}
