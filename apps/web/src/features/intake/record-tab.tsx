import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Mic, MicOff, RotateCcw, Save, Square } from 'lucide-react';
import { INTAKE_MSG, RECORDING_LIMITS, formatTimer } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import type { TViewer } from '../../app/viewer';
import { AudioCapture, fileExtensionFor, playBuzzer, type TCaptureResult } from './audio-capture';
import { RecordingOptionsFields, useIntakeOptions } from './recording-options';
import { createErrorMessage, startRecordingUpload, type TRecordingUpload, type TUploadProgress } from './recording-upload';
import { UploadFailure, UploadProgress } from './upload-progress';

/** Capture states of spec 001 section 4. */
export type TCaptureState =
  | 'READY'
  | 'AUTHORIZING'
  | 'COUNT_DOWN'
  | 'RECORDING'
  | 'STOPPING'
  | 'STOPPED'
  | 'UPLOADING'
  | 'AUTHORIZATION_ERROR'
  | 'SILENCE_ERROR';

const TROUBLESHOOTING_PATH = '/help#microphone';

function TroubleshootingLink() {
  return (
    <Link to={TROUBLESHOOTING_PATH} target="_blank" rel="noopener">
      Microphone troubleshooting
    </Link>
  );
}

/** Record tab: record in the browser, check the length, then save with the shared options. */
export function RecordTab({ viewer, canRecord }: { viewer: TViewer; canRecord: boolean }) {
  const form = useIntakeOptions(viewer);
  const titleRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captureRef = useRef<AudioCapture | null>(null);
  const uploadRef = useRef<TRecordingUpload | null>(null);
  const timers = useRef<number[]>([]);
  const [state, setState] = useState<TCaptureState>('READY');
  const [showTroubleshooting, setShowTroubleshooting] = useState(false);
  const [count, setCount] = useState<number>(RECORDING_LIMITS.countdownSeconds);
  const [elapsed, setElapsed] = useState(0);
  const [result, setResult] = useState<TCaptureResult | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [progress, setProgress] = useState<TUploadProgress>({ sent: 0, total: 0 });
  const [uploadError, setUploadError] = useState<{ message: string; canRetry: boolean } | null>(null);

  // Stable (it only touches a ref), so the unmount cleanup below runs once.
  const clearTimers = useCallback(() => {
    timers.current.forEach((t) => {
      window.clearTimeout(t);
      window.clearInterval(t);
    });
    timers.current = [];
  }, []);

  useEffect(
    () => () => {
      clearTimers();
      captureRef.current?.release();
      uploadRef.current?.abort();
    },
    [clearTimers],
  );
  useEffect(() => {
    if (!result) return setPreviewUrl(null);
    const url = URL.createObjectURL(result.blob);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [result]);

  const reset = () => {
    clearTimers();
    captureRef.current?.release();
    captureRef.current = null;
    uploadRef.current = null;
    setResult(null);
    setElapsed(0);
    setUploadError(null);
    setShowTroubleshooting(false);
    setState('READY');
  };

  const stop = async () => {
    const capture = captureRef.current;
    if (!capture) return;
    clearTimers();
    setState('STOPPING');
    const r = await capture.stop();
    captureRef.current = null;
    setResult(r);
    setElapsed(r.seconds);
    setState('STOPPED');
  };

  const onSilence = () => {
    clearTimers();
    captureRef.current?.release();
    captureRef.current = null;
    playBuzzer();
    setState('SILENCE_ERROR');
  };

  const beginRecording = () => {
    const capture = captureRef.current;
    if (!capture) return;
    capture.start(onSilence);
    setState('RECORDING');
    timers.current.push(
      window.setInterval(() => {
        const s = capture.elapsedSeconds();
        setElapsed(s);
        // Auto-stop at the maximum length (9000 tenths of a second).
        if (s * 10 >= RECORDING_LIMITS.maxTenths) void stop();
      }, 100),
    );
  };

  const record = async () => {
    reset();
    setState('AUTHORIZING');
    timers.current.push(window.setTimeout(() => setShowTroubleshooting(true), RECORDING_LIMITS.troubleshootingDelayMs));
    const capture = new AudioCapture();
    captureRef.current = capture;
    try {
      await capture.open();
    } catch {
      clearTimers();
      capture.release();
      captureRef.current = null;
      setState('AUTHORIZATION_ERROR');
      return;
    }
    // Microphone granted: the session is checked before the countdown (a 401 goes to sign-in).
    try {
      await api.getMe();
    } catch (e) {
      capture.release();
      captureRef.current = null;
      clearTimers();
      if (!(isApiError(e) && e.status === 401)) setState('READY');
      return;
    }
    clearTimers();
    setShowTroubleshooting(false);
    setCount(RECORDING_LIMITS.countdownSeconds);
    setState('COUNT_DOWN');
    let n: number = RECORDING_LIMITS.countdownSeconds;
    const tick = window.setInterval(() => {
      n -= 1;
      if (n > 0) return setCount(n);
      window.clearInterval(tick);
      beginRecording();
    }, 1000);
    timers.current.push(tick);
  };

  const handlers = {
    onProgress: (p: TUploadProgress) => setProgress(p),
    onSuccess: (recordingId: string) => {
      uploadRef.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      form.reset();
      setResult(null);
      setState('READY');
      void navigate(`/evaluate/${recordingId}`);
    },
    onError: (f: { kind: 'refused'; message: string } | { kind: 'interrupted' }) =>
      setUploadError(
        f.kind === 'refused' ? { message: f.message, canRetry: false } : { message: INTAKE_MSG.recordUploadError, canRetry: true },
      ),
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!result) return;
    if (!form.validate()) return titleRef.current?.focus();
    const file = new File([result.blob], `${crypto.randomUUID()}.${fileExtensionFor(result.mimeType)}`, {
      type: result.blob.type,
      lastModified: Date.now(),
    });
    setUploadError(null);
    setProgress({ sent: 0, total: file.size });
    setState('UPLOADING');
    try {
      uploadRef.current = await startRecordingUpload(
        file,
        form.body({ source: 'ui record form', fileName: file.name, fileSize: file.size }),
        handlers,
      );
    } catch (err) {
      setUploadError({ message: createErrorMessage(err, INTAKE_MSG.recordUploadError), canRetry: false });
    }
  };

  const retryUpload = () => {
    setUploadError(null);
    if (uploadRef.current) uploadRef.current.retry();
    else void save({ preventDefault() {} } as FormEvent);
  };

  if (!canRecord) {
    return (
      <Banner
        inline
        kind="warning"
        title="Your browser cannot record audio"
        text="Recording needs a recent version of Chrome, Firefox, Safari or Edge (on iPhone and iPad, Safari on iOS 11 or later). You can still upload a file."
      />
    );
  }

  const tooShort = state === 'STOPPED' && result && result.seconds < RECORDING_LIMITS.minSeconds;
  const showForm = (state === 'STOPPED' && result && !tooShort) || state === 'UPLOADING';

  return (
    <div className="stack stack--lg">
      {!showForm && (
        <div className={`recorder recorder--${state.toLowerCase().replace('_', '-')}`} data-state={state}>
          {state === 'READY' && (
            <>
              <button type="button" className="recorder__button" onClick={() => void record()}>
                <Mic size={36} aria-hidden />
                <span>Record</span>
              </button>
              <p className="recorder__hint">Up to 15 minutes. Speak for at least 5 seconds.</p>
            </>
          )}
          {state === 'AUTHORIZING' && (
            <>
              <Spinner size="lg" label="" />
              <p className="recorder__status" role="status">
                Waiting for access to your microphone...
              </p>
              {showTroubleshooting && (
                <p className="recorder__hint">
                  No prompt from your browser? <TroubleshootingLink />
                </p>
              )}
            </>
          )}
          {state === 'COUNT_DOWN' && (
            <>
              <p className="recorder__count" aria-hidden>
                {count}
              </p>
              <p className="recorder__status" role="status" aria-live="assertive">
                Recording starts in {count}
              </p>
            </>
          )}
          {(state === 'RECORDING' || state === 'STOPPING') && (
            <>
              <p className="recorder__live">
                <span className="recorder__dot" aria-hidden /> {state === 'RECORDING' ? 'Recording' : 'Stopping...'}
              </p>
              <p className="recorder__timer" data-testid="record-timer" role="timer" aria-label="Recording duration">
                {formatTimer(elapsed)}
              </p>
              <Button
                variant="danger"
                size="lg"
                icon={<Square size={16} aria-hidden fill="currentColor" />}
                onClick={() => void stop()}
                busy={state === 'STOPPING'}
              >
                Stop
              </Button>
              <p className="recorder__hint">Recording stops by itself at 15 minutes.</p>
            </>
          )}
          {tooShort && result && (
            <>
              <p className="recorder__error" role="alert">
                {INTAKE_MSG.tooShort(Math.floor(result.seconds))}
              </p>
              <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden />} onClick={reset}>
                Go Back
              </Button>
            </>
          )}
          {(state === 'AUTHORIZATION_ERROR' || state === 'SILENCE_ERROR') && (
            <>
              <span className="recorder__error-icon">
                <MicOff size={28} aria-hidden />
              </span>
              <Banner
                inline
                kind="error"
                title="Recording Error"
                text={
                  state === 'AUTHORIZATION_ERROR' ? (
                    <>
                      {INTAKE_MSG.authorizationError} <TroubleshootingLink />
                    </>
                  ) : (
                    <>
                      {INTAKE_MSG.silenceError} <TroubleshootingLink />
                    </>
                  )
                }
              />
              <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden />} onClick={reset}>
                Try Again
              </Button>
            </>
          )}
        </div>
      )}

      {showForm && result && (
        <form className="stack stack--lg" onSubmit={(e) => void save(e)} noValidate aria-label="Save your recording">
          <div className="recording-preview">
            <span className="recording-preview__badge">{formatTimer(result.seconds)}</span>
            {previewUrl && (
              // biome-ignore lint/a11y/useMediaCaption: the speaker's own take, just recorded: no transcript exists before analysis.
              <audio controls src={previewUrl} aria-label="Your recording" className="recording-preview__audio" />
            )}
          </div>
          <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={state === 'UPLOADING'} />
          {state === 'UPLOADING' && !uploadError && (
            <UploadProgress
              progress={progress}
              label={progress.total > 0 && progress.sent >= progress.total ? 'Saving on server' : 'Uploading'}
            />
          )}
          {uploadError && (
            <UploadFailure title="Recording Error" message={uploadError.message} onRetry={uploadError.canRetry ? retryUpload : undefined} />
          )}
          <div className="row row--end">
            <Button variant="secondary" onClick={() => setConfirmCancel(true)} disabled={state === 'UPLOADING' && !uploadError}>
              Cancel
            </Button>
            <Button
              type="submit"
              icon={<Save size={16} aria-hidden />}
              busy={state === 'UPLOADING' && !uploadError}
              disabled={!!uploadError}
            >
              Save
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Discard this recording?"
        confirmLabel="Discard"
        destructive
        cancelLabel="Keep it"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          uploadRef.current?.abort();
          form.reset();
          reset();
        }}
      >
        <p className="muted">The recording has not been saved and will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}
