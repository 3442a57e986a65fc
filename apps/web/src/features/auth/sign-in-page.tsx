import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, ZSignInBodySchema, safeNext } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { errorMessage, isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { StorageUnavailableError } from '../../app/session-store';
import { AuthLayout } from './auth-layout';
import { supportsAudioFeatures } from './browser-support';
import { completeSignIn } from './complete-sign-in';
import { SignInLinkConfirm } from './sign-in-link-confirm';
import { fieldErrors } from './zod-errors';

function reportStorage(e: unknown): boolean {
  if (!(e instanceof StorageUnavailableError)) return false;
  notifications.show({ kind: 'error', title: MSG.cookiesTitle, text: MSG.cookiesText, sticky: true });
  return true;
}

/**
 * /sign-in?email&key&next&code (000 sections 2.4 and 4). A key in the query is not used at once
 * (login CSRF): the page asks 'Continue as {email}?' first. A new user's own key, from the sign-up
 * response, never travels through this page (sign-up-form signs in with it directly).
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = params.get('key');
  const next = safeNext(params.get('next'));
  const code = params.get('code');

  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // With a key in the query: whose account it opens ('checking'), the question ({ email }), then
  // the exchange ('signing-in'). The key is used only when the visitor answers Continue.
  const [keyStep, setKeyStep] = useState<'checking' | { email: string } | 'signing-in' | null>(key ? 'checking' : null);
  const keyPeeked = useRef<string | null>(null);

  const dropKey = () => {
    const rest = new URLSearchParams(params);
    rest.delete('key');
    setParams(rest, { replace: true });
    setKeyStep(null);
  };

  useEffect(() => {
    if (!key || keyPeeked.current === key) return;
    keyPeeked.current = key;
    setKeyStep('checking');
    api
      .peekSignInKey(key)
      .then((r) => setKeyStep({ email: r.email }))
      .catch((e: unknown) => {
        notifications.error(errorMessage(e, MSG.keyExpired));
        setKeyStep(null);
      });
  }, [key]);

  const continueWithKey = () => {
    if (!key) return;
    setKeyStep('signing-in');
    api
      .signInWithKey(key)
      .then((r) => completeSignIn(queryClient, r))
      .then((landing) => navigate(next ?? landing, { replace: true }))
      .catch((e: unknown) => {
        if (!reportStorage(e)) notifications.error(errorMessage(e, MSG.incorrectCredentials));
        setKeyStep(null);
      });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZSignInBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const landing = await completeSignIn(queryClient, await api.signIn(parsed.data));
      if (code) await navigate(`/confirm-code?code=${encodeURIComponent(code)}`);
      else await navigate(next ?? landing);
    } catch (err) {
      setBusy(false);
      if (reportStorage(err)) return;
      if (isApiError(err) && err.status === 401) setFormError(err.hasBody ? err.message : MSG.incorrectCredentials);
      else if (isApiError(err) && err.status < 500 && err.status !== 0) setFormError(err.message);
    }
  };

  if (keyStep === 'checking') return <LoadingState />;
  if (keyStep === 'signing-in') return <LoadingState text={MSG.signingIn} />;
  if (keyStep) return <SignInLinkConfirm email={keyStep.email} onContinue={continueWithKey} onOtherAccount={dropKey} />;

  const signUpQuery = new URLSearchParams();
  if (code) signUpQuery.set('code', code);
  if (next) signUpQuery.set('next', next);
  const signUpTo = `/sign-up${signUpQuery.size ? `?${signUpQuery}` : ''}`;
  const forgotTo = `/password/forgot${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to continue your speech coaching.">
      {!supportsAudioFeatures() && <Banner kind="warning" inline title={MSG.oldBrowser} />}
      <form className="stack" onSubmit={onSubmit} noValidate aria-describedby={formError ? 'sign-in-error' : undefined}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          required
          autoFocus={!email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          required
          autoFocus={!!email}
        />
        <div className="row row--end">
          <Link to={forgotTo} className="text-sm">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          Sign in
        </Button>
        {formError && (
          <p className="form-error" id="sign-in-error" role="alert">
            {formError}
          </p>
        )}
      </form>
      <p className="auth-switch">
        New to Rostrum? <Link to={signUpTo}>Create an Account</Link>
      </p>
    </AuthLayout>
  );
}
