import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ASSIGNMENT_LIMITS, DUE_MSG, ZAssignmentDescriptionSchema, type TVocabulary } from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { TextField } from '../../components/text-field';
import { bindField } from '../../components/field-binding';
import { StepPanel } from './editor-frame';
import { TextAreaField } from '../../components/textarea-field';
import { dueAtOfFields, dueFieldsOf, dueFieldsProblem } from './due-date-fields';

/** What step 1 saves: the name, the instructions and the due date (null: none). */
export type TDescriptionValues = z.output<typeof ZAssignmentDescriptionSchema> & { dueAt: string | null };

/** The form's fields: the contract's description plus the due date and time on the organisation's clock. */
function descriptionFormSchema(timeZone: string, savedDueAt: string | null) {
  return ZAssignmentDescriptionSchema.extend({ dueDate: z.string(), dueTime: z.string() }).superRefine((v, ctx) => {
    const problem = dueFieldsProblem(v, timeZone, savedDueAt);
    if (problem) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: problem });
  });
}
type TDescriptionForm = ReturnType<typeof descriptionFormSchema>;

/**
 * Step 1: name (required, at most 100, trimmed), instructions (required, trimmed), checked by
 * the contract's schema, and an optional due date and time in the organisation's time zone (a
 * new one must lie ahead). What was typed stays in the form while a save fails; the server's
 * refusal of a past due date (`dueError`) shows on the date field.
 */
export function DescriptionStep({
  initial,
  vocab,
  timeZone,
  saving,
  cancelHref,
  dueError = null,
  onSave,
}: {
  initial: { name: string; description: string; dueAt: string | null };
  vocab: TVocabulary;
  /** The organisation's time zone: the fields are its wall clock. */
  timeZone: string;
  saving: boolean;
  cancelHref: string;
  dueError?: string | null;
  onSave: (values: TDescriptionValues) => void;
}) {
  const schema = useMemo(() => descriptionFormSchema(timeZone, initial.dueAt), [timeZone, initial.dueAt]);
  const form = useForm<z.input<TDescriptionForm>, unknown, z.output<TDescriptionForm>>({
    resolver: zodResolver(schema),
    defaultValues: { name: initial.name, description: initial.description, ...dueFieldsOf(initial.dueAt, timeZone) },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    if (dueError) form.setError('dueDate', { message: dueError });
  }, [dueError, form]);
  const submit = form.handleSubmit(({ dueDate, dueTime, ...v }) =>
    onSave({ ...v, dueAt: dueAtOfFields({ dueDate, dueTime }, timeZone) ?? null }),
  );
  const hasDate = !!form.watch('dueDate');
  return (
    <StepPanel
      title="Description"
      lead={`Name the assignment and tell your ${vocab.word('speakers')} what to do. They see both when they record for it.`}
      onSubmit={(e) => void submit(e)}
      actions={
        <>
          <ButtonLink to={cancelHref} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" busy={saving}>
            Save and Continue
          </Button>
        </>
      }
    >
      <Controller
        control={form.control}
        name="name"
        render={(c) => (
          <TextField
            label="Assignment name"
            {...bindField(c)}
            maxLength={ASSIGNMENT_LIMITS.nameMax}
            required
            autoComplete="off"
            hint={`At most ${ASSIGNMENT_LIMITS.nameMax} characters.`}
          />
        )}
      />
      <Controller
        control={form.control}
        name="description"
        render={({ field, fieldState }) => (
          <TextAreaField
            label="Instructions"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            rows={7}
            required
            hint="What to record, how long, and anything to focus on."
          />
        )}
      />
      <fieldset className="due-fields">
        <legend className="field__label">
          When it is due<span className="field__optional"> (optional)</span>
        </legend>
        <div className="row due-fields__row">
          <Controller
            control={form.control}
            name="dueDate"
            render={(c) => <TextField label={DUE_MSG.dueLabel} type="date" {...bindField(c)} className="due-fields__date" />}
          />
          <Controller
            control={form.control}
            name="dueTime"
            render={(c) => (
              <TextField label={DUE_MSG.timeLabel} type="time" {...bindField(c)} className="due-fields__time" disabled={!hasDate} />
            )}
          />
          {hasDate && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                form.setValue('dueDate', '');
                form.clearErrors('dueDate');
              }}
            >
              {DUE_MSG.clear}
            </Button>
          )}
        </div>
        <p className="field__hint">
          In your organization's time zone ({timeZone}). {vocab.Word('speakers')} who have not completed it get a reminder a day before.
        </p>
      </fieldset>
    </StepPanel>
  );
}
