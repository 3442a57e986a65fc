import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star, StarHalf } from 'lucide-react';
import { z } from 'zod';
import { CORE_SCORES, ZScoreValueSchema, scoreToStars, visibleQuestions, type TFeedback, type TRecordingFeedback } from '@rostrum/contract';
import { useDeleteScore, useSaveScores } from './feedback.queries';
import { errorMessage } from '../../api/http-client';
import { FORM_ERROR } from '../../api/form-errors';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import './score-panel.css';

type TApiName = (typeof CORE_SCORES)[number]['apiName'];
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const CORE_IDS = new Set<string>(CORE_SCORES.map((c) => c.apiName));

/**
 * One rating a rater gives: the four core scores, or with a custom scorecard its visible
 * questions in order (presets are the core scores, the rest are scorecard answers).
 */
interface TRating {
  id: string;
  label: string;
  description: string;
  core: boolean;
}

function ratingsOf(feedback: TRecordingFeedback): TRating[] {
  if (!feedback.scorecard) return CORE_SCORES.map((c) => ({ id: c.apiName, label: c.label, description: '', core: true }));
  return visibleQuestions(feedback.scorecard).map((q) => ({
    id: q.id,
    label: q.label,
    description: q.description,
    core: CORE_IDS.has(q.id),
  }));
}

function ratingValue(item: TFeedback, rating: TRating): number | null {
  if (rating.core) return item[rating.id as TApiName];
  return item.responses.find((r) => r.id === rating.id)?.response ?? null;
}

function averageOf(feedback: TRecordingFeedback, rating: TRating) {
  return rating.core ? feedback.averages[rating.id as TApiName] : feedback.questionAverages[rating.id];
}

/** Stars on a scale of 5 in half steps (score / 2). */
export function Stars({ score }: { score: number }) {
  const stars = scoreToStars(score);
  return (
    <span className="stars" role="img" aria-label={`${stars} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) =>
        stars >= i ? (
          <Star key={i} size={15} className="stars__full" aria-hidden />
        ) : stars >= i - 0.5 ? (
          <span key={i} className="stars__half" aria-hidden>
            <Star size={15} className="stars__empty" />
            <StarHalf size={15} className="stars__full" />
          </span>
        ) : (
          <Star key={i} size={15} className="stars__empty" aria-hidden />
        ),
      )}
    </span>
  );
}

/**
 * Averages over all raters and over coaches (2 decimals, from the server). The server says
 * whether the All raters column shows (hidden by a coach-only scorecard or speaker privacy level 4).
 */
export function ScoreAverages({ feedback }: { feedback: TRecordingFeedback }) {
  const ratings = ratingsOf(feedback);
  const any = ratings.some((r) => (averageOf(feedback, r)?.count ?? 0) > 0);
  if (!any || (feedback.scorecard && !feedback.scorecardVisible)) return <p className="muted feedback-empty">No scores yet.</p>;
  const allRaters = feedback.allRatersVisible;
  const cell = (avg: number | null | undefined, n: number | undefined) =>
    avg == null ? (
      <span className="muted">—</span>
    ) : (
      <span className="score-avg">
        <Stars score={avg} />
        <span className="score-avg__n">{avg.toFixed(2)}</span>
        <span className="subtle">({n})</span>
      </span>
    );
  return (
    <table className="table score-table" data-testid="score-averages">
      <caption className="visually-hidden">Average scores</caption>
      <thead>
        <tr>
          <th scope="col">Score</th>
          {allRaters && <th scope="col">All raters</th>}
          <th scope="col">Coach</th>
        </tr>
      </thead>
      <tbody>
        {ratings.map((r) => {
          const a = averageOf(feedback, r);
          return (
            <tr key={r.id}>
              <th scope="row">{r.label}</th>
              {allRaters && <td>{cell(a?.average, a?.count)}</td>}
              <td>{cell(a?.coachAverage, a?.coachCount)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Add a Score (001 sections 4 and 5): the four core scores, or a custom scorecard's questions,
 * as radio groups 1 (Poor) to 10 (Excellent), all required; a user who already scored sees
 * their scores and Delete Scores only.
 */
export function ScorePanel({
  recordingId,
  groupId,
  feedback,
}: {
  recordingId: string;
  groupId: string | null;
  feedback: TRecordingFeedback;
}) {
  const mine = feedback.items.find((f) => f.kind === 'score' && f.isMine);
  return (
    <div className="stack stack--lg">
      {mine ? (
        <MyScores recordingId={recordingId} score={mine} ratings={ratingsOf(feedback)} />
      ) : feedback.canScore ? (
        <ScoreForm recordingId={recordingId} groupId={groupId} feedback={feedback} />
      ) : null}
      <div className="stack">
        <h3 className="vibe-list__title">{feedback.scorecard ? 'Scorecard' : 'Average scores'}</h3>
        <ScoreAverages feedback={feedback} />
      </div>
    </div>
  );
}

function MyScores({ recordingId, score, ratings }: { recordingId: string; score: TFeedback; ratings: TRating[] }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteScore(recordingId, score.feedbackId, { onSuccess: () => setConfirm(false) });
  return (
    <div className="stack my-scores">
      <h3 className="vibe-list__title">Your scores</h3>
      <dl className="my-scores__list">
        {ratings.map((r) => {
          const v = ratingValue(score, r);
          return v == null ? null : (
            <div key={r.id}>
              <dt>{r.label}</dt>
              <dd>
                <Stars score={v} /> <strong>{v}</strong>
              </dd>
            </div>
          );
        })}
      </dl>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setConfirm(true)}>
          Delete Scores
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title="Delete these scores?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

/** "Choose a score for Delivery and X Factor.": the ratings a submit found without a score. */
export function missingScoresText(labels: readonly string[]): string {
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : (labels[0] ?? '');
  return `Choose a score for ${list}.`;
}

/**
 * The score form: one score per rating in the ratings' order, null until chosen; every rating
 * needs a score from 1 to 10 by the API's own rule (ZScoreValueSchema).
 */
const ZScoreFormSchema = z.object({ scores: z.array(z.number().nullish().pipe(ZScoreValueSchema)) });
type TScoreFormInput = z.input<typeof ZScoreFormSchema>;
type TScoreFormValues = z.output<typeof ZScoreFormSchema>;

function ScoreForm({ recordingId, groupId, feedback }: { recordingId: string; groupId: string | null; feedback: TRecordingFeedback }) {
  const ratings = ratingsOf(feedback);
  const form = useForm<TScoreFormInput, unknown, TScoreFormValues>({
    resolver: zodResolver(ZScoreFormSchema),
    defaultValues: { scores: ratings.map(() => null) },
    // Checked on submit; a message goes once its rating is chosen.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, handleSubmit, setError, clearErrors, reset, formState } = form;
  // The ratings still without a score after a submit, named above the button (issue 41): with a
  // scorecard of many rows, the one that needs a score may be far above.
  const [missing, setMissing] = useState<string[]>([]);
  const formError = formState.errors.root?.server?.message;
  // A failed second call leaves the core scores saved: the reload shows them with Delete Scores.
  const save = useSaveScores(recordingId, groupId, feedback.scorecard?.id ?? null, {
    onSuccess: () => reset(),
    onError: (e) => setError(FORM_ERROR, { type: 'server', message: errorMessage(e, 'Your scores could not be saved. Please try again.') }),
  });
  const submit = handleSubmit(
    ({ scores }) => {
      setMissing([]);
      saveScores(scores);
    },
    (errors) => setMissing(ratings.filter((_, i) => errors.scores?.[i]).map((r) => r.label)),
  );
  function saveScores(scores: TScoreFormValues['scores']) {
    const byId = new Map(ratings.map((r, i) => [r.id, scores[i]]));
    const core = (id: TApiName) => (ratings.some((r) => r.core && r.id === id) ? byId.get(id) : undefined);
    save.mutate({
      core: {
        scoreOverall: byId.get('scoreOverall')!,
        scoreOrganization: core('scoreOrganization'),
        scoreDelivery: core('scoreDelivery'),
        scoreXfactor: core('scoreXfactor'),
      },
      responses: ratings.filter((r) => !r.core).map((r) => ({ id: r.id, response: byId.get(r.id)! })),
    });
  }
  return (
    <form className="stack score-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a score">
      {ratings.map((r, i) => (
        <Controller
          key={r.id}
          control={control}
          name={`scores.${i}`}
          render={({ field, fieldState }) => {
            const invalid = !!fieldState.error;
            const describedBy = [r.description && `${r.id}-description`, invalid && `${r.id}-error`].filter(Boolean).join(' ');
            return (
              <fieldset className="score-scale" aria-describedby={describedBy || undefined}>
                <legend className="field__label">{r.label}</legend>
                {r.description && (
                  <p className="field__hint" id={`${r.id}-description`}>
                    {r.description}
                  </p>
                )}
                <div className="score-scale__row" role="radiogroup" aria-label={r.label} aria-required>
                  {VALUES.map((v) => (
                    <label key={v} className="score-scale__option">
                      <input
                        // A failed submit focuses the first radio of the first unscored rating.
                        ref={v === VALUES[0] ? field.ref : undefined}
                        type="radio"
                        name={r.id}
                        value={v}
                        checked={field.value === v}
                        aria-label={v === 1 ? '1 (Poor)' : v === 10 ? '10 (Excellent)' : String(v)}
                        onChange={() => {
                          field.onChange(v);
                          if (invalid) clearErrors(`scores.${i}`);
                          setMissing((m) => m.filter((label) => label !== r.label));
                        }}
                        onBlur={field.onBlur}
                      />
                      <span aria-hidden>{v}</span>
                    </label>
                  ))}
                </div>
                <div className="score-scale__ends" aria-hidden>
                  <span>Poor</span>
                  <span>Excellent</span>
                </div>
                {fieldState.error && (
                  <p className="field__error" id={`${r.id}-error`}>
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            );
          }}
        />
      ))}
      {missing.length > 0 && (
        <p className="field__error" role="alert" data-testid="missing-scores">
          {missingScoresText(missing)}
        </p>
      )}
      {formError && (
        <p className="field__error" role="alert">
          {formError}
        </p>
      )}
      <div className="row row--end">
        <Button type="submit" busy={save.isPending}>
          Submit Scores
        </Button>
      </div>
    </form>
  );
}
