import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, ChevronRight } from 'lucide-react';
import {
  DATA_RETENTION_YEARS,
  GENDERS,
  GENDER_LABELS,
  LIMITS,
  MSG,
  TITLES,
  TITLE_LABELS,
  ZUpdateMeBodySchema,
  birthYearChoices,
  confirmEmailChangeMessage,
  profileFieldErrors,
  type TMeResponse,
  type TUpdateMeBody,
} from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { fieldErrors } from '../auth/zod-errors';
import { ChangePasswordCard } from './change-password-card';

const TITLE_OPTIONS = TITLES.map((t) => ({ value: t, label: TITLE_LABELS[t] }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** /profile: account settings (000 sections 2.9, 4 and 5). */
export function ProfilePage() {
  const viewer = useViewer();
  const { user } = viewer;
  const queryClient = useQueryClient();
  const years = useMemo(() => birthYearChoices(new Date()).map((y) => ({ value: String(y), label: String(y) })), []);
  const isEu = user.isEu === '1';

  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [name, setName] = useState(user.name);
  const [title, setTitle] = useState(user.metadata.title ?? '');
  const [birthyear, setBirthyear] = useState(user.metadata.birthyear ? String(user.metadata.birthyear) : '');
  const [gender, setGender] = useState(user.metadata.gender ?? '');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [dataRetention, setDataRetention] = useState(!!user.dataRetention);
  const [dataUseAllowed, setDataUseAllowed] = useState(!!user.dataUseAllowed);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const style = profileFieldErrors({ firstName, lastName, name });

  const buildBody = (): TUpdateMeBody => {
    const email = newEmail.trim();
    // The new email is dropped when empty or unchanged.
    const changing = !!email && email.toLowerCase() !== user.email.toLowerCase();
    return {
      firstName,
      lastName,
      name,
      metadata: {
        title: (title || null) as (typeof TITLES)[number] | null,
        birthyear: birthyear ? Number(birthyear) : null,
        gender: (gender || null) as (typeof GENDERS)[number] | null,
      },
      ...(changing ? { newEmail: email, password } : {}),
      // dataRetention and dataUseAllowed are only saved for EU users.
      ...(isEu ? { dataRetention, dataUseAllowed } : {}),
    };
  };

  const save = async () => {
    const parsed = ZUpdateMeBodySchema.safeParse(buildBody());
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setConfirming(false);
      return;
    }
    setBusy(true);
    try {
      const updated = await api.updateMe(parsed.data);
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) => (me ? { ...me, user: updated } : me));
      setNewEmail('');
      setPassword('');
      setErrors({});
      notifications.success(MSG.profileUpdated);
    } catch (e) {
      notifications.error(MSG.profileSaveTitle, errorMessage(e, MSG.profileSaveGeneric));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = buildBody();
    const parsed = ZUpdateMeBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (body.newEmail) setConfirming(true);
    else void save();
  };

  return (
    <div className="page page--medium">
      <PageHeader
        eyebrow="Account"
        title="Account Settings"
        lead="Your name and details as your coaches and groups see them, and how you sign in."
      />
      <div className="stack stack--xl">
        <form onSubmit={onSubmit} noValidate>
          <Card
            title="Profile"
            titleId="profile-title"
            footer={
              <Button type="submit" busy={busy}>
                Save profile
              </Button>
            }
          >
            <div className="stack stack--lg">
              <div className="grid-2">
                <TextField
                  label="First name"
                  autoComplete="given-name"
                  value={firstName}
                  onValueChange={setFirstName}
                  maxLength={LIMITS.firstName}
                  invalid={style.firstName}
                  error={errors.firstName}
                  hint={style.firstName && !errors.firstName ? 'Use at least 2 characters.' : undefined}
                />
                <TextField
                  label="Last name"
                  autoComplete="family-name"
                  value={lastName}
                  onValueChange={setLastName}
                  maxLength={LIMITS.lastName}
                  invalid={style.lastName}
                  error={errors.lastName}
                  hint={style.lastName && !errors.lastName ? 'Use at least 2 characters.' : undefined}
                />
              </div>
              <TextField
                label="Full name"
                autoComplete="name"
                value={name}
                onValueChange={setName}
                maxLength={LIMITS.fullName}
                invalid={style.name}
                error={errors.name}
                hint={style.name && !errors.name ? 'Use at least 5 characters.' : 'Shown in the header and to your groups.'}
              />
              <div className="grid-2">
                <SelectField label="Title" value={title} onValueChange={setTitle} options={TITLE_OPTIONS} placeholder="Select your title" />
                <SelectField
                  label="Birth year"
                  value={birthyear}
                  onValueChange={setBirthyear}
                  options={years}
                  placeholder="Not set"
                  optional
                />
              </div>
              <div className="grid-2">
                <SelectField
                  label="Gender"
                  value={gender}
                  onValueChange={setGender}
                  options={GENDER_OPTIONS}
                  placeholder="Not set"
                  optional
                />
              </div>

              <hr className="divider" />
              <div className="stack" style={{ gap: 'var(--space-3)' }}>
                <h3 className="form-section-title">Sign-in email</h3>
                <p className="subtle">
                  You sign in as <strong>{user.email}</strong>. To change it, enter the new address and your current password.
                </p>
                <div className="grid-2">
                  <TextField
                    label="New email"
                    type="email"
                    autoComplete="email"
                    value={newEmail}
                    onValueChange={setNewEmail}
                    error={errors.newEmail}
                    optional
                  />
                  <TextField
                    label="Current password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onValueChange={setPassword}
                    error={errors.password}
                    disabled={!newEmail.trim()}
                  />
                </div>
              </div>

              {isEu && (
                <>
                  <hr className="divider" />
                  <div className="stack" style={{ gap: 'var(--space-3)' }}>
                    <h3 className="form-section-title">Your data</h3>
                    <Checkbox checked={dataRetention} onCheckedChange={setDataRetention}>
                      Keep my recordings and data for up to {DATA_RETENTION_YEARS} years after my account is closed.
                    </Checkbox>
                    <Checkbox checked={dataUseAllowed} onCheckedChange={setDataUseAllowed}>
                      Allow my anonymized recordings to be used to improve Rostrum's speech analysis.
                    </Checkbox>
                  </div>
                </>
              )}
            </div>
          </Card>
        </form>

        <ChangePasswordCard />

        <Link to="/email-notifications" className="link-card">
          <span className="icon-tile">
            <Bell size={20} aria-hidden />
          </span>
          <span className="link-card__text">
            <span className="link-card__title">Email notifications</span>
            <span className="subtle">Choose which emails Rostrum sends you.</span>
          </span>
          <ChevronRight size={20} aria-hidden />
        </Link>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Change your sign-in email?"
        confirmLabel="Change email"
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        <p>{confirmEmailChangeMessage(newEmail.trim())}</p>
      </ConfirmDialog>
    </div>
  );
}
