import { useMemo, useRef, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  DATA_RETENTION_YEARS,
  EU_MIN_AGE,
  GENDERS,
  GENDER_LABELS,
  LEGAL_TITLES,
  LIMITS,
  MSG,
  ROUTES,
  TITLES,
  TITLE_LABELS,
  autoFullName,
  birthYearChoices,
  type TLegalDocument,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { bindField } from '../../components/field-binding';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { StorageUnavailableError } from '../../app/session-store';
import { EmailTakenError, signUpErrorMessage, useSignUp } from './auth.queries';
import {
  type TCheckedInvite,
  signUpDefaults,
  signUpFormSchema,
  type TConsent,
  type TSignUpFormInput,
  type TSignUpFormValues,
} from './sign-up-schema';
import './sign-up-form.css';

interface Props {
  invite: TCheckedInvite;
  presetEmail: string;
  /** The sign-up's own `next`, carried by the sign-in link shown after a 409. */
  next: string | null;
  onBack: () => void;
  /** After sign-in: the landing path, and (409, signed in to join) confirm-code for the invite. */
  onSignedIn: (landing: string, target?: string) => void;
  queryClient: QueryClient;
}

const TITLE_OPTIONS = TITLES.map((t) => ({ value: t, label: TITLE_LABELS[t] }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** A link to a legal page inside a consent label; a new tab keeps the half-filled form. */
function legalLink(document: TLegalDocument) {
  return (
    <Link to={ROUTES[document].path} target="_blank" rel="noopener">
      {LEGAL_TITLES[document]}
    </Link>
  );
}

// The spec's 409 message, its "here" a link to sign-in.
const [takenBefore, takenAfter] = MSG.signUpEmailTaken.split(' here ');

/** Step 2 of sign-up: the account form with the terms box, or the EU consent block. */
export function SignUpForm({ invite, presetEmail, next, onBack, onSignedIn, queryClient }: Props) {
  const isEu = invite.result.isEu;
  const years = useMemo(() => birthYearChoices(new Date()).map((y) => ({ value: String(y), label: String(y) })), []);
  const schema = useMemo(() => signUpFormSchema(isEu), [isEu]);
  const form = useForm<TSignUpFormInput, unknown, TSignUpFormValues>({
    resolver: zodResolver(schema),
    defaultValues: signUpDefaults(presetEmail),
    // Checked first on submit; after that a message clears as soon as its field is valid.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, getValues, setValue, watch, handleSubmit, formState } = form;
  // Full name follows first + last until the user edits it.
  const nameEdited = useRef(false);
  const follow = (firstName: string, lastName: string) => {
    if (!nameEdited.current) setValue('name', autoFullName(firstName, lastName), { shouldValidate: formState.isSubmitted });
  };

  // After a 409 the account exists: signed in, the user is offered the join of this invite.
  const joinTarget = invite.body.inviteCode
    ? `/confirm-code?code=${encodeURIComponent(invite.body.inviteCode)}`
    : `/confirm-code?invite=${encodeURIComponent(invite.body.inviteId ?? '')}`;
  const email = watch('email');
  const signInQuery = new URLSearchParams({ email: email.trim() });
  if (invite.body.inviteCode) signInQuery.set('code', invite.body.inviteCode);
  if (next) signInQuery.set('next', next);
  const signInFromTaken = `/sign-in?${signInQuery}`;

  // Sign-up 409 (000 section 8): a sign-in attempt with the entered credentials.
  const signUp = useSignUp(queryClient, invite, joinTarget, {
    onSuccess: ({ landing, target }) => onSignedIn(landing, target),
    onError: (err) => {
      if (err instanceof StorageUnavailableError) {
        notifications.show({ kind: 'error', title: MSG.cookiesTitle, text: MSG.cookiesText, sticky: true });
        return;
      }
      // EmailTakenError: the form shows the message with its sign-in link.
      const message = signUpErrorMessage(err);
      if (message) notifications.error(message);
    },
  });
  const taken = signUp.error instanceof EmailTakenError;

  const onSubmit = handleSubmit((values) => signUp.mutate({ values }));

  const consent = watch('consent');
  const consentError = formState.errors.consent?.message;
  const setConsent = (patch: Partial<TConsent>) =>
    setValue('consent', { ...getValues('consent'), ...patch }, { shouldValidate: formState.isSubmitted });
  const consentBox = (key: keyof TConsent, children: ReactNode, required = true) => (
    <Checkbox
      checked={consent[key]}
      onCheckedChange={(v) => setConsent({ [key]: v })}
      required={required}
      invalid={required && !!consentError && !consent[key]}
    >
      {children}
    </Checkbox>
  );

  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="stack">
        <Controller
          control={control}
          name="email"
          render={(c) => <TextField label="Email" type="email" autoComplete="email" {...bindField(c)} required />}
        />
        <Controller
          control={control}
          name="password"
          render={(c) => (
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              {...bindField(c)}
              hint={`At least ${LIMITS.passwordMin} characters.`}
              required
            />
          )}
        />
      </div>
      <div className="stack">
        <div className="grid-2">
          <Controller
            control={control}
            name="firstName"
            render={(c) => (
              <TextField
                label="First name"
                autoComplete="given-name"
                {...bindField(c)}
                onValueChange={(v) => {
                  c.field.onChange(v);
                  follow(v, getValues('lastName'));
                }}
                maxLength={LIMITS.firstName}
                required
              />
            )}
          />
          <Controller
            control={control}
            name="lastName"
            render={(c) => (
              <TextField
                label="Last name"
                autoComplete="family-name"
                {...bindField(c)}
                onValueChange={(v) => {
                  c.field.onChange(v);
                  follow(getValues('firstName'), v);
                }}
                maxLength={LIMITS.lastName}
                required
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="name"
          render={(c) => (
            <TextField
              label="Full name"
              autoComplete="name"
              {...bindField(c)}
              onValueChange={(v) => {
                nameEdited.current = true;
                c.field.onChange(v);
              }}
              maxLength={LIMITS.fullName}
              hint="How your name appears to others."
              required
            />
          )}
        />
        <Controller
          control={control}
          name="title"
          render={(c) => <SelectField label="Title" {...bindField(c)} options={TITLE_OPTIONS} placeholder="Select your title" required />}
        />
        <div className="grid-2">
          <Controller
            control={control}
            name="birthyear"
            render={(c) => <SelectField label="Birth year" {...bindField(c)} options={years} placeholder="Select a year" optional />}
          />
          <Controller
            control={control}
            name="gender"
            render={(c) => <SelectField label="Gender" {...bindField(c)} options={GENDER_OPTIONS} placeholder="Select" optional />}
          />
        </div>
      </div>

      {isEu ? (
        <fieldset className="consent" aria-describedby={consentError ? 'consent-error' : undefined}>
          <legend className="consent__legend">Consent</legend>
          <p className="subtle">Your account is held under EU data protection rules. Please confirm each item.</p>
          {consentBox('age', <>I am at least {EU_MIN_AGE} years old.</>)}
          {consentBox('usa', 'I consent to the storage and processing of my data in the USA.')}
          {consentBox('euTerms', <>I agree to the {legalLink('terms')}.</>)}
          {consentBox('privacy', <>I agree to the {legalLink('privacy')}.</>)}
          <hr className="divider" />
          {consentBox(
            'retention',
            <>Optional: keep my recordings and data for up to {DATA_RETENTION_YEARS} years after my account is closed.</>,
            false,
          )}
          {consentError && (
            <p className="field__error" id="consent-error">
              {consentError}
            </p>
          )}
        </fieldset>
      ) : (
        <div className="stack" style={{ gap: 'var(--space-2)' }}>
          {consentBox(
            'terms',
            <>
              I agree to the {legalLink('terms')} and {legalLink('privacy')}.
            </>,
          )}
          {consentError && (
            <p className="field__error" id="consent-error">
              {consentError}
            </p>
          )}
        </div>
      )}

      <div className="stack" style={{ gap: 'var(--space-3)' }}>
        <Button type="submit" block busy={signUp.isPending} size="lg">
          Create Account
        </Button>
        <div className="row row--between text-sm">
          <button type="button" className="link-button" onClick={onBack}>
            <ArrowLeft size={14} aria-hidden /> Use a different code
          </button>
        </div>
        {taken && (
          <p className="form-error" role="alert" data-testid="email-taken">
            {takenBefore} <Link to={signInFromTaken}>here</Link> {takenAfter}
          </p>
        )}
      </div>
    </form>
  );
}
