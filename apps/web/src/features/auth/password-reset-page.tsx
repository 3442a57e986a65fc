import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS, MSG, ZPasswordSchema } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { AuthLayout } from './auth-layout';

/** /password/reset?email&token (000 sections 2.7 and 8): failure only re-enables the button. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const parsed = ZPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.resetPassword({ email, token, newPassword: parsed.data });
      notifications.showAfterNavigation({ kind: 'success', title: MSG.passwordUpdatedTitle, text: MSG.passwordUpdatedText });
      await navigate(`/sign-in?email=${encodeURIComponent(email)}`);
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.hasBody && err.status < 500) setServerError(err.message);
    }
  };

  return (
    <AuthLayout title="Choose a new password" lead="Pick a password you have not used here before.">
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" value={email} readOnly />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={error}
          hint={`At least ${LIMITS.passwordMin} characters.`}
          required
          autoFocus
        />
        <Button type="submit" block busy={busy}>
          Update password
        </Button>
        {serverError && (
          <p className="form-error" role="alert">
            {serverError} <Link to={`/password/forgot?email=${encodeURIComponent(email)}`}>Request a new link</Link>
          </p>
        )}
      </form>
    </AuthLayout>
  );
}
