import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star, StarHalf } from 'lucide-react';
import { CORE_SCORES, scoreToStars, type TFeedback, type TRecordingFeedback } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';

type TApiName = (typeof CORE_SCORES)[number]['apiName'];
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

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

/** Averages of the core scores over all raters and over coaches (2 decimals, from the server). */
export function ScoreAverages({ averages }: { averages: TRecordingFeedback['averages'] }) {
  const any = CORE_SCORES.some((c) => averages[c.apiName].count > 0);
  if (!any) return <p className="muted feedback-empty">No scores yet.</p>;
  const cell = (avg: number | null, n: number) =>
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
          <th scope="col">All raters</th>
          <th scope="col">Coach</th>
        </tr>
      </thead>
      <tbody>
        {CORE_SCORES.map((c) => {
          const a = averages[c.apiName];
          return (
            <tr key={c.key}>
              <th scope="row">{c.label}</th>
              <td>{cell(a.average, a.count)}</td>
              <td>{cell(a.coachAverage, a.coachCount)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Add a Score (001 sections 4 and 5): the four core scores as radio groups 1 (Poor) to 10
 * (Excellent), all required; a user who already scored sees their scores and Delete Scores only.
 */
export function ScorePanel({ recordingId, feedback }: { recordingId: string; feedback: TRecordingFeedback }) {
  const queryClient = useQueryClient();
  const mine = feedback.items.find((f) => f.kind === 'score' && f.isMine);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.feedback(recordingId) });
  return (
    <div className="stack stack--lg">
      {mine ? <MyScores score={mine} onDeleted={refresh} /> : feedback.canScore ? <ScoreForm recordingId={recordingId} onSaved={refresh} /> : null}
      <div className="stack">
        <h3 className="vibe-list__title">Average scores</h3>
        <ScoreAverages averages={feedback.averages} />
      </div>
    </div>
  );
}

function MyScores({ score, onDeleted }: { score: TFeedback; onDeleted: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.deleteFeedback(score.feedbackId),
    onSuccess: () => {
      setConfirm(false);
      onDeleted();
    },
  });
  return (
    <div className="stack my-scores">
      <h3 className="vibe-list__title">Your scores</h3>
      <dl className="my-scores__list">
        {CORE_SCORES.map((c) => {
          const v = score[c.apiName];
          return v == null ? null : (
            <div key={c.key}>
              <dt>{c.label}</dt>
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
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

function ScoreForm({ recordingId, onSaved }: { recordingId: string; onSaved: () => void }) {
  const [values, setValues] = useState<Partial<Record<TApiName, number>>>({});
  const [missing, setMissing] = useState<Set<TApiName>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: () =>
      api.createFeedback({
        recordingId,
        scoreOverall: values.scoreOverall!,
        scoreOrganization: values.scoreOrganization,
        scoreDelivery: values.scoreDelivery,
        scoreXfactor: values.scoreXfactor,
      }),
    onSuccess: () => {
      setValues({});
      onSaved();
    },
    onError: (e) => setError(errorMessage(e, 'Your scores could not be saved. Please try again.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const gaps = new Set(CORE_SCORES.filter((c) => values[c.apiName] == null).map((c) => c.apiName));
    setMissing(gaps);
    if (gaps.size) {
      const first = CORE_SCORES.find((c) => gaps.has(c.apiName));
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${first?.apiName}"]`)?.focus();
      return;
    }
    setError(null);
    save.mutate();
  };
  return (
    <form ref={formRef} className="stack score-form" onSubmit={submit} noValidate aria-label="Add a score">
      {CORE_SCORES.map((c) => {
        const invalid = missing.has(c.apiName) && values[c.apiName] == null;
        return (
          <fieldset key={c.key} className="score-scale" aria-describedby={invalid ? `${c.apiName}-error` : undefined}>
            <legend className="field__label">{c.label}</legend>
            <div className="score-scale__row" role="radiogroup" aria-label={c.label} aria-required>
              {VALUES.map((v) => (
                <label key={v} className="score-scale__option">
                  <input
                    type="radio"
                    name={c.apiName}
                    value={v}
                    checked={values[c.apiName] === v}
                    aria-label={v === 1 ? '1 (Poor)' : v === 10 ? '10 (Excellent)' : String(v)}
                    onChange={() => setValues((x) => ({ ...x, [c.apiName]: v }))}
                  />
                  <span aria-hidden>{v}</span>
                </label>
              ))}
            </div>
            <div className="score-scale__ends" aria-hidden>
              <span>Poor</span>
              <span>Excellent</span>
            </div>
            {invalid && (
              <p className="field__error" id={`${c.apiName}-error`}>
                Choose a score from 1 to 10.
              </p>
            )}
          </fieldset>
        );
      })}
      {error && (
        <p className="field__error" role="alert">
          {error}
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
