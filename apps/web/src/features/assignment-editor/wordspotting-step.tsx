import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ASSIGNMENT_MSG, ZUpdateAssignmentBodySchema, type TVocabulary } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { initialBoxes } from '../wordspotting/phrase-rules';
import { PhraseEditor } from '../wordspotting/phrase-editor';
import { BackAndSave, StepPanel } from './editor-frame';

/** The step's PATCH: the boxes as phrases, trimmed and blanks dropped by the API's own rule. */
const ZWordspottingFormSchema = ZUpdateAssignmentBodySchema.pick({ wordspotting: true }).required();
type TWordspottingFormInput = z.input<typeof ZWordspottingFormSchema>;
type TWordspottingFormValues = z.output<typeof ZWordspottingFormSchema>;

/**
 * Step 3 (002 sections 2.7 and 5): the assignment's own wordspotting phrases, which its
 * recordings count instead of the group's or organisation's list. Saved with the assignment
 * (templates only; read-only once assigned, like the criteria).
 */
export function WordspottingStep({
  words,
  editable,
  vocab,
  saving,
  onBack,
  onSave,
  onContinue,
}: {
  words: readonly string[];
  editable: boolean;
  vocab: TVocabulary;
  saving: boolean;
  onBack: () => void;
  onSave: (words: string[]) => void;
  onContinue: () => void;
}) {
  const form = useForm<TWordspottingFormInput, unknown, TWordspottingFormValues>({
    resolver: zodResolver(ZWordspottingFormSchema),
    defaultValues: { wordspotting: initialBoxes(words) },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit((v) => onSave(v.wordspotting));
  return (
    <StepPanel
      title="Wordspotting"
      lead={`The words and phrases counted in every recording of this assignment, in place of your ${vocab.word('group')}'s list.`}
      onSubmit={(e) => {
        if (editable) return void submit(e);
        e.preventDefault();
        onContinue();
      }}
      actions={<BackAndSave onBack={onBack} editable={editable} saving={saving} />}
    >
      {!editable && <Banner kind="info" inline title={ASSIGNMENT_MSG.criteriaLocked} />}
      <Controller
        control={form.control}
        name="wordspotting"
        render={({ field }) => (
          <PhraseEditor
            boxes={field.value}
            onBoxesChange={field.onChange}
            label="Words and phrases to count"
            disabled={!editable || saving}
          />
        )}
      />
    </StepPanel>
  );
}
