import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LIMITS, MSG, ZPasswordUpdateBodySchema } from '@rostrum/contract';
import { setServerError, type TServerErrorRule } from '../../api/form-errors';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { useUpdatePassword } from './account.queries';

type TPasswordInput = z.input<typeof ZPasswordUpdateBodySchema>;

/** A refused change (a wrong current password, auth.current_password_wrong) shows on the current password. */
const PASSWORD_ERRORS: ReadonlyArray<TServerErrorRule<TPasswordInput>> = [{ on: 'client', field: 'password', withBody: true }];

/** Change password while signed in (POST auth/password/update). */
export function ChangePasswordCard() {
  const form = useForm<TPasswordInput, unknown, z.output<typeof ZPasswordUpdateBodySchema>>({
    resolver: zodResolver(ZPasswordUpdateBodySchema),
    defaultValues: { password: '', newPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const update = useUpdatePassword({
    onSuccess: () => {
      form.reset();
      notifications.success(MSG.changesSaved, 'Your password has been changed.');
    },
    onError: (err) => setServerError(err, form.setError, PASSWORD_ERRORS),
  });
  const onSubmit = form.handleSubmit((body) => update.mutate(body));

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card
        title="Password"
        description="Use a password you do not use anywhere else."
        titleId="password-title"
        footer={
          <Button type="submit" variant="secondary" busy={update.isPending}>
            Change password
          </Button>
        }
      >
        <div className="grid-2">
          <Controller
            control={form.control}
            name="password"
            render={(c) => <TextField label="Current password" type="password" autoComplete="current-password" {...bindField(c)} />}
          />
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
              />
            )}
          />
        </div>
      </Card>
    </form>
  );
}
