import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Mic, MicOff, RotateCcw, Save, Square } from 'lucide-react';
import { ERROR_CODES, INTAKE_MSG, RECORDING_LIMITS, formatTimer, type TUnsavedTake } from '@rostrum/contract';
import { isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import type { TViewer } from '../../app/viewer';
import { usePreference } from '../../app/preferences';
import { useReportedError } from '../../app/reported-error';
import { isEdgeOnWindows, isIos } from '../auth/browser-support';
import { AudioCapture, fileExtensionFor, playBuzzer } from './audio-capture';
import { RecordingOptionsFields, useIntakeOptions } from './recording-options';
import { TargetLength } from '../practice/target-length';
import { resultsPath, type TIntakeData } from './intake-options';
import { createFailure, startRecordingUpload, type TRecordingUpload, type TUploadProgress } from './recording-upload';
import {
  COUNT_DOWN_TICK_MS,
  ELAPSED_POLL_MS,
  initialRecordState,
  isTooShort,
  reachedMaxLength,
  recordReducer,
  showsSaveForm,
} from './record-machine';
import { SaveSteps, UploadFailure } from './upload-progress';
import { LiveUpload, type TLiveStatus } from './live-upload';
import { TakeKeeper, findKeptTake } from './take-keeper';
import type { TStoredTake } from './take-store';
import { KeptTakeOffer } from './kept-take-offer';
import { LiveCuesPanel, LiveCuesSwitch } from './live-cues-panel';
import { UnsavedTakesNotice, useUnsavedTakes } from './unsaved-takes';
import { UnsavedTakeForm } from './unsaved-take-form';
import { useOnline } from './offline/use-online';
import { holdScreenAwake } from './offline/wake-lock';
import { useWaitingTakes, waitingTakes } from './offline/waiting-takes';
import { WaitingTakesPanel } from './offline/waiting-takes-panel';
import { OFFLINE_MSG } from './offline/offline-messages';
import {
  checkSession,
  createRecording,
  discardUnsavedTake,
  useHideVideoOfConversation,
  useReloadRecordings,
  useReloadUnsavedTakes,
} from './intake.queries';

const TROUBLESHOOTING_PATH = '/help#microphone';

/** The quiet line under the timer while the take uploads as it is recorded. */
const LIVE_STATUS: Record<TLiveStatus, string> = {
  saving: 'Saving as you speak',
  offline: 'Offline: kept on this device for now',
};

/** After a failed save of a take kept on the device: what the speaker can do (issue 41). */
export const KEPT_TAKE_NOTE =
  'Your take is kept on this device. Check your connection, then Retry Upload; if you leave this page, the record page offers the take again.';

function TroubleshootingLink() {
  return (
    <Link to={TROUBLESHOOTING_PATH} target="_blank" rel="noopener">
      Microphone troubleshooting
    </Link>
  );
}

/** Record tab: record in the browser, check the length, then save with the shared options. */
export function RecordTab({ viewer, canRecord, data }: { viewer: TViewer; canRecord: boolean; data?: TIntakeData }) {
  const form = useIntakeOptions(viewer, data);
  const titleRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const reloadRecordings = useReloadRecordings();
  const reloadUnsavedTakes = useReloadUnsavedTakes();
  const hideVideo = useHideVideoOfConversation();
  const captureRef = useRef<AudioCapture | null>(null);
  const uploadRef = useRef<TRecordingUpload | null>(null);
  /** The take's live upload until Save binds it to a recording (then uploadRef holds it). */
  const liveRef = useRef<LiveUpload | null>(null);
  const [liveStatus, setLiveStatus] = useState<TLiveStatus | null>(null);
  /** The take's copy on this device (issue 19) until it is saved with every byte, or discarded. */
  const keeperRef = useRef<TakeKeeper | null>(null);
  /** An unsaved take of this user found on the device when the tab opened. */
  const [offer, setOffer] = useState<TStoredTake | null>(null);
  const [confirmDropOffer, setConfirmDropOffer] = useState(false);
  /** Recording started (or the offer was answered) before the device was read: no offer then. */
  const offerClosedRef = useRef(false);
  const userId = viewer.user?.userId;
  /** Takes left unsaved on the server (another tab, a crash, another device), offered until answered. */
  const unsaved = useUnsavedTakes(canRecord);
  /** Captures of takes this tab recorded or took up: never offered here as left unsaved. */
  const handledRef = useRef(new Set<string>());
  /** An unsaved take from the server being saved through the save form (no copy on this device). */
  const [serverTake, setServerTake] = useState<TUnsavedTake | null>(null);
  const assignmentRef = useRef<string | undefined>(undefined);
  assignmentRef.current = form.assignment?.assignmentId;
  const [params] = useSearchParams();
  const askedTakeRef = useRef(params.get('take'));
  const [machine, dispatch] = useReducer(recordReducer, initialRecordState);
  const { phase: state, count, elapsed, result, progress, uploadError, showTroubleshooting, confirmCancel } = machine;
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  /** The microphone's failure (001 section 8): refused, or only silence (iOS has its own text). */
  const captureError =
    state === 'AUTHORIZATION_ERROR'
      ? INTAKE_MSG.authorizationError
      : state === 'SILENCE_ERROR'
        ? isIos()
          ? INTAKE_MSG.silenceErrorIos
          : INTAKE_MSG.silenceError
        : null;
  // Shown inline, reported as the error notifications are (000 section 8).
  useReportedError('Recording Error', captureError);
  /** Live cues (issue 20): remembered on or off; they tap the stream only while recording. */
  const [liveCues, setLiveCues] = usePreference(viewer.me, 'liveCues');
  const cuesOn = liveCues === 'on';
  const [cueStream, setCueStream] = useState<MediaStream | null>(null);
  const cuesSwitch = <LiveCuesSwitch checked={cuesOn} onCheckedChange={(on) => setLiveCues(on ? 'on' : 'off')} />;
  /** Takes saved while offline (issue 41), listed until each has uploaded itself. */
  const online = useOnline();
  const waiting = useWaitingTakes();
  useEffect(() => {
    if (userId) void waitingTakes.run(userId);
  }, [userId]);

  useEffect(
    () => () => {
      captureRef.current?.release();
      uploadRef.current?.abort();
      // A take kept on the device keeps its capture: the tab offers both when it opens again.
      if (keeperRef.current?.kept) liveRef.current?.abort();
      else liveRef.current?.discard();
    },
    [],
  );

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void findKeptTake(userId).then((take) => {
      if (current && take && !offerClosedRef.current) setOffer(take);
    });
    return () => {
      current = false;
    };
  }, [userId]);

  const refreshUnsaved = useCallback(() => void reloadUnsavedTakes(), [reloadUnsavedTakes]);
  /** The take is not kept: its live upload stops and the capture is deleted (best effort). */
  const dropLive = useCallback(() => {
    liveRef.current?.discard();
    liveRef.current = null;
    setLiveStatus(null);
  }, []);
  /** Saved with every byte on the server, or discarded: the device copy goes. */
  const forgetTake = useCallback(() => {
    void keeperRef.current?.remove();
    keeperRef.current = null;
  }, []);
  /** After Keep It the title field takes the focus (the button that had it is gone). */
  const focusTitleRef = useRef(false);
  useEffect(() => {
    if (state !== 'STOPPED' || !focusTitleRef.current) return;
    focusTitleRef.current = false;
    titleRef.current?.focus();
  }, [state]);
  /** After the kept take is discarded the Record button that replaces the offer takes the focus. */
  const recordButtonRef = useRef<HTMLButtonElement>(null);
  const focusRecordRef = useRef(false);
  useEffect(() => {
    if (offer || !focusRecordRef.current) return;
    focusRecordRef.current = false;
    recordButtonRef.current?.focus();
  }, [offer]);
  useEffect(() => {
    if (!result) return setPreviewUrl(null);
    const url = URL.createObjectURL(result.blob);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [result]);

  // Each state's timers live while the state lasts: leaving the state clears them.
  useEffect(() => {
    if (state !== 'AUTHORIZING') return;
    const t = window.setTimeout(() => dispatch({ type: 'TROUBLESHOOTING_DUE' }), RECORDING_LIMITS.troubleshootingDelayMs);
    return () => window.clearTimeout(t);
  }, [state]);
  useEffect(() => {
    if (state !== 'COUNT_DOWN') return;
    const t = window.setInterval(() => dispatch({ type: 'COUNT_TICK' }), COUNT_DOWN_TICK_MS);
    return () => window.clearInterval(t);
  }, [state]);

  const stop = useCallback(async () => {
    const capture = captureRef.current;
    if (!capture) return;
    dispatch({ type: 'STOP' });
    const r = await capture.stop();
    captureRef.current = null;
    liveRef.current?.finish();
    setLiveStatus(null);
    keeperRef.current?.update({ seconds: r.seconds });
    if (r.seconds < RECORDING_LIMITS.minSeconds) {
      dropLive();
      forgetTake();
    }
    dispatch({ type: 'STOPPED', result: r });
  }, [dropLive, forgetTake]);

  useEffect(() => {
    const capture = captureRef.current;
    if (state !== 'RECORDING' || !capture) return;
    let live: LiveUpload | null = null;
    // The screen stays on while recording where the browser allows it (a phone may suspend the page).
    const releaseScreen = holdScreenAwake();
    capture.start(
      () => {
        capture.release();
        captureRef.current = null;
        dropLive();
        forgetTake();
        playBuzzer();
        dispatch({ type: 'SILENCE' });
      },
      (blob) => {
        keeper?.append(blob, capture.elapsedSeconds());
        live?.append(blob);
      },
    );
    // Kept on the device as it comes (a reload loses nothing), for the signed-in user only.
    const keeper = userId ? TakeKeeper.begin(userId, capture.mimeType) : null;
    keeperRef.current = keeper;
    // Upload while recording; if the capture cannot be created, the take is uploaded after Save.
    // Offline, recording needs no network at all: the take is kept on the device only.
    if (navigator.onLine) {
      live = new LiveUpload(`${crypto.randomUUID()}.${fileExtensionFor(capture.mimeType)}`, capture.mimeType, {
        assignmentId: assignmentRef.current,
        onStatus: setLiveStatus,
        onUploadUrl: (captureId, uploadUrl) => keeper?.update({ captureId, uploadUrl }),
        onAcked: (acked) => keeper?.update({ acked }),
      });
      liveRef.current = live;
      void live.ready.then((captureId) => captureId && handledRef.current.add(captureId));
    } else setLiveStatus('offline');
    setCueStream(capture.mediaStream);
    const t = window.setInterval(() => {
      const s = capture.elapsedSeconds();
      dispatch({ type: 'ELAPSED', seconds: s });
      if (!reachedMaxLength(s)) return;
      window.clearInterval(t);
      void stop();
    }, ELAPSED_POLL_MS);
    return () => {
      window.clearInterval(t);
      releaseScreen();
      setCueStream(null);
    };
  }, [state, stop, dropLive, forgetTake, userId]);

  const reset = () => {
    dropLive();
    captureRef.current?.release();
    captureRef.current = null;
    uploadRef.current = null;
    dispatch({ type: 'RESET' });
  };

  const record = async () => {
    offerClosedRef.current = true;
    setOffer(null);
    dropLive();
    captureRef.current?.release();
    uploadRef.current = null;
    dispatch({ type: 'RECORD' });
    const capture = new AudioCapture();
    captureRef.current = capture;
    try {
      await capture.open();
    } catch {
      capture.release();
      captureRef.current = null;
      dispatch({ type: 'MIC_DENIED' });
      return;
    }
    // Microphone granted: the session is checked before the countdown (a 401 goes to sign-in);
    // offline it is checked when the take uploads.
    try {
      if (navigator.onLine) await checkSession();
    } catch (e) {
      capture.release();
      captureRef.current = null;
      if (!(isApiError(e) && e.status === 401)) dispatch({ type: 'SESSION_CHECK_FAILED' });
      return;
    }
    dispatch({ type: 'MIC_READY' });
  };

  const handlers = {
    onProgress: (p: TUploadProgress) => dispatch({ type: 'UPLOAD_PROGRESS', progress: p }),
    onSuccess: (recordingId: string) => {
      uploadRef.current = null;
      forgetTake();
      reloadRecordings();
      refreshUnsaved();
      form.reset();
      dispatch({ type: 'UPLOAD_DONE' });
      void navigate(resultsPath(recordingId, form.ctx.assignment?.assignmentId));
    },
    onError: (f: { kind: 'refused'; message: string } | { kind: 'interrupted' }) =>
      dispatch({
        type: 'UPLOAD_FAILED',
        error: f.kind === 'refused' ? { message: f.message, canRetry: false } : { message: INTAKE_MSG.recordUploadError, canRetry: true },
      }),
  };

  /**
   * Save of a take uploaded while recording: the new recording takes the capture's bytes. False
   * when the server no longer has the capture (expired, or replaced by newer ones): the take is
   * then uploaded whole.
   */
  const saveLive = async (live: LiveUpload, captureId: string): Promise<boolean> => {
    if (!result) return true;
    const body = {
      ...form.body({ source: 'ui record form', fileName: live.fileName, fileSize: result.blob.size }),
      captureId,
    };
    try {
      const created = await createRecording(body);
      if (!created?.recordingId) throw new Error('No recording id returned');
      const { recordingId } = created;
      // Bound: leaving the page no longer deletes the capture (the recording owns it).
      liveRef.current = null;
      uploadRef.current = { recordingId, retry: () => live.retry(), abort: () => live.abort() };
      hideVideo(recordingId, body);
      live.watch({ ...handlers, onSuccess: () => handlers.onSuccess(recordingId) });
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.liveCaptureNotFound) return false;
      // Retry Upload posts again with the same capture: uploadRef stays empty.
      dispatch({ type: 'UPLOAD_FAILED', error: createFailure(err, INTAKE_MSG.recordUploadError) });
    }
    return true;
  };

  /**
   * Save while offline: the take and its form go to the device's waiting takes before any network
   * call, replacing the copy kept while recording; it uploads itself when the connection returns.
   */
  const keepOffline = async (id: string, r: NonNullable<typeof result>) => {
    await keeperRef.current?.flushed();
    const fileName = `${crypto.randomUUID()}.${fileExtensionFor(r.mimeType)}`;
    const body = form.body({ source: 'ui record form', fileName, fileSize: r.blob.size });
    const kept = await waitingTakes.keep({ userId: id, blob: r.blob, mimeType: r.mimeType, seconds: r.seconds, body });
    if (!kept) return dispatch({ type: 'UPLOAD_FAILED', error: { message: OFFLINE_MSG.notKept, canRetry: true } });
    // The kept take is now the waiting one; a live upload begun before the connection went stops.
    keeperRef.current = null;
    liveRef.current?.abort();
    liveRef.current = null;
    form.reset();
    dispatch({ type: 'UPLOAD_DONE' });
  };

  const upload = async () => {
    if (!result) return;
    if (!(await form.validate())) return titleRef.current?.focus();
    dispatch({ type: 'UPLOAD_STARTED', total: result.blob.size });
    if (!navigator.onLine && userId) return keepOffline(userId, result);
    const live = liveRef.current;
    const captureId = live ? await live.ready : null;
    if (live && captureId && live.usable && (await saveLive(live, captureId))) return;
    // No live capture (not created, refused or gone on the server): the whole take goes up now.
    dropLive();
    const file = new File([result.blob], `${crypto.randomUUID()}.${fileExtensionFor(result.mimeType)}`, {
      type: result.blob.type,
      lastModified: Date.now(),
    });
    const body = form.body({ source: 'ui record form', fileName: file.name, fileSize: file.size });
    try {
      uploadRef.current = await startRecordingUpload(file, body, handlers);
      hideVideo(uploadRef.current.recordingId, body);
    } catch (err) {
      // Retry Upload (when offered) creates the recording again: uploadRef stays empty.
      dispatch({ type: 'UPLOAD_FAILED', error: createFailure(err, INTAKE_MSG.recordUploadError) });
    }
  };

  /** Keep It: the kept take goes to the save form; its capture's upload resumes where the server has it. */
  const keepOffered = (take: TStoredTake) => {
    offerClosedRef.current = true;
    setOffer(null);
    if (take.captureId) handledRef.current.add(take.captureId);
    const keeper = TakeKeeper.resume(take.userId);
    keeperRef.current = keeper;
    // Without a capture upload to resume, Save uploads the whole take (as when the capture failed).
    if (take.captureId && take.uploadUrl) {
      liveRef.current = new LiveUpload(
        `${crypto.randomUUID()}.${fileExtensionFor(take.mimeType)}`,
        take.mimeType,
        { onAcked: (acked) => keeper.update({ acked }) },
        { captureId: take.captureId, uploadUrl: take.uploadUrl, blob: take.blob },
      );
    }
    focusTitleRef.current = true;
    dispatch({ type: 'RESTORED', result: { blob: take.blob, mimeType: take.mimeType, seconds: take.seconds } });
  };

  /** Discard of the offered take: the device copy and the server's capture go. */
  const discardOffered = () => {
    setConfirmDropOffer(false);
    if (!offer) return;
    if (offer.captureId)
      void discardUnsavedTake(offer.captureId)
        .catch(() => undefined)
        .then(refreshUnsaved);
    void TakeKeeper.resume(offer.userId).remove();
    offerClosedRef.current = true;
    focusRecordRef.current = true;
    setOffer(null);
  };

  /** Unsaved takes on the server; the one also kept on this device is offered once, as the server's. */
  const listed = unsaved.takes.filter((t) => !handledRef.current.has(t.captureId));
  const offerListed = !!offer?.captureId && listed.some((t) => t.captureId === offer.captureId);

  /**
   * Save it: a take also kept on this device goes to the save form with its bytes (Keep It);
   * otherwise the save form opens for what the server has, with the take's assignment chosen.
   */
  const saveUnsaved = (take: TUnsavedTake) => {
    if (offer && offer.captureId === take.captureId) return keepOffered(offer);
    const assignment = take.assignment && form.assignments.find((a) => a.assignmentId === take.assignment?.assignmentId);
    if (assignment) form.choose(assignment);
    setServerTake(take);
  };
  /** Discarded from the notice: the device copy of that take goes too. */
  const unsavedDiscarded = (take: TUnsavedTake) => {
    if (!offer || offer.captureId !== take.captureId) return;
    void TakeKeeper.resume(offer.userId).remove();
    offerClosedRef.current = true;
    setOffer(null);
  };
  // Save it from another page (record?take=): the save form opens once the take is listed.
  useEffect(() => {
    const asked = askedTakeRef.current;
    if (!asked || !unsaved.settled || state !== 'READY') return;
    askedTakeRef.current = null;
    const take = unsaved.takes.find((t) => t.captureId === asked);
    if (take) saveUnsaved(take);
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    void upload();
  };

  const retryUpload = () => {
    if (uploadRef.current) {
      dispatch({ type: 'UPLOAD_RETRIED' });
      uploadRef.current.retry();
    } else void upload();
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

  const tooShort = isTooShort(machine);
  const showForm = showsSaveForm(machine);

  return (
    <div className="stack stack--lg">
      <WaitingTakesPanel
        online={online}
        takes={waiting}
        onRetry={(takeId) => userId && void waitingTakes.retry(userId, takeId)}
        onDiscard={(takeId) => void waitingTakes.discard(takeId)}
      />
      {state === 'READY' && !serverTake && <UnsavedTakesNotice takes={listed} onSave={saveUnsaved} onDiscarded={unsavedDiscarded} />}
      {!showForm && !serverTake && (
        <div className={`recorder recorder--${state.toLowerCase().replace('_', '-')}`} data-state={state}>
          {state === 'READY' && offer && unsaved.settled && !offerListed && (
            <KeptTakeOffer take={offer} onKeep={() => keepOffered(offer)} onDiscard={() => setConfirmDropOffer(true)} />
          )}
          {state === 'READY' && !offer && (
            <>
              <button ref={recordButtonRef} type="button" className="recorder__button" onClick={() => void record()}>
                <Mic size={36} aria-hidden />
                <span>Record</span>
              </button>
              <p className="recorder__hint">Up to 15 minutes. Speak for at least 5 seconds.</p>
            </>
          )}
          {state === 'READY' && cuesSwitch}
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
              {data?.prompt && <TargetLength elapsed={elapsed} target={data.prompt.suggestedSeconds} />}
              <p className="recorder__saving" aria-live="polite" data-testid="live-status">
                {state === 'RECORDING' && liveStatus ? LIVE_STATUS[liveStatus] : ''}
              </p>
              {cuesOn && state === 'RECORDING' && <LiveCuesPanel stream={cueStream} />}
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
              {cuesSwitch}
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
          {captureError && (
            <>
              <span className="recorder__error-icon">
                <MicOff size={28} aria-hidden />
              </span>
              <Banner
                inline
                kind="error"
                title="Recording Error"
                text={
                  <>
                    {captureError} <TroubleshootingLink />
                    {state === 'AUTHORIZATION_ERROR' && isEdgeOnWindows() && (
                      <span className="recorder__error-hint">{INTAKE_MSG.edgeWindowsMicHint}</span>
                    )}
                  </>
                }
              />
              <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden />} onClick={reset}>
                Try Again
              </Button>
            </>
          )}
        </div>
      )}

      {serverTake && (
        <UnsavedTakeForm
          take={serverTake}
          form={form}
          viewer={viewer}
          titleRef={titleRef}
          onCancel={() => {
            form.reset();
            setServerTake(null);
          }}
          onSaved={(recordingId, assignmentId) => {
            refreshUnsaved();
            setServerTake(null);
            void navigate(resultsPath(recordingId, assignmentId));
          }}
        />
      )}
      {showForm && result && (
        <form className="stack stack--lg" onSubmit={save} noValidate aria-label="Save your recording">
          <div className="recording-preview">
            <span className="recording-preview__badge">{formatTimer(result.seconds)}</span>
            {previewUrl && (
              // biome-ignore lint/a11y/useMediaCaption: the speaker's own take, just recorded: no transcript exists before analysis.
              <audio controls src={previewUrl} aria-label="Your recording" className="recording-preview__audio" />
            )}
          </div>
          <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={state === 'UPLOADING'} />
          {state === 'UPLOADING' && !uploadError && (
            <SaveSteps
              progress={progress}
              label={progress.total > 0 && progress.sent >= progress.total ? 'Saving on server' : 'Uploading'}
            />
          )}
          {uploadError && (
            <UploadFailure
              title="Recording Error"
              message={uploadError.message}
              note={keeperRef.current?.kept ? KEPT_TAKE_NOTE : undefined}
              onRetry={uploadError.canRetry ? retryUpload : undefined}
            />
          )}
          <div className="row row--end">
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'CANCEL_REQUESTED' })}
              disabled={state === 'UPLOADING' && !uploadError}
            >
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
        onCancel={() => dispatch({ type: 'CANCEL_KEPT' })}
        onConfirm={() => {
          uploadRef.current?.abort();
          uploadRef.current = null;
          dropLive();
          forgetTake();
          form.reset();
          dispatch({ type: 'DISCARDED' });
        }}
      >
        <p className="muted">The recording has not been saved and will be lost.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmDropOffer}
        title="Discard this recording?"
        confirmLabel="Discard"
        destructive
        cancelLabel="Keep it"
        onCancel={() => setConfirmDropOffer(false)}
        onConfirm={discardOffered}
      >
        <p className="muted">The recording has not been saved and will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}
