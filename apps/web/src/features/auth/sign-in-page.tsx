import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, ZSignInBodySchema, safeNext, type TSignInBody } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { setServerError } from '../../api/form-errors';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { LoadingState } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { StorageUnavailableError, sessionStore, useSession } from '../../app/session-store';
import { landingPath } from '../../app/route-paths';
import { useMe } from '../../app/viewer';
import { useClientConfig } from '../../app/client-config.queries';
import { AuthLayout } from './auth-layout';
import { supportsAudioFeatures } from './browser-support';
import { afterSignInPath } from './complete-sign-in';
import { peekSignInKey, SIGN_IN_ERRORS, useSignIn, useSignInWithKey } from './auth.queries';
import { SignInLinkConfirm } from './sign-in-link-confirm';
import type { THubSignInState } from './hub-sign-in-page';

function reportStorage(e: unknown): boolean {
  if (!(e instanceof StorageUnavailableError)) return false;
  notifications.show({ kind: 'error', title: MSG.cookiesTitle, text: MSG.cookiesText, sticky: true });
  return true;
}

type TSignInInput = { email: string; password: string };

/**
 * /sign-in?email&key&next&code (000 sections 2.4 and 4). A key in the query is not used at once
 * (login CSRF): the page asks 'Continue as {email}?' first. A new user's own key, from the sign-up
 * response, never travels through this page (sign-up-form signs in with it directly). The key of a
 * hub sign-in finished in this tab (the history entry says so; no link can) is used at once.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const key = params.get('key');
  const next = safeNext(params.get('next'));
  const code = params.get('code');
  const session = useSession();
  const me = useMe();
  // A sign-in link opened while signed in asks first, and "Use another account" then shows the form.
  const arrivedWithKey = useRef(!!key).current;
  const location = useLocation();
  // History state is set by this app's own navigation only, never by a link from elsewhere.
  const viaHub = (location.state as Partial<THubSignInState> | null)?.hubSignIn === true;
  const clientConfig = useClientConfig();

  const form = useForm<TSignInInput, unknown, TSignInBody>({
    resolver: zodResolver(ZSignInBodySchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, handleSubmit, setError, watch, formState } = form;
  const formError = formState.errors.root?.server?.message ?? null;
  // With a key in the query: whose account it opens ('checking'), then the question ({ email }).
  // The key is used only when the visitor answers Continue (the continueWithKey mutation).
  const [keyStep, setKeyStep] = useState<'checking' | { email: string } | null>(key ? 'checking' : null);
  const keyPeeked = useRef<string | null>(null);
  /** The link's key was refused: a signed-in visitor goes on as if they had come without it. */
  const [linkFailed, setLinkFailed] = useState(false);

  const dropKey = () => {
    const rest = new URLSearchParams(params);
    rest.delete('key');
    setParams(rest, { replace: true });
    setKeyStep(null);
  };

  const continueWithKey = useSignInWithKey({
    onSignedIn: (landing) => navigate(afterSignInPath(next, code, landing), { replace: true }),
    onError: (e) => {
      if (!reportStorage(e)) notifications.error(errorMessage(e, MSG.incorrectCredentials));
      setKeyStep(null);
    },
  });

  useEffect(() => {
    if (!key || keyPeeked.current === key) return;
    keyPeeked.current = key;
    setKeyStep('checking');
    if (viaHub) {
      continueWithKey.mutate(key);
      return;
    }
    peekSignInKey(key)
      .then((r) => setKeyStep({ email: r.email }))
      .catch((e: unknown) => {
        // Signed in already (the stored session was set aside for the link): the visit goes on
        // signed in, and the message shows on the page it goes on to.
        const message = { kind: 'error' as const, title: errorMessage(e, MSG.signInLinkInvalid) };
        if (sessionStore.resumeStored()) notifications.showAfterNavigation(message);
        else notifications.show(message);
        setLinkFailed(true);
        setKeyStep(null);
      });
  }, [key, viaHub, continueWithKey.mutate]);

  const signIn = useSignIn({
    onSignedIn: (landing) => navigate(afterSignInPath(next, code, landing)),
    onError: (err) => {
      if (!reportStorage(err)) setServerError(err, setError, SIGN_IN_ERRORS);
    },
  });
  const onSubmit = handleSubmit((body) => signIn.mutate(body));
  const email = watch('email');

  // Already signed in (and not opening a usable sign-in link): straight on, as a finished sign-in would go.
  if (session && (!arrivedWithKey || linkFailed) && !signIn.isPending && !signIn.isSuccess) {
    if (me.data) return <Navigate to={afterSignInPath(next, code, landingPath(me.data.landing).path)} replace />;
    if (me.isPending) return <LoadingState />;
  }
  if (keyStep === 'checking') return <LoadingState />;
  // Signing in with the key shows the loading state until the page is left.
  if (continueWithKey.isPending || continueWithKey.isSuccess) return <LoadingState text={MSG.signingIn} />;
  if (keyStep) {
    const onContinue = () => {
      if (key) continueWithKey.mutate(key);
    };
    return <SignInLinkConfirm email={keyStep.email} onContinue={onContinue} onOtherAccount={dropKey} />;
  }

  const signUpQuery = new URLSearchParams();
  if (code) signUpQuery.set('code', code);
  if (next) signUpQuery.set('next', next);
  const signUpTo = `/sign-up${signUpQuery.size ? `?${signUpQuery}` : ''}`;
  const forgotTo = `/password/forgot${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to continue your speech coaching.">
      {!supportsAudioFeatures() && <Banner kind="warning" inline title={MSG.oldBrowser} />}
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={formError ? 'sign-in-error' : undefined}>
        <Controller
          control={control}
          name="email"
          render={(c) => (
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              {...bindField(c)}
              required
              autoFocus={!formState.defaultValues?.email}
            />
          )}
        />
        <Controller
          control={control}
          name="password"
          render={(c) => (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              {...bindField(c)}
              required
              autoFocus={!!formState.defaultValues?.email}
            />
          )}
        />
        <div className="row row--end">
          <Link to={forgotTo} className="text-sm">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block busy={signIn.isPending}>
          Sign in
        </Button>
        {formError && (
          <p className="form-error" id="sign-in-error" role="alert">
            {formError}
          </p>
        )}
      </form>
      {clientConfig.data?.hubSignIn && (
        <p className="auth-switch">
          <Link to={`/btc/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`}>{MSG.hubSignInLink}</Link>
        </p>
      )}
      <p className="auth-switch">
        New to Rostrum? <Link to={signUpTo}>Create an Account</Link>
      </p>
    </AuthLayout>
  );
}
