import { Link, useNavigate, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LIMITS, MSG, ZPasswordResetBodySchema } from '@rostrum/contract';
import { setServerError } from '../../api/form-errors';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { AuthLayout } from './auth-layout';
import { RESET_ERRORS, useResetPassword } from './auth.queries';

/** The new password, checked by the API's rule for it. */
const ZResetFormSchema = z.object({ newPassword: ZPasswordResetBodySchema.shape.newPassword });
type TResetInput = z.input<typeof ZResetFormSchema>;

/** /password/reset?email&token (000 sections 2.7 and 8): failure only re-enables the button. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const form = useForm<TResetInput, unknown, z.output<typeof ZResetFormSchema>>({
    resolver: zodResolver(ZResetFormSchema),
    defaultValues: { newPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const reset = useResetPassword(email, token, {
    onReset: () => {
      notifications.showAfterNavigation({ kind: 'success', title: MSG.passwordUpdatedTitle, text: MSG.passwordUpdatedText });
      return navigate(`/sign-in?email=${encodeURIComponent(email)}`);
    },
    onError: (err) => setServerError(err, form.setError, RESET_ERRORS),
  });
  const onSubmit = form.handleSubmit((v) => reset.mutate(v.newPassword));
  const serverError = form.formState.errors.root?.server?.message;

  return (
    <AuthLayout title="Choose a new password" lead="Pick a password you have not used here before.">
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label="Email" type="email" value={email} readOnly />
        <Controller
          control={form.control}
          name="newPassword"
          render={(c) => (
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              {...bindField(c)}
              hint={`At least ${LIMITS.passwordMin} characters.`}
              required
              autoFocus
            />
          )}
        />
        <Button type="submit" block busy={reset.isPending}>
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
