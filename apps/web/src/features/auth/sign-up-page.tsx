import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Ticket } from 'lucide-react';
import { ROUTES, ZInviteCodeSchema, safeNext, vocabulary } from '@rostrum/contract';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { LoadingState } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';
import { SignUpForm } from './sign-up-form';
import type { TCheckedInvite } from './sign-up-schema';
import { inviteCheckErrorMessage, useCheckInvite } from './auth.queries';

/**
 * The code step: the invite check's inviteCode (ZInviteCheckBodySchema) as the form requires it,
 * by the contract's invite code rule ('Invite code is required').
 */
const ZInviteCodeFormSchema = z.object({ inviteCode: ZInviteCodeSchema });
type TInviteCodeInput = z.input<typeof ZInviteCodeFormSchema>;

/** /sign-up?email&code&invite&next (000 sections 2.6, 4 and 5). */
export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const presetCode = params.get('code');
  const presetInvite = params.get('invite');
  const next = safeNext(params.get('next'));

  const form = useForm<TInviteCodeInput, unknown, z.output<typeof ZInviteCodeFormSchema>>({
    resolver: zodResolver(ZInviteCodeFormSchema),
    defaultValues: { inviteCode: presetCode ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The message shows under the field; the focus stays where it was.
    shouldFocusError: false,
  });
  const code = form.watch('inviteCode');
  const codeError = form.formState.errors.inviteCode?.message ?? null;
  const [invite, setInvite] = useState<TCheckedInvite | null>(null);
  const autoChecked = useRef(false);

  // Every failure of the check is shown under the code field.
  const inviteCheck = useCheckInvite({
    onStart: () => form.clearErrors('inviteCode'),
    onSuccess: setInvite,
    onError: (e) => form.setError('inviteCode', { type: 'server', message: inviteCheckErrorMessage(e) }),
  });
  const { mutate: check } = inviteCheck;
  // A code or invite in the query counts as being checked from the first render.
  const checking = inviteCheck.isPending || (inviteCheck.isIdle && !!(presetCode || presetInvite));

  // A code or invite in the query is checked straight away, once: the ref keeps later runs out.
  useEffect(() => {
    if (autoChecked.current) return;
    autoChecked.current = true;
    if (presetInvite) check({ inviteId: presetInvite });
    else if (presetCode) check({ inviteCode: presetCode.trim() });
  }, [check, presetCode, presetInvite]);

  const onContinue = form.handleSubmit(({ inviteCode }) => check({ inviteCode }));

  if (invite) {
    const vocab = vocabulary(invite.result.org.type);
    return (
      <AuthLayout
        title="Create your account"
        lead={
          invite.result.groupName ? (
            <>
              You are joining the {vocab.word('group')} <strong>{invite.result.groupName}</strong> at{' '}
              <strong>{invite.result.org.name}</strong>. Your {vocab.word('coach')} can give you feedback on the recordings you share with
              this {vocab.word('group')}.
            </>
          ) : (
            // An organisation-level invite names no group: it grants the roles its administrator chose.
            <>
              You are joining <strong>{invite.result.org.name}</strong>. Your account will have the roles your administrator chose for this
              invite.
            </>
          )
        }
      >
        <SignUpForm
          invite={invite}
          presetEmail={params.get('email') ?? invite.result.email ?? ''}
          next={next}
          onBack={() => {
            setInvite(null);
            if (invite.body.inviteCode) form.setValue('inviteCode', invite.body.inviteCode);
          }}
          // After sign-up the default destination is /home, unless next was given (000 section 2.3);
          // next also wins over confirm-code after the 409's sign-in (as on the sign-in page).
          onSignedIn={(_landing, target) => void navigate(next ?? target ?? ROUTES.homeIntake.path)}
          queryClient={queryClient}
        />
      </AuthLayout>
    );
  }

  if (checking && !codeError && !code && presetInvite) return <LoadingState />;

  const signInQuery = new URLSearchParams();
  if (presetCode) signInQuery.set('code', presetCode);
  if (next) signInQuery.set('next', next);

  return (
    <AuthLayout title="Create an Account" lead="Start with the invite code you were given.">
      <form className="stack" onSubmit={(e) => void onContinue(e)} noValidate>
        <Controller
          control={form.control}
          name="inviteCode"
          render={(c) => (
            <TextField
              label="Invite code"
              {...bindField(c)}
              hint="Check your class instructions. A link or code from your instructor or plan administrator is required to create an account."
              required
              autoFocus
              autoComplete="off"
              spellCheck={false}
              mono
            />
          )}
        />
        <Button type="submit" block busy={checking} icon={<Ticket size={16} aria-hidden />}>
          Continue
        </Button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to={`/sign-in${signInQuery.size ? `?${signInQuery}` : ''}`}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}
