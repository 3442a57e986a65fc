import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileAudio, Upload } from 'lucide-react';
import { z } from 'zod';
import {
  INTAKE_MSG,
  RECORDING_LIMITS,
  ZCreateRecordingBodySchema,
  fileExtension,
  isRefusedExtension,
  trimmedDuration,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import type { TViewer } from '../../app/viewer';
import { RecordingOptionsFields, useIntakeOptions } from './recording-options';
import { resultsPath, trimOrUndefined, type TIntakeData } from './intake-options';
import { createFailure, startRecordingUpload, type TRecordingUpload, type TUploadProgress } from './recording-upload';
import { TrimControls } from './trim-controls';
import { useHideVideoOfConversation, useReloadRecordings } from './intake.queries';
import { UploadFailure, UploadProgress, formatBytes } from './upload-progress';
import './upload-file-tab.css';

type TPhase = 'idle' | 'creating' | 'uploading' | 'saving' | 'failed';

/**
 * The file's duration in seconds from an <audio> element's metadata, or null when the browser
 * cannot read it. A browser recording (WebM from MediaRecorder) has no duration in its header: the
 * element reports Infinity until it is asked to seek past the end, which makes it find the length.
 */
function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const el = document.createElement(file.type.startsWith('video/') ? 'video' : 'audio');
    let timer = 0;
    const done = (d: number | null) => {
      window.clearTimeout(timer);
      el.onloadedmetadata = el.ondurationchange = el.onerror = null;
      URL.revokeObjectURL(url);
      el.removeAttribute('src');
      resolve(d != null && Number.isFinite(d) ? d : null);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => {
      if (Number.isFinite(el.duration)) return done(el.duration);
      el.ondurationchange = () => Number.isFinite(el.duration) && done(el.duration);
      timer = window.setTimeout(() => done(null), DURATION_SCAN_MS);
      el.currentTime = Number.MAX_SAFE_INTEGER;
    };
    el.onerror = () => done(null);
    el.src = url;
  });
}

/** How long the browser may scan a header-less file for its length before the check is left to the server. */
const DURATION_SCAN_MS = 5000;

const FILE_REQUIRED = 'Choose an audio or video file to upload.';

/**
 * The file and its clipping (001 sections 5 and 8): the body's trim, with the file chosen and the
 * duration read from it (null until read, or when the browser cannot). The file must be an audio
 * or video type, at most 200 MB and at least 5 s long; what the clip keeps at most 15 minutes.
 */
const ZFileFormSchema = ZCreateRecordingBodySchema.pick({ trim: true })
  .required()
  .extend({ file: z.custom<File | null>(), duration: z.number().nullable(), clip: z.boolean() })
  .superRefine(({ file, duration, clip, trim }, ctx) => {
    const refusal = !file
      ? FILE_REQUIRED
      : isRefusedExtension(file.name)
        ? INTAKE_MSG.invalidFileType
        : file.size > RECORDING_LIMITS.maxBytes
          ? INTAKE_MSG.uploadError
          : duration != null && duration < RECORDING_LIMITS.minSeconds
            ? INTAKE_MSG.tooShort(Math.floor(duration))
            : null;
    if (refusal) ctx.addIssue({ code: 'custom', path: ['file'], message: refusal });
    else if (duration != null && trimmedDuration(duration, clip ? trim : null) > RECORDING_LIMITS.maxSeconds) {
      ctx.addIssue({ code: 'custom', path: ['trim'], message: INTAKE_MSG.tooLong });
    }
  });
type TFileFormInput = z.input<typeof ZFileFormSchema>;
type TFileFormValues = z.output<typeof ZFileFormSchema>;

/** Upload File tab: a file, its options and optional clipping, sent with a resumable upload. */
export function UploadFileTab({ viewer, data }: { viewer: TViewer; data?: TIntakeData }) {
  const form = useIntakeOptions(viewer, data);
  const titleRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const reloadRecordings = useReloadRecordings();
  const hideVideo = useHideVideoOfConversation();
  const fileForm = useForm<TFileFormInput, unknown, TFileFormValues>({
    resolver: zodResolver(ZFileFormSchema),
    defaultValues: { file: null, duration: null, clip: false, trim: { from: 0, to: -1 } },
    // Checked as the file is chosen and read and as the clip changes (check below), and on Upload.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Every refusal, the clip's length too, focuses the file chooser (onSubmit below).
    shouldFocusError: false,
  });
  const [file, duration, clip, trim] = fileForm.watch(['file', 'duration', 'clip', 'trim']);
  const fileError = fileForm.formState.errors.file?.message ?? null;
  const lengthError = fileForm.formState.errors.trim?.message ?? null;
  const check = (name: 'file' | 'trim' | ('file' | 'trim')[]) => fileForm.trigger(name);
  const [phase, setPhase] = useState<TPhase>('idle');
  const [progress, setProgress] = useState<TUploadProgress>({ sent: 0, total: 0 });
  const [error, setError] = useState<{ message: string; canRetry: boolean } | null>(null);
  const uploadRef = useRef<TRecordingUpload | null>(null);

  useEffect(() => () => uploadRef.current?.abort(), []);

  const chooseFile = async (f: File | null) => {
    fileForm.setValue('file', f);
    fileForm.setValue('duration', null);
    fileForm.setValue('trim', { from: 0, to: -1 });
    setError(null);
    uploadRef.current = null;
    // No file chosen is asked for on Upload only.
    if (!f) return fileForm.clearErrors(['file', 'trim']);
    // A refused type or size is shown at once, and the file is not read.
    if (!(await check(['file', 'trim']))) return;
    const d = await readDuration(f);
    fileForm.setValue('duration', d);
    // Too short to analyse: refused here, before anything is sent, as the Record tab does (001 section 5).
    if (!(await check('file'))) return;
    if (d != null && d > RECORDING_LIMITS.maxSeconds) fileForm.setValue('clip', true);
    void check('trim');
  };

  const busy = phase === 'creating' || phase === 'uploading' || phase === 'saving';
  const isVideo =
    !!file &&
    (file.type.startsWith('video/') || ['mp4', 'mov', 'm4v', 'mkv', 'avi', 'wmv', 'flv', 'mpg', 'mpeg'].includes(fileExtension(file.name)));
  const videoFormatNote = viewer.org.settings.Video && isVideo && fileExtension(file.name) !== 'mp4';

  const handlers = {
    onProgress: (p: TUploadProgress) => {
      setProgress(p);
      setPhase(p.sent >= p.total ? 'saving' : 'uploading');
    },
    onSuccess: (recordingId: string) => {
      uploadRef.current = null;
      reloadRecordings();
      void navigate(resultsPath(recordingId, form.ctx.assignment?.assignmentId));
    },
    onError: (f: { kind: 'refused'; message: string } | { kind: 'interrupted' }) => {
      setPhase('failed');
      if (f.kind === 'refused') {
        uploadRef.current = null;
        reloadRecordings();
        setError({ message: f.message, canRetry: false });
      } else setError({ message: INTAKE_MSG.uploadError, canRetry: true });
    },
  };

  /** Creates the recording and starts its upload; a failed create can be retried like a failed upload. */
  const send = async (f: File) => {
    setError(null);
    setPhase('creating');
    setProgress({ sent: 0, total: f.size });
    const t = clip ? trim : null;
    const body = form.body({
      source: 'ui upload form',
      fileName: f.name,
      fileSize: f.size,
      isVideo,
      ...(trimOrUndefined(t) ? { trim: trimOrUndefined(t) } : {}),
    });
    try {
      uploadRef.current = await startRecordingUpload(f, body, handlers);
      hideVideo(uploadRef.current.recordingId, body);
      setPhase((p) => (p === 'creating' ? 'uploading' : p));
    } catch (err) {
      setPhase('failed');
      setError(createFailure(err, INTAKE_MSG.uploadError));
    }
  };

  // The recording options are checked first; the file only once they pass.
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!(await form.validate())) return titleRef.current?.focus();
    await fileForm.handleSubmit(
      (v) => v.file && send(v.file),
      () => fileRef.current?.focus(),
    )();
  };

  const retry = () => {
    if (!uploadRef.current) {
      if (file) void send(file);
      return;
    }
    setError(null);
    setPhase('uploading');
    uploadRef.current.retry();
  };

  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Upload a file">
      <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={busy} />
      <div className="field">
        <span className="field__label" id="upload-file-label">
          File
        </span>
        <label className={['file-drop', fileError && 'file-drop--invalid'].filter(Boolean).join(' ')}>
          <input
            ref={fileRef}
            type="file"
            accept="audio/*,video/*"
            className="file-drop__input"
            aria-labelledby="upload-file-label"
            aria-describedby="upload-file-help"
            aria-invalid={fileError ? true : undefined}
            disabled={busy}
            onChange={(ev) => void chooseFile(ev.target.files?.[0] ?? null)}
          />
          <span className="file-drop__icon">
            <FileAudio size={22} aria-hidden />
          </span>
          <span className="file-drop__text">
            {file ? (
              <>
                <strong className="file-drop__name">{file.name}</strong>
                <span className="subtle">
                  {formatBytes(file.size)}
                  {duration != null ? ` · ${Math.round(duration)} s` : ''} · choose another file
                </span>
              </>
            ) : (
              <>
                <strong>Choose an audio or video file</strong>
                <span className="subtle">Click to browse your files</span>
              </>
            )}
          </span>
        </label>
        <p className="field__hint" id="upload-file-help">
          {INTAKE_MSG.fileHelp}
        </p>
        {fileError && (
          <p className="field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      {videoFormatNote && (
        <Banner
          inline
          kind="warning"
          title="Only .mp4 videos can be played back"
          text="This video will still be analysed, but its picture can only be shown on the results page for .mp4 files."
        />
      )}
      {file && !fileError && duration != null && (
        <div className="stack">
          <Controller
            control={fileForm.control}
            name="clip"
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onCheckedChange={(on) => {
                  field.onChange(on);
                  void check('trim');
                }}
                disabled={busy}
              >
                Clip the file before analysing it
              </Checkbox>
            )}
          />
          {clip && (
            <Controller
              control={fileForm.control}
              name="trim"
              render={({ field }) => (
                <TrimControls
                  duration={duration}
                  trim={field.value}
                  onChange={(t) => {
                    field.onChange(t);
                    void check('trim');
                  }}
                  disabled={busy}
                />
              )}
            />
          )}
          {lengthError && (
            <p className="field__error" role="alert">
              {lengthError}
            </p>
          )}
        </div>
      )}
      {(phase === 'uploading' || phase === 'saving' || (phase === 'failed' && progress.sent > 0)) && (
        <UploadProgress
          progress={progress}
          label={phase === 'saving' ? 'Saving on server' : phase === 'failed' ? 'Upload stopped' : 'Uploading'}
        />
      )}
      {error && <UploadFailure title="Upload Error" message={error.message} onRetry={error.canRetry ? retry : undefined} />}
      <div className="row row--end">
        <Button type="submit" busy={busy} disabled={phase === 'failed' && !!error?.canRetry} icon={<Upload size={16} aria-hidden />}>
          {phase === 'saving' ? 'Saving on server' : busy ? 'Uploading' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}
