import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_DELETION_MSG,
  DELETE_CONFIRMATION_WORD,
  ERROR_CODES,
  FORMER_MEMBER_NAME,
  ROUTES,
  type TDeleteMyAccountBody,
  type TMeResponse,
} from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { queryKeys } from '../../api/rostrum-api';
import { errorMessage, isApiError } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { sessionStore } from '../../app/session-store';
import { sharedTakeStore } from '../intake/take-store';

// Deleting an account (issue 42 item 8): "Delete account" on the profile, and an org admin's
// "Delete user" on the users table. Both say what goes and what stays, then ask in a dialog for a
// password and the typed word DELETE. The server checks both again.

type TFieldErrors = { password?: string; confirmation?: string; form?: string };

/** Where a refusal shows: on the field it is about, else above the fields. */
function errorsOf(err: unknown): TFieldErrors {
  const message = errorMessage(err, 'The account could not be deleted. Please try again.');
  if (!isApiError(err)) return { form: message };
  if (err.code === ERROR_CODES.authCurrentPasswordWrong || err.code === ERROR_CODES.accountPasswordNeeded) return { password: message };
  if (err.code === ERROR_CODES.accountConfirmationWrong) return { confirmation: message };
  return { form: message };
}

/** What stays: `who` wrote them ("you", "they"). */
const keptText = (who: string) =>
  `Comments and scores ${who} wrote on other people's recordings stay, shown as from \u201c${FORMER_MEMBER_NAME}\u201d.`;

/** The dialog both use: the password, the typed word, and the refusals where they belong. */
function DeleteAccountDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  intro: ReactNode;
  passwordLabel: string;
  passwordHint?: string;
  busy: boolean;
  errors: TFieldErrors;
  onErrors: (e: TFieldErrors) => void;
  onSubmit: (body: { password: string; confirmation: string }) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const close = () => {
    setPassword('');
    setConfirmation('');
    props.onClose();
  };
  const submit = () => {
    if (confirmation.trim() !== DELETE_CONFIRMATION_WORD) return props.onErrors({ confirmation: ACCOUNT_DELETION_MSG.confirmationWrong });
    props.onErrors({});
    props.onSubmit({ password, confirmation: confirmation.trim() });
  };
  return (
    <ConfirmDialog
      open={props.open}
      title={props.title}
      confirmLabel={props.confirmLabel}
      destructive
      busy={props.busy}
      onConfirm={submit}
      onCancel={close}
    >
      <div className="stack">
        {props.intro}
        {props.errors.form && (
          <p role="alert" className="field__error">
            {props.errors.form}
          </p>
        )}
        <TextField
          label={props.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={props.errors.password}
          hint={props.passwordHint}
        />
        <TextField
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={confirmation}
          onValueChange={setConfirmation}
          error={props.errors.confirmation}
        />
      </div>
    </ConfirmDialog>
  );
}

/**
 * The profile's card. On success the person is signed out on this device (the server has ended
 * every session already) and lands on the landing page with a notice.
 */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const remove = useMutation({
    mutationFn: (body: TDeleteMyAccountBody) => operations.deleteMyAccount({ body }),
    onSuccess: async () => {
      // Nothing of theirs stays on this device either: an unsaved take, the session, loaded data.
      const userId = queryClient.getQueryData<TMeResponse>(queryKeys.me)?.user.userId;
      if (userId) await sharedTakeStore().then((store) => store?.remove(userId).catch(() => undefined));
      sessionStore.signOut();
      queryClient.clear();
      // Shown once the landing page is reached: signing out re-routes the page on its own first.
      await navigate(ROUTES.home.path, { replace: true });
      notifications.success('Account deleted', ACCOUNT_DELETION_MSG.deleted);
    },
    onError: (err) => setErrors(errorsOf(err)),
  });

  return (
    <Card
      title="Delete account"
      titleId="delete-account-title"
      footer={
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      }
    >
      <div className="stack">
        <p>
          Deleting your account removes your recordings with their results and media, the feedback you received, your sessions and your
          settings. It cannot be undone.
        </p>
        <p>{keptText('you')}</p>
        <p className="subtle">To keep a copy of your data, export it first.</p>
      </div>
      <DeleteAccountDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        intro={<p>Your recordings and everything else of yours are removed right away.</p>}
        passwordLabel="Current password"
        passwordHint="If you sign in through your school or a partner site and have no password, leave this empty and sign in again first."
        busy={remove.isPending}
        errors={errors}
        onErrors={setErrors}
        onSubmit={({ password, confirmation }) => remove.mutate({ confirmation, ...(password && { password }) })}
        onClose={() => {
          setOpen(false);
          setErrors({});
        }}
      />
    </Card>
  );
}

/**
 * "Delete user" on a row of the admin users table, shown only when the server's abilities say
 * the caller may (abilities.canDelete): an org admin deletes a member's account on their request,
 * confirming with their own password.
 */
export function DeleteUserAction({ user }: { user: { userId: string; name: string; abilities: { canDelete: boolean } } }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const remove = useMutation({
    mutationFn: (body: { password: string; confirmation: string }) =>
      operations.deleteUser({ params: { path: { userId: user.userId } }, body }),
    onSuccess: async () => {
      setOpen(false);
      notifications.success('User deleted', `The account of ${user.name} has been deleted.`);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (err) => setErrors(errorsOf(err)),
  });
  if (!user.abilities.canDelete) return null;
  return (
    <>
      <Button variant="ghost" size="sm" className="delete-user-action" onClick={() => setOpen(true)}>
        Delete user<span className="visually-hidden"> {user.name}</span>
      </Button>
      <DeleteAccountDialog
        open={open}
        title={`Delete the account of ${user.name}?`}
        confirmLabel="Delete account"
        intro={
          <>
            <p>
              Only when they ask for it. Their recordings with results and media, the feedback they received, their sessions and settings
              are removed right away. It cannot be undone.
            </p>
            <p>{keptText('they')}</p>
          </>
        }
        passwordLabel="Your password"
        busy={remove.isPending}
        errors={errors}
        onErrors={setErrors}
        onSubmit={(body) => remove.mutate(body)}
        onClose={() => {
          setOpen(false);
          setErrors({});
        }}
      />
    </>
  );
}
