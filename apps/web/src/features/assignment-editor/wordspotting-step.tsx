import { useState } from 'react';
import { ASSIGNMENT_MSG, type TVocabulary } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { initialBoxes, phrasesToSave } from '../wordspotting/phrase-rules';
import { PhraseEditor } from '../wordspotting/phrase-editor';
import { BackAndSave, StepPanel } from './editor-frame';

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
  const [boxes, setBoxes] = useState(() => initialBoxes(words));
  return (
    <StepPanel
      title="Wordspotting"
      lead={`The words and phrases counted in every recording of this assignment, in place of your ${vocab.word('group')}'s list.`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!editable) return onContinue();
        onSave(phrasesToSave(boxes));
      }}
      actions={<BackAndSave onBack={onBack} editable={editable} saving={saving} />}
    >
      {!editable && <Banner kind="info" inline title={ASSIGNMENT_MSG.criteriaLocked} />}
      <PhraseEditor boxes={boxes} onBoxesChange={setBoxes} label="Words and phrases to count" disabled={!editable || saving} />
    </StepPanel>
  );
}
