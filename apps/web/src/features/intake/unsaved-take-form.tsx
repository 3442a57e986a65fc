import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { Save } from 'lucide-react';
import { INTAKE_MSG, formatTimer, type TUnsavedTake } from '@rostrum/contract';
import { Button } from '../../components/button';
import type { TViewer } from '../../app/viewer';
import { RecordingOptionsFields, type TIntakeForm } from './recording-options';
import { saveTakeBody } from './intake-options';
import { createFailure } from './recording-upload';
import { useSaveUnsavedTake } from './intake.queries';
import { UploadFailure } from './upload-progress';

interface Props {
  take: TUnsavedTake;
  form: TIntakeForm;
  viewer: TViewer;
  titleRef: RefObject<HTMLInputElement | null>;
  onCancel: () => void;
  onSaved: (recordingId: string, assignmentId: string | undefined) => void;
}

/**
 * The Record tab's save form for an unsaved take this browser has no copy of: the same fields,
 * saved from what reached the server (POST live-captures/{id}/recording); the title takes the focus.
 */
export function UnsavedTakeForm({ take, form, viewer, titleRef, onCancel, onSaved }: Props) {
  const saveTake = useSaveUnsavedTake();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, [titleRef]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await form.validate())) return titleRef.current?.focus();
    setBusy(true);
    setError(null);
    const created = form.body({ source: 'ui record form' });
    try {
      // The bytes are the capture's: only the form's own fields go.
      const recordingId = await saveTake(take.captureId, saveTakeBody(created), created.source);
      const assignmentId = form.ctx.assignment?.assignmentId;
      form.reset();
      onSaved(recordingId, assignmentId);
    } catch (err) {
      setBusy(false);
      setError(createFailure(err, INTAKE_MSG.recordUploadError).message);
    }
  };

  return (
    <form className="stack stack--lg" onSubmit={(e) => void save(e)} noValidate aria-label="Save your recording">
      {take.receivedSeconds !== null && (
        <div className="recording-preview">
          <span className="recording-preview__badge">{formatTimer(take.receivedSeconds)}</span>
        </div>
      )}
      <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={busy} />
      {error && <UploadFailure title="Recording Error" message={error} />}
      <div className="row row--end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" icon={<Save size={16} aria-hidden />} busy={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
