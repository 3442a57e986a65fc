import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bell, ChevronRight } from 'lucide-react';
import {
  GENDERS,
  GENDER_LABELS,
  LIMITS,
  MSG,
  TITLES,
  TITLE_LABELS,
  birthYearChoices,
  confirmEmailChangeMessage,
  profileFieldErrors,
  type TUpdateMeBody,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { useUpdateMe } from './account.queries';
import { ChangePasswordCard } from './change-password-card';
import { DataConsentCard } from './data-consent-card';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { ZoomConnectionCard } from '../zoom/zoom-connection-card';
import { profileDefaults, profileFormSchema, type TProfileFormInput } from './profile-schema';
import './account.css';

const TITLE_OPTIONS = TITLES.map((t) => ({ value: t, label: TITLE_LABELS[t] }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** /profile: account settings (000 sections 2.9, 4 and 5). */
export function ProfilePage() {
  const viewer = useViewer();
  const { user } = viewer;
  const years = useMemo(() => birthYearChoices(new Date()).map((y) => ({ value: String(y), label: String(y) })), []);
  const isEu = user.isEu === '1';

  const schema = useMemo(() => profileFormSchema(user), [user]);
  const form = useForm<TProfileFormInput, unknown, TUpdateMeBody>({
    resolver: zodResolver(schema),
    defaultValues: profileDefaults(user),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, formState, watch } = form;
  const errors = formState.errors;
  // The body waiting for 'Change your sign-in email?' to be confirmed.
  const [confirming, setConfirming] = useState<TUpdateMeBody | null>(null);

  const [firstName, lastName, name, newEmail] = watch(['firstName', 'lastName', 'name', 'newEmail']);
  const style = profileFieldErrors({ firstName, lastName, name });

  const save = useUpdateMe({
    onSuccess: () => {
      form.setValue('newEmail', '');
      form.setValue('password', '');
      form.clearErrors();
      notifications.success(MSG.profileUpdated);
    },
    onError: (e) => notifications.error(MSG.profileSaveTitle, errorMessage(e, MSG.profileSaveGeneric)),
    onSettled: () => setConfirming(null),
  });

  // An email change is confirmed first; anything else is saved at once.
  const onSubmit = form.handleSubmit((body) => (body.newEmail ? setConfirming(body) : save.mutate(body)));

  return (
    <div className="page page--medium">
      <PageHeader
        eyebrow="Account"
        title="Account Settings"
        lead="Your name and details as your coaches and groups see them, and how you sign in."
      />
      <div className="stack stack--xl">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Card
            title="Profile"
            titleId="profile-title"
            footer={
              <Button type="submit" busy={save.isPending}>
                Save profile
              </Button>
            }
          >
            <div className="stack stack--lg">
              <div className="grid-2">
                <Controller
                  control={control}
                  name="firstName"
                  render={(c) => (
                    <TextField
                      label="First name"
                      autoComplete="given-name"
                      {...bindField(c)}
                      maxLength={LIMITS.firstName}
                      invalid={style.firstName}
                      hint={style.firstName && !errors.firstName ? 'Use at least 2 characters.' : undefined}
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
                      maxLength={LIMITS.lastName}
                      invalid={style.lastName}
                      hint={style.lastName && !errors.lastName ? 'Use at least 2 characters.' : undefined}
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
                    maxLength={LIMITS.fullName}
                    invalid={style.name}
                    hint={style.name && !errors.name ? 'Use at least 5 characters.' : 'Shown in the header and to your groups.'}
                  />
                )}
              />
              <div className="grid-2">
                <Controller
                  control={control}
                  name="title"
                  render={(c) => <SelectField label="Title" {...bindField(c)} options={TITLE_OPTIONS} placeholder="Select your title" />}
                />
                <Controller
                  control={control}
                  name="birthyear"
                  render={(c) => <SelectField label="Birth year" {...bindField(c)} options={years} placeholder="Not set" optional />}
                />
              </div>
              <div className="grid-2">
                <Controller
                  control={control}
                  name="gender"
                  render={(c) => <SelectField label="Gender" {...bindField(c)} options={GENDER_OPTIONS} placeholder="Not set" optional />}
                />
              </div>

              <hr className="divider" />
              <div className="stack" style={{ gap: 'var(--space-3)' }}>
                <h3 className="form-section-title">Sign-in email</h3>
                <p className="subtle">
                  You sign in as <strong>{user.email}</strong>. To change it, enter the new address and your current password.
                </p>
                <div className="grid-2">
                  <Controller
                    control={control}
                    name="newEmail"
                    render={(c) => <TextField label="New email" type="email" autoComplete="email" {...bindField(c)} optional />}
                  />
                  <Controller
                    control={control}
                    name="password"
                    render={(c) => (
                      <TextField
                        label="Current password"
                        type="password"
                        autoComplete="current-password"
                        {...bindField(c)}
                        disabled={!newEmail.trim()}
                      />
                    )}
                  />
                </div>
              </div>
            </div>
          </Card>
        </form>

        {isEu && <DataConsentCard user={user} />}

        <ChangePasswordCard />

        <DataExportCard />

        <ZoomConnectionCard enabled />

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

        <DeleteAccountCard />
      </div>

      <ConfirmDialog
        open={!!confirming}
        title="Change your sign-in email?"
        confirmLabel="Change email"
        busy={save.isPending}
        onConfirm={() => confirming && save.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirmEmailChangeMessage(newEmail.trim())}</p>
      </ConfirmDialog>
    </div>
  );
}
