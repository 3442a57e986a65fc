import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { MSG, ZPasswordForgotBodySchema } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { AuthLayout } from './auth-layout';
import { fieldErrors } from './zod-errors';

/** /password/forgot?email (000 section 2.7). */
export function PasswordForgotPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZPasswordForgotBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.forgotPassword(parsed.data.email);
      notifications.success(MSG.resetEmailTitle, MSG.resetEmailText);
      setSent(true);
    } catch (err) {
      if (isApiError(err) && err.status === 404) setError(MSG.forgotNotFound);
      else if (isApiError(err) && err.status < 500 && err.status !== 0) setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Forgot your password?" lead="Enter the email you sign in with and we will send you a link to choose a new password.">
      {sent ? (
        <div className="stack center">
          <div className="icon-tile auth-card__icon auth-card__icon--success">
            <MailCheck size={28} aria-hidden />
          </div>
          <p className="muted">
            Check the inbox of <strong>{email.trim()}</strong>. The link works for one hour.
          </p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            Send it again
          </Button>
        </div>
      ) : (
        <form className="stack" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={error}
            required
            autoFocus
          />
          <Button type="submit" block busy={busy}>
            Send reset email
          </Button>
        </form>
      )}
      <p className="auth-switch">
        Remembered it? <Link to="/sign-in">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
