import { useState, type FormEvent } from 'react';
import { LIMITS, MSG, ZPasswordUpdateBodySchema } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { fieldErrors } from '../auth/zod-errors';

/** Change password while signed in (POST auth/password/update). */
export function ChangePasswordCard() {
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZPasswordUpdateBodySchema.safeParse({ password, newPassword });
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      if (!password) errs.password = 'Enter your current password';
      setErrors(errs);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.updatePassword(parsed.data);
      setPassword('');
      setNewPassword('');
      notifications.success(MSG.changesSaved, 'Your password has been changed.');
    } catch (err) {
      if (isApiError(err) && err.hasBody && err.status < 500) setErrors({ password: err.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title="Password"
        description="Use a password you do not use anywhere else."
        titleId="password-title"
        footer={
          <Button type="submit" variant="secondary" busy={busy}>
            Change password
          </Button>
        }
      >
        <div className="grid-2">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onValueChange={setNewPassword}
            error={errors.newPassword}
            hint={`At least ${LIMITS.passwordMin} characters.`}
          />
        </div>
      </Card>
    </form>
  );
}
