import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, Clapperboard, Link2, Music, RefreshCw, Video } from 'lucide-react';
import {
  ROUTES,
  ZOOM_LIMITS,
  ZOOM_MSG,
  formatTimer,
  trimmedDuration,
  type TTrim,
  type TZoomMeeting,
  type TZoomRecordingFile,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { formatDateTime } from '../../components/date-format';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { useViewer } from '../../app/viewer';
import { RecordingOptionsFields, useIntakeOptions } from '../intake/recording-options';
import { resultsPath, type TIntakeData } from '../intake/intake-options';
import { TrimControls } from '../intake/trim-controls';
import { formatBytes } from '../intake/upload-progress';
import { useIntakeData } from '../intake/use-intake-data';
import { ZoomLinkFailed } from './zoom-link-failed';
import { goLinkZoom } from './zoom-link';
import {
  isZoomNotLinked,
  useImportZoomRecording,
  useResetZoomLink,
  useZoomConnection,
  useZoomMeetings,
  zoomImportErrorMessage,
} from './zoom.queries';
import '../intake/intake.css';
import './zoom.css';

const FILE_LABELS: Record<string, string> = { M4A: 'Audio only', MP4: 'Video' };

/**
 * /zoom-recordings?assignmentId=: the Zoom import (002 section 2.12). Links the caller's Zoom
 * account when needed, lists the cloud recordings of the last 15 days, then: pick a recording,
 * trim it, name it, choose the assignment or group, process. The server downloads the file;
 * the results page shows the progress.
 */
export function ZoomRecordingsPage() {
  const viewer = useViewer();
  const [params] = useSearchParams();
  const assignmentId = params.get('assignmentId');
  const connection = useZoomConnection();
  const linked = !!connection.data?.available && connection.data.linked;
  const meetings = useZoomMeetings(linked);
  const intake = useIntakeData(viewer, assignmentId);
  const backTo = `${ROUTES.record.path}${assignmentId ? `?${new URLSearchParams({ assignmentId }).toString()}` : ''}`;
  const lostLink = isZoomNotLinked(meetings.error);
  const [linkDismissed, setLinkDismissed] = useState(false);

  let body: ReactNode;
  if (connection.isPending || intake.pending || (linked && meetings.isPending)) {
    body = <LoadingState text={linked ? 'Loading your Zoom recordings...' : 'Loading...'} />;
  } else if (connection.isError) {
    body = <Banner inline kind="error" title="Zoom could not be reached" text="Reload the page to try again." />;
  } else if (!connection.data.available) {
    body = <Banner inline kind="info" title="Zoom import is not available" text={ZOOM_MSG.unavailable} />;
  } else if (!linked) {
    body = <LinkCard assignmentId={assignmentId} />;
  } else if (meetings.isError) {
    body = lostLink ? (
      <LinkCard assignmentId={assignmentId} />
    ) : (
      <div className="stack">
        <Banner inline kind="error" title="Your Zoom recordings could not be loaded" text={ZOOM_MSG.unreachable} />
        <div>
          <Button variant="secondary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => void meetings.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (meetings.data) {
    body = (
      <>
        {meetings.data.recordingsDropped && <Banner inline kind="warning" title="Some meetings are not shown" text={ZOOM_MSG.truncated} />}
        {meetings.data.meetings.length === 0 ? (
          <EmptyZoom assignmentId={assignmentId} />
        ) : (
          <ImportForm meetings={meetings.data.meetings} data={intake.data} assignmentId={assignmentId} />
        )}
      </>
    );
  }

  return (
    <div className="page page--medium">
      <PageHeader
        eyebrow="Upload ZOOM"
        title="Zoom Recordings"
        lead={`Import a cloud recording of one of your Zoom meetings from the last ${ZOOM_LIMITS.windowDays} days.`}
        actions={
          <ButtonLink to={backTo} variant="ghost" icon={<ArrowLeft size={16} aria-hidden />}>
            Other ways to add a recording
          </ButtonLink>
        }
      />
      <div className="stack stack--lg">{body}</div>
      {/* Loading the meetings failed on the link (a revoked or expired grant): the spec's confirm. */}
      <ZoomLinkFailed open={lostLink && !linkDismissed} assignmentId={assignmentId} onCancel={() => setLinkDismissed(true)} />
    </div>
  );
}

function LinkCard({ assignmentId }: { assignmentId: string | null }) {
  const [busy, setBusy] = useState(false);
  return (
    <section className="card intake-card" aria-labelledby="zoom-link-title">
      <header className="intake-card__header">
        <span className="icon-tile">
          <Link2 size={18} aria-hidden />
        </span>
        <div>
          <h2 className="card__title" id="zoom-link-title">
            Link your Zoom account
          </h2>
          <p className="card__description">
            Rostrum reads the cloud recordings of your Zoom meetings, only when you import one. You can disconnect Zoom at any time on your
            account settings.
          </p>
        </div>
      </header>
      <div className="card__body">
        <Button
          busy={busy}
          icon={<Video size={16} aria-hidden />}
          onClick={() => {
            setBusy(true);
            void goLinkZoom(assignmentId).catch(() => setBusy(false));
          }}
        >
          Link Zoom account
        </Button>
      </div>
    </section>
  );
}

/** The empty state, with the reset link: unlink this Zoom account and link one (perhaps another) again. */
function EmptyZoom({ assignmentId }: { assignmentId: string | null }) {
  const [busy, setBusy] = useState(false);
  const resetLink = useResetZoomLink();
  const reset = async () => {
    setBusy(true);
    try {
      await resetLink.mutateAsync(assignmentId);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="card">
      <EmptyState icon={<Clapperboard size={22} aria-hidden />} title={ZOOM_MSG.empty}>
        <p className="subtle">
          Cloud recordings of your meetings in the last {ZOOM_LIMITS.windowDays} days appear here once Zoom has processed them.
        </p>
        <button type="button" className="link-button" onClick={() => void reset()} disabled={busy}>
          Reset your Zoom link
        </button>
      </EmptyState>
    </div>
  );
}

type TPick = { meeting: TZoomMeeting; file: TZoomRecordingFile };

function fileLabel(f: TZoomRecordingFile): string {
  const kind = FILE_LABELS[f.fileType] ?? f.fileType;
  return f.duration != null ? `${kind} · ${formatTimer(f.duration)}` : kind;
}

function ImportForm({ meetings, data, assignmentId }: { meetings: TZoomMeeting[]; data: TIntakeData; assignmentId: string | null }) {
  const viewer = useViewer();
  const form = useIntakeOptions(viewer, data);
  const titleRef = useRef<HTMLInputElement>(null);
  const pickRef = useRef<HTMLFieldSetElement>(null);
  const navigate = useNavigate();
  const [pick, setPick] = useState<TPick | null>(null);
  const [pickError, setPickError] = useState(false);
  const [trim, setTrim] = useState<TTrim>({ from: 0, to: -1 });
  const [relink, setRelink] = useState(false);

  const duration = pick?.file.duration ?? null;
  const kept = duration != null ? trimmedDuration(duration, trim) : null;
  const tooLong = kept != null && kept > ZOOM_LIMITS.maxTrimSeconds + 0.5;

  const run = useImportZoomRecording({
    onSuccess: (recordingId) => void navigate(resultsPath(recordingId, form.ctx.assignment?.assignmentId)),
    onError: (err) => {
      if (isZoomNotLinked(err)) setRelink(true);
    },
  });
  const error = run.error ? zoomImportErrorMessage(run.error) : null;

  const choose = (p: TPick) => {
    setPick(p);
    setPickError(false);
    setTrim({ from: 0, to: -1 });
    run.reset();
    // The meeting's topic is the title until the user writes one.
    if (!form.options.title.trim()) form.setOptions((o) => ({ ...o, title: p.meeting.topic.trim().slice(0, 50) }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (run.isPending) return;
    if (!pick) {
      setPickError(true);
      return pickRef.current?.querySelector('input')?.focus();
    }
    if (tooLong) return;
    if (!(await form.validate())) return titleRef.current?.focus();
    const b = form.body({ source: 'zoom form' });
    run.mutate({
      meetingId: pick.meeting.meetingId,
      fileId: pick.file.fileId,
      title: b.title,
      trim,
      ...(b.assignmentId ? { assignmentId: b.assignmentId } : {}),
      ...(b.groupId ? { groupId: b.groupId } : {}),
      ...(b.algorithm ? { algorithm: b.algorithm } : {}),
      submitted: b.submitted ?? false,
      feedbackRequested: b.feedbackRequested ?? false,
    });
  };

  const busy = run.isPending;
  return (
    <form className="stack stack--lg" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Import a Zoom recording">
      <fieldset className="card zoom-step" ref={pickRef} disabled={busy} aria-describedby={pickError ? 'zoom-pick-error' : undefined}>
        <legend className="zoom-step__legend">
          <span className="zoom-step__num">1</span> Pick a recording
        </legend>
        <ul className="zoom-meetings">
          {meetings.map((m) => (
            <li key={m.meetingId} className="zoom-meeting">
              <div className="zoom-meeting__head">
                <span className="zoom-meeting__topic">{m.topic || 'Untitled meeting'}</span>
                <span className="subtle">{formatDateTime(m.startTime)}</span>
              </div>
              <div className="zoom-meeting__files">
                {m.files.map((f) => (
                  <label key={f.fileId} className="choice-card zoom-file">
                    <input
                      type="radio"
                      className="radio-dot"
                      name="zoom-file"
                      checked={pick?.file.fileId === f.fileId && pick.meeting.meetingId === m.meetingId}
                      onChange={() => choose({ meeting: m, file: f })}
                    />
                    <span className="choice-card__text">
                      <span className="choice-card__title">
                        {f.fileType === 'MP4' ? <Video size={14} aria-hidden /> : <Music size={14} aria-hidden />} {fileLabel(f)}
                      </span>
                      <span className="choice-card__hint">
                        {f.fileType}
                        {f.fileSize != null ? ` · ${formatBytes(f.fileSize)}` : ''}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </li>
          ))}
        </ul>
        {pickError && (
          <p className="field__error" role="alert" id="zoom-pick-error">
            Pick the recording to import.
          </p>
        )}
      </fieldset>

      {pick && (
        <section className="card zoom-step" aria-labelledby="zoom-step-trim">
          <h2 className="zoom-step__legend" id="zoom-step-trim">
            <span className="zoom-step__num">2</span> Trim start and end
          </h2>
          {duration != null ? (
            <TrimControls duration={duration} trim={trim} onChange={setTrim} disabled={busy} />
          ) : (
            <p className="subtle">Zoom does not say how long this recording is; it is imported from its start to its end.</p>
          )}
          {tooLong && (
            <p className="field__error" role="alert">
              {ZOOM_MSG.trimTooLong}
            </p>
          )}
        </section>
      )}

      <section className="card zoom-step" aria-labelledby="zoom-step-name">
        <h2 className="zoom-step__legend" id="zoom-step-name">
          <span className="zoom-step__num">{pick ? 3 : 2}</span> Name it and choose where it goes
        </h2>
        <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} disabled={busy} />
      </section>

      {busy && <Banner inline kind="info" title="Processing" text="Rostrum is fetching the recording from Zoom. This can take a minute." />}
      {error && !relink && <Banner inline kind="error" title="Import failed" text={error} />}
      <div className="row row--end">
        <Button type="submit" busy={busy} icon={<Clapperboard size={16} aria-hidden />}>
          {busy ? 'Processing' : 'Process'}
        </Button>
      </div>
      <ZoomLinkFailed open={relink} assignmentId={assignmentId} onCancel={() => setRelink(false)} />
    </form>
  );
}
