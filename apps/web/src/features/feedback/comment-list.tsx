import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, PlayCircle, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { ZUpdateFeedbackBodySchema, formatTimer, type TFeedback } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { formatDateTime } from '../../components/date-format';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/status-badge';
import { useWaveform } from '../../components/waveform/waveform-context';
import { useDeleteComment, useUpdateComment } from './feedback.queries';
import './comment-list.css';

export const FADE_MS = 1000;

/** Comments, oldest first: coach feedback labelled; a region plays on click; the author edits (one at a time) or deletes. */
export function CommentList({ recordingId, items }: { recordingId: string; items: TFeedback[] }) {
  const controller = useWaveform();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [fading, setFading] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState<string | null>(null);

  // Deleted feedback fades over 1 s, then leaves the list.
  const remove = useDeleteComment(recordingId, {
    reloadAfterMs: FADE_MS,
    onSuccess: (id) => {
      setConfirming(null);
      setFading((f) => new Set(f).add(id));
      if (shown === id) {
        controller?.showCommentRegion(null);
        setShown(null);
      }
    },
  });

  if (!items.length) return <p className="muted feedback-empty">No comments yet.</p>;

  return (
    <>
      <ol className="comments" aria-label="Comments">
        {items.map((f) => {
          const hasRegion = f.regionStart != null && f.regionEnd != null;
          const isEditing = editing === f.feedbackId;
          return (
            <li
              key={f.feedbackId}
              className={[
                'comment',
                f.isManager && 'comment--coach',
                fading.has(f.feedbackId) && 'comment--fading',
                shown === f.feedbackId && 'comment--shown',
              ]
                .filter(Boolean)
                .join(' ')}
              data-testid="comment"
            >
              <div className="comment__head">
                <span className="comment__name">{f.name}</span>
                {f.isManager && <Badge tone="info">Coach feedback</Badge>}
                <span className="comment__date">{formatDateTime(f.createdDate)}</span>
              </div>
              {hasRegion && (
                <button
                  type="button"
                  className="comment__region"
                  aria-pressed={shown === f.feedbackId}
                  onClick={() => {
                    if (shown === f.feedbackId) {
                      controller?.showCommentRegion(null);
                      setShown(null);
                    } else {
                      controller?.showCommentRegion({ start: f.regionStart!, end: f.regionEnd! }, true);
                      setShown(f.feedbackId);
                    }
                  }}
                >
                  <PlayCircle size={14} aria-hidden />
                  {formatTimer(f.regionStart!)} to {formatTimer(f.regionEnd!)}
                  <span className="visually-hidden">{shown === f.feedbackId ? ', hide region' : ', play region'}</span>
                </button>
              )}
              {isEditing ? (
                <CommentEditForm recordingId={recordingId} item={f} onDone={() => setEditing(null)} />
              ) : (
                <p className="comment__text">{f.comment}</p>
              )}
              {f.isMine && !isEditing && (
                <div className="comment__actions">
                  <button type="button" className="link-btn" onClick={() => setEditing(f.feedbackId)}>
                    <Pencil size={13} aria-hidden /> Edit
                  </button>
                  <button type="button" className="link-btn link-btn--danger" onClick={() => setConfirming(f.feedbackId)}>
                    <Trash2 size={13} aria-hidden /> Delete
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this feedback?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && remove.mutate(confirming)}
      />
    </>
  );
}

/** The edited comment, by the API's own rule for it (required once trimmed, sent trimmed). */
const ZCommentEditSchema = ZUpdateFeedbackBodySchema.pick({ comment: true });
type TCommentEditInput = z.input<typeof ZCommentEditSchema>;
type TCommentEditValues = z.output<typeof ZCommentEditSchema>;

/** Edit of one comment, starting from its text; Save or Cancel ends it (`onDone`). */
function CommentEditForm({ recordingId, item, onDone }: { recordingId: string; item: TFeedback; onDone: () => void }) {
  const form = useForm<TCommentEditInput, unknown, TCommentEditValues>({
    resolver: zodResolver(ZCommentEditSchema),
    defaultValues: { comment: item.comment ?? '' },
    // Checked on Save only: the message stays while the user types, and the focus stays on Save.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = form.formState.errors.comment?.message;
  const save = useUpdateComment(recordingId, {
    onSuccess: onDone,
    onError: (e) => form.setError('comment', { type: 'server', message: errorMessage(e, 'Your change could not be saved.') }),
  });
  const submit = form.handleSubmit(({ comment }) => save.mutate({ item, comment }));
  const id = `edit-${item.feedbackId}`;
  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <label className="visually-hidden" htmlFor={id}>
        Edit comment
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: the user just pressed Edit; focus moves to the text they asked to edit.
        autoFocus
        aria-invalid={error ? true : undefined}
        {...form.register('comment')}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="row row--end">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
