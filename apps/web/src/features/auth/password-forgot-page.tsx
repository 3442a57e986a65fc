import { Link, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { MSG, ZPasswordForgotBodySchema } from '@rostrum/contract';
import { setServerError } from '../../api/form-errors';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { AuthLayout } from './auth-layout';
import { FORGOT_ERRORS, useForgotPassword } from './auth.queries';

type TForgotInput = { email: string };

/** /password/forgot?email (000 section 2.7). */
export function PasswordForgotPage() {
  const [params] = useSearchParams();
  const form = useForm<TForgotInput, unknown, TForgotInput>({
    resolver: zodResolver(ZPasswordForgotBodySchema),
    defaultValues: { email: params.get('email') ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const send = useForgotPassword({
    onSuccess: () => notifications.success(MSG.resetEmailTitle, MSG.resetEmailText),
    onError: (err) => setServerError(err, form.setError, FORGOT_ERRORS),
  });
  const onSubmit = form.handleSubmit((body) => send.mutate(body));
  // The sent view shows until Send it again (a reset of the mutation).
  const sent = send.isSuccess;
  const email = form.watch('email');

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
          <Button variant="secondary" onClick={() => send.reset()}>
            Send it again
          </Button>
        </div>
      ) : (
        <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Controller
            control={form.control}
            name="email"
            render={(c) => <TextField label="Email" type="email" autoComplete="email" {...bindField(c)} required autoFocus />}
          />
          <Button type="submit" block busy={send.isPending}>
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
