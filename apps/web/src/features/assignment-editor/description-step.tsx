import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ASSIGNMENT_LIMITS, ZAssignmentDescriptionSchema, type TVocabulary } from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { TextField } from '../../components/text-field';
import { bindField } from '../../components/field-binding';
import { StepPanel } from './editor-frame';
import { TextAreaField } from '../../components/textarea-field';

export type TDescriptionValues = z.output<typeof ZAssignmentDescriptionSchema>;

/**
 * Step 1: name (required, at most 100, trimmed) and instructions (required, trimmed), checked by
 * the contract's schema. What was typed stays in the form while a save fails.
 */
export function DescriptionStep({
  initial,
  vocab,
  saving,
  cancelHref,
  onSave,
}: {
  initial: { name: string; description: string };
  vocab: TVocabulary;
  saving: boolean;
  cancelHref: string;
  onSave: (values: TDescriptionValues) => void;
}) {
  const form = useForm<z.input<typeof ZAssignmentDescriptionSchema>, unknown, TDescriptionValues>({
    resolver: zodResolver(ZAssignmentDescriptionSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = form.handleSubmit((v) => onSave(v));
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
    </StepPanel>
  );
}
