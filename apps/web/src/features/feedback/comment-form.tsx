import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Keyboard, MousePointerClick, X } from 'lucide-react';
import { defaultRegion, formatTimer, keyboardRegion } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';

type TMode = 'none' | 'drag' | 'keys';

/**
 * Add a comment (001 sections 4 and 5): the comment is required; an optional region comes from a
 * drag on the waveform (under 0.5 s is dropped and dragging starts again) or from start and end
 * fields; a region equal to the default (the middle quarter) is not sent.
 */
export function CommentForm({ recordingId, duration }: { recordingId: string; duration: number }) {
  const queryClient = useQueryClient();
  const controller = useWaveform();
  const wave = useWaveformState();
  const textId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<TMode>('none');
  const fallback = defaultRegion(duration);
  const [startText, setStartText] = useState(String(fallback.start));
  const [endText, setEndText] = useState(String(fallback.end));

  // Leaving the form clears the region and drag selection.
  useEffect(
    () => () => {
      controller?.stopSelecting();
      controller?.setDraft(null);
    },
    [controller],
  );

  const add = useMutation({
    mutationFn: (body: { comment: string; regionStart?: number; regionEnd?: number }) => api.createFeedback({ recordingId, ...body }),
    onSuccess: () => {
      setComment('');
      setError(null);
      clearRegion();
      void queryClient.invalidateQueries({ queryKey: queryKeys.feedback(recordingId) });
    },
    onError: (e) => setError(errorMessage(e, 'Your comment could not be saved. Please try again.')),
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
    setStartText(String(fallback.start));
    setEndText(String(fallback.end));
    controller?.setDraft(fallback);
    setMode('keys');
  }

  // Keyboard region: applied when a field is left (rounded; invalid values revert to the default).
  function applyKeys() {
    const r = keyboardRegion(startText, endText, duration);
    setStartText(String(r.start));
    setEndText(String(r.end));
    controller?.setDraft(r);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const text = comment.trim();
    if (!text) {
      setError('Comment is required');
      textRef.current?.focus();
      return;
    }
    const d = controller?.getState().draft ?? null;
    const isDefault = d && d.start === fallback.start && d.end === fallback.end;
    add.mutate(d && !isDefault ? { comment: text, regionStart: d.start, regionEnd: d.end } : { comment: text });
  }

  return (
    <form className="comment-form stack" onSubmit={submit} noValidate aria-label="New comment">
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          Add a comment
        </label>
        <textarea
          ref={textRef}
          id={textId}
          className="input textarea"
          rows={3}
          value={comment}
          required
          maxLength={5000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-error` : undefined}
          onChange={(e) => {
            setComment(e.target.value);
            if (error) setError(null);
          }}
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
              <input
                id={`${textId}-start`}
                className="input"
                inputMode="decimal"
                value={startText}
                onChange={(e) => setStartText(e.target.value)}
                onBlur={applyKeys}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${textId}-end`}>
                End (seconds)
              </label>
              <input
                id={`${textId}-end`}
                className="input"
                inputMode="decimal"
                value={endText}
                onChange={(e) => setEndText(e.target.value)}
                onBlur={applyKeys}
              />
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
