import { useId, type ReactNode } from 'react';
import { Controller, useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { z } from 'zod';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MSG,
  ZAssignmentCriteriaSchema,
  criteriaAlgorithmLabel,
  normaliseCriteria,
  type TAssignmentCriteria,
  type TVocabulary,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Checkbox } from '../../components/checkbox';
import { BackAndSave, StepPanel } from './editor-frame';
import './criteria-step.css';

/**
 * The criteria form's state: the API's criteria, every one given, with the numbers as typed so
 * nothing the user typed is rewritten before saving.
 */
const ZCriteriaDraftSchema = ZAssignmentCriteriaSchema.extend({
  minRecordingsCount: z.string(),
  minRatingNum: z.string(),
  minScoreNum: z.string(),
}).required();
type TCriteriaDraft = z.output<typeof ZCriteriaDraftSchema>;

function draftOf(c: TAssignmentCriteria): TCriteriaDraft {
  return {
    algorithm: c.algorithm,
    minRecordings: c.minRecordings,
    minRecordingsCount: String(c.minRecordingsCount ?? ASSIGNMENT_LIMITS.minRecordingsDefault),
    minRating: c.minRating,
    minRatingNum: String(c.minRatingNum ?? ASSIGNMENT_LIMITS.minRatingDefault),
    minScore: c.minScore,
    minScoreNum: String(c.minScoreNum ?? ASSIGNMENT_LIMITS.minScoreDefault),
    managerReview: c.managerReview,
    shareRecording: c.shareRecording,
    selfCommentary: c.selfCommentary,
    wordspotting: c.wordspotting,
    scorecard: c.scorecard,
  };
}

const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

/** The criteria to save: the editor's rules (normaliseCriteria) over the draft. */
export function criteriaToSave(d: TCriteriaDraft): TAssignmentCriteria {
  return normaliseCriteria({
    algorithm: d.algorithm,
    minRecordings: d.minRecordings,
    minRecordingsCount: num(d.minRecordingsCount),
    minRating: d.minRating,
    minRatingNum: num(d.minRatingNum),
    minScore: d.minScore,
    minScoreNum: num(d.minScoreNum),
    managerReview: d.managerReview,
    shareRecording: d.shareRecording,
    selfCommentary: d.selfCommentary,
    wordspotting: d.wordspotting,
    scorecard: d.scorecard,
  });
}

/**
 * What the step saves: the draft by the editor's rules (normaliseCriteria). The server checks the
 * rest (a count over its limit is its refusal, as it was before the form had a schema).
 */
const ZCriteriaFormSchema = ZCriteriaDraftSchema.transform(criteriaToSave);

/**
 * Step 2 (002 sections 3 and 5): the speaker type and what completes the assignment. Read-only
 * once the assignment has been assigned, with the spec's message and the way forward.
 */
export function CriteriaStep({
  criteria,
  algorithms,
  editable,
  vocab,
  saving,
  onBack,
  onSave,
  onContinue,
}: {
  criteria: TAssignmentCriteria;
  algorithms: readonly string[];
  editable: boolean;
  vocab: TVocabulary;
  saving: boolean;
  onBack: () => void;
  onSave: (criteria: TAssignmentCriteria) => void;
  onContinue: () => void;
}) {
  const id = useId();
  const form = useForm<TCriteriaDraft, unknown, TAssignmentCriteria>({
    resolver: zodResolver(ZCriteriaFormSchema),
    defaultValues: draftOf(criteria),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control } = form;
  const submit = form.handleSubmit((v) => onSave(v));
  const box = (name: TCriterionBox, label: ReactNode) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox checked={field.value} onCheckedChange={field.onChange}>
          {label}
        </Checkbox>
      )}
    />
  );
  // An old algorithm no longer in the organisation's list is still shown (by its speaker type).
  const choices = algorithms.includes(criteria.algorithm) ? algorithms : [criteria.algorithm, ...algorithms];

  return (
    <StepPanel
      title="Criteria"
      lead={`Choose the speaker type and what a ${vocab.word('speaker')} must do to complete the assignment.`}
      onSubmit={(e) => {
        if (editable) return void submit(e);
        e.preventDefault();
        onContinue();
      }}
      actions={<BackAndSave onBack={onBack} editable={editable} saving={saving} />}
    >
      {!editable && (
        <Banner
          kind="info"
          inline
          title={ASSIGNMENT_MSG.criteriaLocked}
          text="To use different criteria, archive this assignment and create a new one."
        />
      )}
      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="editor-fieldset__legend">Speaker type</legend>
        <Controller
          control={control}
          name="algorithm"
          render={({ field }) => (
            <div className="choice-cards">
              {choices.map((name) => (
                <label key={name} className="choice-card">
                  <input
                    type="radio"
                    className="radio-dot"
                    name={`${id}-algorithm`}
                    checked={field.value === name}
                    onChange={() => field.onChange(name)}
                  />
                  <span className="choice-card__text">
                    <span className="choice-card__title">{criteriaAlgorithmLabel(name)}</span>
                    <span className="choice-card__hint">
                      {criteriaAlgorithmLabel(name) === 'Multi-Speaker'
                        ? 'Conversations: recordings with several speakers.'
                        : 'Talks and presentations: one speaker per recording.'}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="editor-fieldset__legend">To complete the assignment</legend>
        <div className="criteria-list">
          <CriterionWithNumber
            control={control}
            check="minRecordings"
            number="minRecordingsCount"
            label="Minimum number of recordings"
            min={0}
            numberLabel="Number of recordings"
          />
          <CriterionWithNumber
            control={control}
            check="minRating"
            number="minRatingNum"
            label="Minimum average rating"
            min={ASSIGNMENT_LIMITS.ratingMin}
            max={ASSIGNMENT_LIMITS.ratingMax}
            numberLabel="Minimum rating, 1 to 10"
          />
          <CriterionWithNumber
            control={control}
            check="minScore"
            number="minScoreNum"
            label="Minimum overall score"
            min={ASSIGNMENT_LIMITS.ratingMin}
            max={ASSIGNMENT_LIMITS.ratingMax}
            numberLabel="Minimum score, 1 to 10"
          />
          <div className="criteria-list__row">{box('managerReview', <>Flag a recording for {vocab.word('coach')} review</>)}</div>
          <div className="criteria-list__row">{box('shareRecording', <>Share a recording with the {vocab.word('group')}</>)}</div>
          <div className="criteria-list__row">{box('selfCommentary', 'Comment on their own recording')}</div>
        </div>
      </fieldset>

      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="editor-fieldset__legend">Analysis and ratings</legend>
        <div className="criteria-list__row">
          {box('wordspotting', 'Use a custom wordspotting list')}
          <p className="criteria-list__hint">
            Count your own words and phrases in this assignment's recordings; you enter them in the next step. Unchecking it clears them.
          </p>
        </div>
        <div className="criteria-list__row">
          {box('scorecard', 'Use a custom scorecard')}
          <p className="criteria-list__hint">
            Rate recordings with your own ratings next to the standard four; you set them up in the next step.
          </p>
        </div>
      </fieldset>
      {!editable && (
        <p className="muted text-sm editor-locked-note">
          <Lock size={14} aria-hidden /> Read-only
        </p>
      )}
    </StepPanel>
  );
}

/** The criteria that are a checkbox alone. */
type TCriterionBox = 'managerReview' | 'shareRecording' | 'selfCommentary' | 'wordspotting' | 'scorecard';

/** A criterion with a number: the number is typed only while its box is checked. */
function CriterionWithNumber(p: {
  control: Control<TCriteriaDraft, unknown, TAssignmentCriteria>;
  check: 'minRecordings' | 'minRating' | 'minScore';
  number: 'minRecordingsCount' | 'minRatingNum' | 'minScoreNum';
  label: string;
  min: number;
  max?: number;
  numberLabel: string;
}) {
  const { field: box } = useController({ control: p.control, name: p.check });
  const { field: num } = useController({ control: p.control, name: p.number });
  return (
    <div className="criteria-list__row criteria-list__row--number">
      <Checkbox checked={box.value} onCheckedChange={box.onChange}>
        {p.label}
      </Checkbox>
      <input
        ref={num.ref}
        type="number"
        className="input criteria-list__number"
        aria-label={p.numberLabel}
        inputMode="numeric"
        min={p.min}
        max={p.max}
        step={1}
        value={box.value ? num.value : ''}
        disabled={!box.value}
        onChange={(e) => num.onChange(e.target.value)}
        onBlur={num.onBlur}
      />
    </div>
  );
}
