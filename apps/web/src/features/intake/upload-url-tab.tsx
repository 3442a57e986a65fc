import { useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { z } from 'zod';
import { ALLOWED_MEDIA_EXTENSIONS, INTAKE_MSG, ROUTES, ZRecordingUrlSchema, checkRecordingUrl, fileExtension } from '@rostrum/contract';
import { isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import type { TViewer } from '../../app/viewer';
import { useReportedError } from '../../app/reported-error';
import { openExternalPage } from '../../app/external-page';
import { useFetchClientConfig } from '../../app/client-config.queries';
import { RecordingOptionsFields, useIntakeOptions } from './recording-options';
import { useCreateUrlRecording } from './intake.queries';
import { resultsPath, type TIntakeData } from './intake-options';

/** The video-format note for a URL when the org shows video (spec 001 section 5). */
function videoNote(url: string): { title: string; text: string } | null {
  let ext = '';
  try {
    ext = fileExtension(new URL(url).pathname);
  } catch {
    return null;
  }
  if (ext === 'mp4') return null;
  if (ext && (ALLOWED_MEDIA_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      title: 'Only .mp4 videos can be played back',
      text: 'If this is a video it will still be analysed, but its picture can only be shown on the results page for .mp4 files.',
    };
  }
  return {
    title: 'Some video types may not be displayable',
    text: 'The recording will still be analysed; only .mp4 videos can be played back on the results page.',
  };
}

/** The URL field, checked by the API's own rule (http(s) only, no Zoom share links). */
const ZUrlFormSchema = z.object({ url: ZRecordingUrlSchema });
type TUrlFormInput = z.input<typeof ZUrlFormSchema>;
type TUrlFormValues = z.output<typeof ZUrlFormSchema>;

/** Upload URL tab: the server downloads the audio or video at a public http(s) address. */
export function UploadUrlTab({ viewer, data }: { viewer: TViewer; data?: TIntakeData }) {
  const form = useIntakeOptions(viewer, data);
  const titleRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const fetchClientConfig = useFetchClientConfig();
  const urlForm = useForm<TUrlFormInput, unknown, TUrlFormValues>({
    resolver: zodResolver(ZUrlFormSchema),
    defaultValues: { url: '' },
    // Checked on Save; typing clears the message, and leaving the field flags a Zoom share link.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const url = urlForm.watch('url');
  const create = useCreateUrlRecording({
    onSuccess: async (created) => {
      if (!viewer.freeTrial) return void navigate(resultsPath(created.recordingId, form.ctx.assignment?.assignmentId));
      // Free-trial users go to a thanks page (001 section 2): the operator's, else the app's own.
      const config = await fetchClientConfig().catch(() => null);
      if (config?.freeTrialThanksUrl) return openExternalPage(config.freeTrialThanksUrl);
      void navigate(`${ROUTES.freeTrialThanks.path}?${new URLSearchParams({ recordingId: created.recordingId })}`);
    },
  });
  const busy = create.isPending;
  // The spec's sentence on every failure (001 section 8); a 400 adds the server's reason after it
  // (a refused address, a Zoom link, a file that could not be downloaded).
  const reason = isApiError(create.error) && create.error.status === 400 && create.error.hasBody ? create.error.message : null;
  const error = !create.error ? null : reason ? `${INTAKE_MSG.urlUploadError} ${reason}` : INTAKE_MSG.urlUploadError;
  useReportedError('URL Upload Error', error);

  const checked = url.trim() ? checkRecordingUrl(url) : null;
  const note = viewer.org.settings.Video && checked?.ok ? videoNote(checked.url) : null;

  // The recording options are checked first; the URL only once they pass.
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!(await form.validate())) return titleRef.current?.focus();
    await urlForm.handleSubmit((v) => create.mutate(form.body({ source: 'ui url form', audio: v.url })))();
  };

  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Upload from a URL">
      <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={busy} />
      <Controller
        control={urlForm.control}
        name="url"
        render={(c) => (
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            {...bindField(c)}
            onValueChange={(v) => {
              c.field.onChange(v);
              if (c.fieldState.error) urlForm.clearErrors('url');
            }}
            onBlur={() => {
              c.field.onBlur();
              const left = c.field.value.trim() ? checkRecordingUrl(c.field.value) : null;
              if (left && !left.ok && left.message === INTAKE_MSG.zoomShareLink) {
                urlForm.setError('url', { type: 'zoom', message: left.message });
              }
            }}
            placeholder="https://example.com/talk.mp3"
            hint="The address of an audio or video file that anyone can download."
            disabled={busy}
            mono
          />
        )}
      />
      {note && <Banner inline kind="warning" title={note.title} text={note.text} />}
      {error && <Banner inline kind="error" title="URL Upload Error" text={error} />}
      <div className="row row--end">
        <Button type="submit" busy={busy} icon={<Save size={16} aria-hidden />}>
          Save
        </Button>
      </div>
    </form>
  );
}
