import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MSG, type TRecordingSummary } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { MANAGE_TEXT, TITLE_MAX } from './manage-text';
import { useRenameRecording } from './manage.queries';

/** The saved title: trimmed, and cut at 50 characters (002 section 5: "longer is cut"). */
export function cutTitle(value: string): string {
  return value.trim().slice(0, TITLE_MAX).trim();
}

/** Rename (002 sections 2.5 and 5): a modal form with the spec's prompt; an empty title is not saved. */
export function RenameRecordingDialog({
  recording,
  onClose,
  onRenamed,
}: {
  recording: TRecordingSummary | null;
  onClose: () => void;
  /** Reloads other lists that show the title. */
  onRenamed?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (recording && !el.open) {
      setTitle(recording.title);
      setError(null);
      el.showModal();
      // After the new value has rendered: the whole title is selected, ready to be typed over.
      requestAnimationFrame(() => field.current?.select());
    }
    if (!recording && el.open) el.close();
  }, [recording]);

  const rename = useRenameRecording({
    onSuccess: (saved) => {
      onRenamed?.();
      notifications.success(MSG.changesSaved, `The recording is now called "${saved}".`);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, 'The title could not be saved. Please try again.')),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!recording) return;
    const next = cutTitle(title);
    if (!next) {
      setError('Title is required');
      field.current?.focus();
      return;
    }
    rename.mutate({ recordingId: recording.recordingId, title: next });
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="rename-recording-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <div className="dialog__body">
          <h2 id="rename-recording-title">Rename recording</h2>
          <TextField
            ref={field}
            label="Title"
            value={title}
            onValueChange={setTitle}
            hint={MANAGE_TEXT.renamePrompt}
            error={error}
            autoComplete="off"
          />
        </div>
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={rename.isPending}>
            Save
          </Button>
        </div>
      </form>
    </dialog>
  );
}
