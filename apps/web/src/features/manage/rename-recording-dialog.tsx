import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MSG, ZRecordingTitleSchema, type TRecordingSummary } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { MANAGE_TEXT, TITLE_MAX } from './manage-text';
import { useRenameRecording } from './manage.queries';

/** The saved title: trimmed, and cut at 50 characters (002 section 5: "longer is cut"). */
export function cutTitle(value: string): string {
  return value.trim().slice(0, TITLE_MAX).trim();
}

/** The title as saved (cut), then the API's title rule (ZUpdateRecordingBodySchema's title): 'Title is required'. */
const ZRenameFormSchema = z.object({ title: z.string().transform(cutTitle).pipe(ZRecordingTitleSchema) });
type TRenameInput = z.input<typeof ZRenameFormSchema>;

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
  const form = useForm<TRenameInput, unknown, z.output<typeof ZRenameFormSchema>>({
    resolver: zodResolver(ZRenameFormSchema),
    defaultValues: { title: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (recording && !el.open) {
      form.reset({ title: recording.title });
      el.showModal();
      // After the new value has rendered: the whole title is selected, ready to be typed over.
      requestAnimationFrame(() => form.setFocus('title', { shouldSelect: true }));
    }
    if (!recording && el.open) el.close();
  }, [recording, form]);

  const rename = useRenameRecording({
    onSuccess: (saved) => {
      onRenamed?.();
      notifications.success(MSG.changesSaved, `The recording is now called "${saved}".`);
      onClose();
    },
    // Any failure is shown under the title, like the required message.
    onError: (e) => form.setError('title', { type: 'server', message: errorMessage(e, 'The title could not be saved. Please try again.') }),
  });

  const submit = form.handleSubmit(({ title }) => {
    if (recording) rename.mutate({ recordingId: recording.recordingId, title });
  });

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
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="dialog__body">
          <h2 id="rename-recording-title">Rename recording</h2>
          <Controller
            control={form.control}
            name="title"
            render={(c) => <TextField label="Title" {...bindField(c)} hint={MANAGE_TEXT.renamePrompt} autoComplete="off" />}
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
