import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Keyboard, MousePointerClick, X } from 'lucide-react';
import { FEEDBACK_LIMITS, ZCommentTextSchema, defaultRegion, formatTimer, keyboardRegion } from '@rostrum/contract';
import { z } from 'zod';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import { useAddComment } from './feedback.queries';
import './comment-form.css';

type TMode = 'none' | 'drag' | 'keys';

/** The comment form: the comment by the API's own rule; start and end are the keyboard region's fields as typed. */
const ZCommentFormSchema = z.object({ comment: ZCommentTextSchema, startText: z.string(), endText: z.string() });
type TCommentFormInput = z.input<typeof ZCommentFormSchema>;
type TCommentFormValues = z.output<typeof ZCommentFormSchema>;

/**
 * Add a comment (001 sections 4 and 5): the comment is required; an optional region comes from a
 * drag on the waveform (under 0.5 s is dropped and dragging starts again) or from start and end
 * fields; a region equal to the default (the middle quarter) is not sent.
 */
export function CommentForm({ recordingId, groupId, duration }: { recordingId: string; groupId: string | null; duration: number }) {
  const controller = useWaveform();
  const wave = useWaveformState();
  const textId = useId();
  const [mode, setMode] = useState<TMode>('none');
  const fallback = defaultRegion(duration);
  const form = useForm<TCommentFormInput, unknown, TCommentFormValues>({
    resolver: zodResolver(ZCommentFormSchema),
    defaultValues: { comment: '', startText: String(fallback.start), endText: String(fallback.end) },
    // Checked on submit only; typing clears the message.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, setError, clearErrors, setValue, getValues, resetField, formState } = form;
  const error = formState.errors.comment?.message ?? null;

  // Leaving the form clears the region and drag selection.
  useEffect(
    () => () => {
      controller?.stopSelecting();
      controller?.setDraft(null);
    },
    [controller],
  );

  const add = useAddComment(recordingId, groupId, {
    onSuccess: () => {
      resetField('comment');
      clearRegion();
    },
    // A failed save is shown under the comment, like the required message.
    onError: (e) => setError('comment', { type: 'server', message: errorMessage(e, 'Your comment could not be saved. Please try again.') }),
  });

  function clearRegion() {
    controller?.stopSelecting();
    controller?.setDraft(null);
    setMode('none');
  }

  function chooseDrag() {
    controller?.setDraft(null);
    controller?.startSelecting();
    setMode('drag');
  }

  function chooseKeys() {
    controller?.stopSelecting();
    setValue('startText', String(fallback.start));
    setValue('endText', String(fallback.end));
    controller?.setDraft(fallback);
    setMode('keys');
  }

  // Keyboard region: applied when a field is left (rounded; invalid values revert to the default).
  function applyKeys() {
    const r = keyboardRegion(getValues('startText'), getValues('endText'), duration);
    setValue('startText', String(r.start));
    setValue('endText', String(r.end));
    controller?.setDraft(r);
  }

  // The comment is sent trimmed; the region only when it differs from the default.
  const submit = handleSubmit(({ comment }) => {
    const d = controller?.getState().draft ?? null;
    const isDefault = d && d.start === fallback.start && d.end === fallback.end;
    add.mutate(d && !isDefault ? { comment, regionStart: d.start, regionEnd: d.end } : { comment });
  });

  return (
    <form className="comment-form stack" onSubmit={(e) => void submit(e)} noValidate aria-label="New comment">
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          Add a comment
        </label>
        <textarea
          id={textId}
          className="input textarea"
          rows={3}
          required
          maxLength={FEEDBACK_LIMITS.commentMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-error` : undefined}
          {...register('comment', {
            onChange: () => {
              if (error) clearErrors('comment');
            },
          })}
        />
        {error && (
          <p className="field__error" id={`${textId}-error`} role="alert">
            {error}
          </p>
        )}
      </div>

      <fieldset className="region-picker">
        <legend className="field__label">
          Moment in the recording <span className="field__optional">(optional)</span>
        </legend>
        <div className="row">
          <Button
            variant={mode === 'drag' ? 'primary' : 'secondary'}
            size="sm"
            icon={<MousePointerClick size={14} aria-hidden />}
            onClick={chooseDrag}
            disabled={!wave.ready}
            aria-pressed={mode === 'drag'}
          >
            Drag on waveform
          </Button>
          <Button
            variant={mode === 'keys' ? 'primary' : 'secondary'}
            size="sm"
            icon={<Keyboard size={14} aria-hidden />}
            onClick={chooseKeys}
            disabled={!wave.ready}
            aria-pressed={mode === 'keys'}
          >
            Enter times
          </Button>
          {(mode !== 'none' || wave.draft) && (
            <Button variant="ghost" size="sm" icon={<X size={14} aria-hidden />} onClick={clearRegion}>
              No region
            </Button>
          )}
        </div>
        {mode === 'drag' && wave.selecting && (
          <p className="field__hint" role="status">
            {wave.draftRejected
              ? 'That selection was shorter than 0.5 seconds. Drag across the waveform again.'
              : 'Drag across the waveform to select a moment.'}
          </p>
        )}
        {mode === 'keys' && (
          <div className="region-picker__times">
            <div className="field">
              <label className="field__label" htmlFor={`${textId}-start`}>
                Start (seconds)
              </label>
              <input id={`${textId}-start`} className="input" inputMode="decimal" {...register('startText', { onBlur: applyKeys })} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${textId}-end`}>
                End (seconds)
              </label>
              <input id={`${textId}-end`} className="input" inputMode="decimal" {...register('endText', { onBlur: applyKeys })} />
            </div>
          </div>
        )}
        {wave.draft && (
          <p className="region-picker__chosen" data-testid="draft-region">
            Region {formatTimer(wave.draft.start)} to {formatTimer(wave.draft.end)}
          </p>
        )}
      </fieldset>
      <div className="row row--end">
        <Button type="submit" busy={add.isPending}>
          Add Comment
        </Button>
      </div>
    </form>
  );
}
