import { useState } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { z } from 'zod';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MSG,
  ZSaveScorecardBodySchema,
  type TScorecard,
  type TScorecardQuestion,
  type TVocabulary,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Switch } from '../../components/switch';
import { TextField } from '../../components/text-field';
import { AlertDialog } from '../../components/dialog';
import { BackAndSave, StepPanel } from './editor-frame';
import {
  addRating,
  canMoveDown,
  canMoveUp,
  checkScorecard,
  moveRating,
  ratingRows,
  removeRating,
  renamed,
  updateRating,
  type TRatingRow,
} from './scorecard-rules';
import { TextAreaField } from '../../components/textarea-field';
import './scorecard-step.css';

const SCALE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * The step's rows and switch, saved as the PUT's scorecard: the rows pass the scorecard rules
 * (checkScorecard, whose message is the spec's alert) and become its questions.
 */
const ZScorecardFormSchema = z
  .object({ rows: z.array(z.custom<TRatingRow>()), coachOnlyScorecard: z.boolean() })
  .transform((v, ctx) => {
    const result = checkScorecard(v.rows);
    if (result.ok) return { questions: result.questions, coachOnlyScorecard: v.coachOnlyScorecard };
    ctx.addIssue({ code: 'custom', path: ['rows'], message: result.message });
    return z.NEVER;
  })
  .pipe(ZSaveScorecardBodySchema.shape.scorecard);
type TScorecardFormInput = z.input<typeof ZScorecardFormSchema>;
type TScorecardFormValues = z.output<typeof ZScorecardFormSchema>;

/**
 * Step 4 (002 section 5, Scorecard): the four preset ratings (fixed; Overall always shown), the
 * custom ratings (add, name, describe, move, delete), the coach-only switch and the 1 to 10 scale.
 */
export function ScorecardStep({
  scorecard,
  editable,
  vocab,
  saving,
  onBack,
  onSave,
  onContinue,
}: {
  scorecard: TScorecard | null;
  editable: boolean;
  vocab: TVocabulary;
  saving: boolean;
  onBack: () => void;
  onSave: (body: { questions: TScorecardQuestion[]; coachOnlyScorecard: boolean }) => void;
  onContinue: () => void;
}) {
  // Made once: each row gets its list key here.
  const [initial] = useState<TScorecardFormInput>(() => ({
    rows: ratingRows(scorecard),
    coachOnlyScorecard: scorecard?.coachOnlyScorecard ?? false,
  }));
  const form = useForm<TScorecardFormInput, unknown, TScorecardFormValues>({
    resolver: zodResolver(ZScorecardFormSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // A refused scorecard is an alert, which takes the focus itself.
    shouldFocusError: false,
  });
  const { field: rowsField } = useController({ control: form.control, name: 'rows' });
  const rows = rowsField.value;
  const setRows = (change: (r: TRatingRow[]) => TRatingRow[]) => rowsField.onChange(change(rows));
  const alert = form.formState.errors.rows?.message ?? null;
  const submit = form.handleSubmit((v) => onSave(v));
  const patch = (key: string, p: Partial<Pick<TRatingRow, 'label' | 'description' | 'hidden'>>) => setRows((r) => updateRating(r, key, p));

  return (
    <StepPanel
      title="Scorecard"
      lead={`The ratings ${vocab.word('coaches')} and peers give each recording of this assignment.`}
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
          text="To use a different scorecard, archive this assignment and create a new one."
        />
      )}
      <div className="scale-legend" role="img" aria-label="Rating scale: Scale 1 to 10, Poor to Excellent">
        <span className="scale-legend__title">Scale 1 to 10</span>
        <span className="scale-legend__bar" aria-hidden>
          {SCALE.map((n) => (
            <span key={n} className="scale-legend__tick">
              {n}
            </span>
          ))}
        </span>
        <span className="scale-legend__ends" aria-hidden>
          <span>Poor</span>
          <span>Excellent</span>
        </span>
      </div>

      <fieldset className="editor-fieldset" disabled={!editable}>
        <legend className="visually-hidden">Ratings</legend>
        <ol className="rating-list">
          {rows.map((row, index) => (
            <li key={row.key} className={['rating', row.preset && 'rating--preset'].filter(Boolean).join(' ')} data-testid="rating">
              <span className="rating__position" aria-hidden>
                {index + 1}
              </span>
              <div className="rating__main">
                {row.preset ? (
                  <p className="rating__preset-name">
                    {row.label} <span className="badge">Preset</span>
                  </p>
                ) : (
                  <>
                    <TextField
                      label={`Rating ${index + 1} name`}
                      value={row.label}
                      onValueChange={(v) => patch(row.key, { label: v })}
                      maxLength={ASSIGNMENT_LIMITS.ratingNameMax}
                      autoComplete="off"
                    />
                    {renamed(row) && (
                      <p className="rating__warning" role="status">
                        <TriangleAlert size={14} aria-hidden /> Renaming a rating starts it afresh: ratings already given as "
                        {row.savedLabel}" are no longer shown with it.
                      </p>
                    )}
                  </>
                )}
                <TextAreaField
                  label={row.preset ? `${row.label} description` : `Rating ${index + 1} description`}
                  value={row.description}
                  onValueChange={(v) => patch(row.key, { description: v })}
                  maxLength={ASSIGNMENT_LIMITS.ratingDescriptionMax}
                  rows={2}
                />
                {row.id !== 'scoreOverall' && (
                  <Checkbox checked={row.hidden} onCheckedChange={(v) => patch(row.key, { hidden: v })}>
                    Hide this rating
                  </Checkbox>
                )}
              </div>
              {!row.preset && (
                <div className="rating__tools">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${row.label} up`}
                    disabled={!canMoveUp(rows, index)}
                    onClick={() => setRows((r) => moveRating(r, index, -1))}
                    icon={<ArrowUp size={16} aria-hidden />}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${row.label} down`}
                    disabled={!canMoveDown(rows, index)}
                    onClick={() => setRows((r) => moveRating(r, index, 1))}
                    icon={<ArrowDown size={16} aria-hidden />}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${row.label}`}
                    onClick={() => setRows((r) => removeRating(r, row.key))}
                    icon={<Trash2 size={16} aria-hidden />}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
        <div className="row">
          <Button
            variant="secondary"
            icon={<Plus size={16} aria-hidden />}
            onClick={() => setRows((r) => addRating(r))}
            disabled={rows.length >= ASSIGNMENT_LIMITS.ratingsMax}
          >
            Add Rating
          </Button>
        </div>
        <Controller
          control={form.control}
          name="coachOnlyScorecard"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={!editable}
              label={`${vocab.Word('coach')}-only scorecard`}
              description={`Only ${vocab.word('coaches')} rate with these ratings; peers give the standard ones.`}
            />
          )}
        />
      </fieldset>
      <AlertDialog message={alert} onClose={() => form.clearErrors('rows')} />
    </StepPanel>
  );
}
