import { useId, useState } from 'react';
import { Lock } from 'lucide-react';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MSG,
  criteriaAlgorithmLabel,
  normaliseCriteria,
  type TAssignmentCriteria,
  type TVocabulary,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Checkbox } from '../../components/checkbox';
import { BackAndSave, StepPanel } from './editor-frame';

/** The criteria form's state: numbers as typed, so nothing the user typed is rewritten before saving. */
interface TCriteriaDraft {
  algorithm: string;
  minRecordings: boolean;
  minRecordingsCount: string;
  minRating: boolean;
  minRatingNum: string;
  minScore: boolean;
  minScoreNum: string;
  managerReview: boolean;
  shareRecording: boolean;
  selfCommentary: boolean;
  wordspotting: boolean;
  scorecard: boolean;
}

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
  const [d, setD] = useState<TCriteriaDraft>(() => draftOf(criteria));
  const set = <K extends keyof TCriteriaDraft>(k: K, v: TCriteriaDraft[K]) => setD((old) => ({ ...old, [k]: v }));
  // An old algorithm no longer in the organisation's list is still shown (by its speaker type).
  const choices = algorithms.includes(criteria.algorithm) ? algorithms : [criteria.algorithm, ...algorithms];

  return (
    <StepPanel
      title="Criteria"
      lead={`Choose the speaker type and what a ${vocab.word('speaker')} must do to complete the assignment.`}
      onSubmit={(e) => {
        e.preventDefault();
        if (editable) onSave(criteriaToSave(d));
        else onContinue();
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
        <div className="choice-cards">
          {choices.map((name) => (
            <label key={name} className="choice-card">
              <input
                type="radio"
                className="radio-dot"
                name={`${id}-algorithm`}
                checked={d.algorithm === name}
                onChange={() => set('algorithm', name)}
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
      </fieldset>

      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="editor-fieldset__legend">To complete the assignment</legend>
        <div className="criteria-list">
          <CriterionWithNumber
            label="Minimum number of recordings"
            checked={d.minRecordings}
            onChecked={(v) => set('minRecordings', v)}
            value={d.minRecordingsCount}
            onValue={(v) => set('minRecordingsCount', v)}
            min={0}
            numberLabel="Number of recordings"
          />
          <CriterionWithNumber
            label="Minimum average rating"
            checked={d.minRating}
            onChecked={(v) => set('minRating', v)}
            value={d.minRatingNum}
            onValue={(v) => set('minRatingNum', v)}
            min={ASSIGNMENT_LIMITS.ratingMin}
            max={ASSIGNMENT_LIMITS.ratingMax}
            numberLabel="Minimum rating, 1 to 10"
          />
          <CriterionWithNumber
            label="Minimum overall score"
            checked={d.minScore}
            onChecked={(v) => set('minScore', v)}
            value={d.minScoreNum}
            onValue={(v) => set('minScoreNum', v)}
            min={ASSIGNMENT_LIMITS.ratingMin}
            max={ASSIGNMENT_LIMITS.ratingMax}
            numberLabel="Minimum score, 1 to 10"
          />
          <div className="criteria-list__row">
            <Checkbox checked={d.managerReview} onCheckedChange={(v) => set('managerReview', v)}>
              Flag a recording for {vocab.word('coach')} review
            </Checkbox>
          </div>
          <div className="criteria-list__row">
            <Checkbox checked={d.shareRecording} onCheckedChange={(v) => set('shareRecording', v)}>
              Share a recording with the {vocab.word('group')}
            </Checkbox>
          </div>
          <div className="criteria-list__row">
            <Checkbox checked={d.selfCommentary} onCheckedChange={(v) => set('selfCommentary', v)}>
              Comment on their own recording
            </Checkbox>
          </div>
        </div>
      </fieldset>

      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="editor-fieldset__legend">Analysis and ratings</legend>
        <div className="criteria-list__row">
          <Checkbox checked={d.wordspotting} onCheckedChange={(v) => set('wordspotting', v)}>
            Use a custom wordspotting list
          </Checkbox>
          <p className="criteria-list__hint">
            Count your own words and phrases in this assignment's recordings; you enter them in the next step. Unchecking it clears them.
          </p>
        </div>
        <div className="criteria-list__row">
          <Checkbox checked={d.scorecard} onCheckedChange={(v) => set('scorecard', v)}>
            Use a custom scorecard
          </Checkbox>
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

function CriterionWithNumber(p: {
  label: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
  value: string;
  onValue: (v: string) => void;
  min: number;
  max?: number;
  numberLabel: string;
}) {
  return (
    <div className="criteria-list__row criteria-list__row--number">
      <Checkbox checked={p.checked} onCheckedChange={p.onChecked}>
        {p.label}
      </Checkbox>
      <input
        type="number"
        className="input criteria-list__number"
        aria-label={p.numberLabel}
        inputMode="numeric"
        min={p.min}
        max={p.max}
        step={1}
        value={p.checked ? p.value : ''}
        disabled={!p.checked}
        onChange={(e) => p.onValue(e.target.value)}
      />
    </div>
  );
}
