import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Check } from 'lucide-react';
import { DATA_RETENTION_YEARS, MSG, ZUpdateMeBodySchema, type TUser } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { notifications } from '../../app/notification-store';
import { useUpdateMe } from './account.queries';
import { agreedStatements, choiceNote } from './consent-record';
import './account.css';

const body = ZUpdateMeBodySchema.shape;
/** The two choices, sent as they are: the PUT me body with only these two fields, each given. */
const ZDataChoicesSchema = z.object({ dataRetention: body.dataRetention.unwrap(), dataUseAllowed: body.dataUseAllowed.unwrap() });
type TDataChoices = z.infer<typeof ZDataChoicesSchema>;

/** One of the two choices, with the date it was last made under it. */
function Choice(props: { checked: boolean; onChange: (v: boolean) => void; note: string | null; children: ReactNode }) {
  const noteId = useId();
  return (
    <div className="consent-choice">
      <Checkbox checked={props.checked} onCheckedChange={props.onChange} describedBy={props.note ? noteId : undefined}>
        {props.children}
      </Checkbox>
      {props.note && (
        <p className="subtle consent-choice__note" id={noteId}>
          {props.note}
        </p>
      )}
    </div>
  );
}

/**
 * Account settings for EU users (000 sections 2.9 and 5): what they agreed to at sign-up and
 * when, read-only, and the two choices they can change, saved on their own (PUT me with only
 * these two fields; the server dates each change).
 */
export function DataConsentCard({ user }: { user: TUser }) {
  const form = useForm<TDataChoices>({
    resolver: zodResolver(ZDataChoicesSchema),
    defaultValues: { dataRetention: !!user.dataRetention, dataUseAllowed: !!user.dataUseAllowed },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useUpdateMe({
    onSuccess: () => notifications.success(MSG.changesSaved),
    onError: (e) => notifications.error(MSG.profileSaveTitle, errorMessage(e, MSG.profileSaveGeneric)),
  });
  const agreed = agreedStatements(user);
  const onSubmit = form.handleSubmit((choices) => save.mutate(choices));

  return (
    <form onSubmit={(e) => void onSubmit(e)}>
      <Card
        title="Your data"
        titleId="your-data-title"
        description="Your account is held under EU data protection rules."
        footer={
          <Button type="submit" variant="secondary" busy={save.isPending}>
            Save data choices
          </Button>
        }
      >
        <div className="stack stack--lg">
          {agreed.length > 0 && (
            <div className="stack" style={{ gap: 'var(--space-3)' }}>
              <h3 className="form-section-title">What you agreed to</h3>
              <ul className="consent-record">
                {agreed.map((s) => (
                  <li key={s.key}>
                    <Check size={16} aria-hidden />
                    <p>{s.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="stack" style={{ gap: 'var(--space-3)' }}>
            <h3 className="form-section-title">Your choices</h3>
            <Controller
              control={form.control}
              name="dataRetention"
              render={({ field }) => (
                <Choice checked={field.value} onChange={field.onChange} note={choiceNote(user.dataRetention, user.dataRetentionAt)}>
                  Keep my recordings and data for up to {DATA_RETENTION_YEARS} years after my account is closed.
                </Choice>
              )}
            />
            <Controller
              control={form.control}
              name="dataUseAllowed"
              render={({ field }) => (
                <Choice checked={field.value} onChange={field.onChange} note={choiceNote(user.dataUseAllowed, user.dataUseAllowedAt)}>
                  Allow my anonymized recordings to be used to improve Rostrum's speech analysis.
                </Choice>
              )}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}
