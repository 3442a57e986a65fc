import { useMemo, useState, type FormEvent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  DATA_RETENTION_YEARS,
  EU_MIN_AGE,
  GENDERS,
  GENDER_LABELS,
  LIMITS,
  MSG,
  TITLES,
  TITLE_LABELS,
  ZSignUpBodySchema,
  autoFullName,
  birthYearChoices,
} from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { StorageUnavailableError } from '../../app/session-store';
import { completeSignIn } from './complete-sign-in';
import type { TCheckedInvite } from './sign-up-page';
import { fieldErrors } from './zod-errors';

interface Props {
  invite: TCheckedInvite;
  presetEmail: string;
  onBack: () => void;
  /** After sign-in: the landing path, and an explicit target that overrides next (409 -> confirm-code). */
  onSignedIn: (landing: string, target?: string) => void;
  queryClient: QueryClient;
}

const TITLE_OPTIONS = TITLES.map((t) => ({ value: t, label: TITLE_LABELS[t] }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** Step 2 of sign-up: the account form with the terms box, or the EU consent block. */
export function SignUpForm({ invite, presetEmail, onBack, onSignedIn, queryClient }: Props) {
  const isEu = invite.result.isEu;
  const years = useMemo(() => birthYearChoices(new Date()).map((y) => ({ value: String(y), label: String(y) })), []);

  const [email, setEmail] = useState(presetEmail);
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [title, setTitle] = useState('');
  const [birthyear, setBirthyear] = useState('');
  const [gender, setGender] = useState('');
  const [terms, setTerms] = useState(false);
  const [eu, setEu] = useState({ age: false, usa: false, terms: false, privacy: false, retention: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [consentError, setConsentError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState(false);

  // Full name follows first + last until the user edits it.
  const fullName = nameEdited ? name : autoFullName(firstName, lastName);

  const consentGiven = isEu ? eu.age && eu.usa && eu.terms && eu.privacy : terms;

  const buildBody = () => {
    const privacyAccepted = isEu ? eu.privacy : terms;
    return {
      email,
      password,
      firstName,
      lastName,
      name: fullName,
      metadata: {
        title,
        ...(birthyear ? { birthyear: Number(birthyear) } : {}),
        ...(gender ? { gender } : {}),
      },
      ...invite.body,
      termsAccepted: isEu ? eu.terms : terms,
      // privacyAccepted is dropped from the submission when false.
      ...(privacyAccepted ? { privacyAccepted: true as const } : {}),
      // EU: the USA storage-and-processing consent is sent as dataUseAllowed (docs/decisions.md).
      ...(isEu ? { isEu: '1' as const, ageAttestation: eu.age, dataUseAllowed: eu.usa, dataRetention: eu.retention } : {}),
    };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZSignUpBodySchema.safeParse(buildBody());
    const errs = parsed.success ? {} : fieldErrors(parsed.error);
    delete errs.termsAccepted;
    if (!title) errs.title = 'Title is required';
    setErrors(errs);
    setConsentError(!consentGiven);
    if (!parsed.success || !consentGiven || Object.keys(errs).length) return;

    setBusy(true);
    try {
      const created = await api.signUp(parsed.data);
      const landing = await completeSignIn(queryClient, await api.signInWithKey(created.signInKey));
      onSignedIn(landing);
    } catch (err) {
      setBusy(false);
      if (err instanceof StorageUnavailableError) {
        notifications.show({ kind: 'error', title: MSG.cookiesTitle, text: MSG.cookiesText, sticky: true });
        return;
      }
      if (!isApiError(err)) return;
      if (err.status === 409) {
        // Already registered: try the entered credentials, then offer to join from the account.
        try {
          const landing = await completeSignIn(queryClient, await api.signIn({ email: parsed.data.email, password }));
          const target = invite.body.inviteCode
            ? `/confirm-code?code=${encodeURIComponent(invite.body.inviteCode)}`
            : `/confirm-code?invite=${encodeURIComponent(invite.body.inviteId ?? '')}`;
          onSignedIn(landing, target);
          return;
        } catch {
          setTaken(true);
          notifications.error(MSG.signUpEmailTaken);
        }
      } else if (err.status === 400) notifications.error(MSG.signUpInvalid);
      else if (err.status === 402) notifications.error(MSG.seatLimit);
      else if (err.status < 500 && err.status !== 0) notifications.error(err.message);
    }
  };

  const signInFromTaken = `/sign-in?email=${encodeURIComponent(email.trim())}${invite.body.inviteCode ? `&code=${encodeURIComponent(invite.body.inviteCode)}` : ''}`;

  return (
    <form className="stack stack--lg" onSubmit={onSubmit} noValidate>
      <div className="stack">
        <TextField label="Email" type="email" autoComplete="email" value={email} onValueChange={setEmail} error={errors.email} required />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          hint={`At least ${LIMITS.passwordMin} characters.`}
          required
        />
      </div>
      <div className="stack">
        <div className="grid-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onValueChange={setFirstName}
            maxLength={LIMITS.firstName}
            error={errors.firstName}
            required
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onValueChange={setLastName}
            maxLength={LIMITS.lastName}
            error={errors.lastName}
            required
          />
        </div>
        <TextField
          label="Full name"
          autoComplete="name"
          value={fullName}
          onValueChange={(v) => {
            setNameEdited(true);
            setName(v);
          }}
          maxLength={LIMITS.fullName}
          error={errors.name}
          hint="How your name appears to others."
          required
        />
        <SelectField
          label="Title"
          value={title}
          onValueChange={setTitle}
          options={TITLE_OPTIONS}
          placeholder="Select your title"
          error={errors.title}
          required
        />
        <div className="grid-2">
          <SelectField
            label="Birth year"
            value={birthyear}
            onValueChange={setBirthyear}
            options={years}
            placeholder="Select a year"
            optional
          />
          <SelectField label="Gender" value={gender} onValueChange={setGender} options={GENDER_OPTIONS} placeholder="Select" optional />
        </div>
      </div>

      {isEu ? (
        <fieldset className="consent" aria-describedby={consentError ? 'consent-error' : undefined}>
          <legend className="consent__legend">Consent</legend>
          <p className="subtle">Your account is held under EU data protection rules. Please confirm each item.</p>
          <Checkbox checked={eu.age} onCheckedChange={(v) => setEu({ ...eu, age: v })} required invalid={consentError && !eu.age}>
            I am at least {EU_MIN_AGE} years old.
          </Checkbox>
          <Checkbox checked={eu.usa} onCheckedChange={(v) => setEu({ ...eu, usa: v })} required invalid={consentError && !eu.usa}>
            I consent to the storage and processing of my data in the USA.
          </Checkbox>
          <Checkbox checked={eu.terms} onCheckedChange={(v) => setEu({ ...eu, terms: v })} required invalid={consentError && !eu.terms}>
            I agree to the Terms of Use.
          </Checkbox>
          <Checkbox
            checked={eu.privacy}
            onCheckedChange={(v) => setEu({ ...eu, privacy: v })}
            required
            invalid={consentError && !eu.privacy}
          >
            I agree to the Privacy Policy.
          </Checkbox>
          <hr className="divider" />
          <Checkbox checked={eu.retention} onCheckedChange={(v) => setEu({ ...eu, retention: v })}>
            Optional: keep my recordings and data for up to {DATA_RETENTION_YEARS} years after my account is closed.
          </Checkbox>
          {consentError && (
            <p className="field__error" id="consent-error">
              Please confirm the four required items to create your account.
            </p>
          )}
        </fieldset>
      ) : (
        <div className="stack" style={{ gap: 'var(--space-2)' }}>
          <Checkbox checked={terms} onCheckedChange={setTerms} required invalid={consentError && !terms}>
            I agree to the Terms of Use and Privacy Policy.
          </Checkbox>
          {consentError && (
            <p className="field__error" id="consent-error">
              Please accept the Terms of Use and Privacy Policy to create your account.
            </p>
          )}
        </div>
      )}

      <div className="stack" style={{ gap: 'var(--space-3)' }}>
        <Button type="submit" block busy={busy} size="lg">
          Create Account
        </Button>
        <div className="row row--between text-sm">
          <button type="button" className="link-button" onClick={onBack}>
            <ArrowLeft size={14} aria-hidden /> Use a different code
          </button>
          {taken && <Link to={signInFromTaken}>Sign in to join</Link>}
        </div>
      </div>
    </form>
  );
}
