import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AlertTriangle, ArrowLeft, ClipboardList, Clock, Trash2, Users } from 'lucide-react';
import { INTAKE_MSG, reviewQueueOffered, type TRecording } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadingState, Spinner } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { notifications } from '../../app/notification-store';
import { WEB_ROUTES } from '../../app/route-paths';
import { resultsBackTarget } from '../../app/back-target';
import { useViewer } from '../../app/viewer';
import { useClientConfig } from '../../app/client-config.queries';
import { failureText, processingText, zoomFailureHint } from './recording-status';
import { recordingIsUnavailable, useDeleteRecording, useRecording, useRecordingsFollowState } from './results-recording.queries';
import { RecordingPicker } from './recording-picker';
import { MoveToAssignment } from './move-to-assignment';
import { DownloadMenu } from './download-menu';
import { ResultsLayout } from './results-layout';
import { RecordAgainLink } from './record-again-link';
import { NextInQueue } from '../review-queue/next-in-queue';
import { openedFromQueue } from '../review-queue/review-queue.queries';
import './recording-page.css';

const RETRIEVE_ERROR_DELAY_MS = 2000;
export const RETRIEVE_ERROR = {
  title: 'Error Retrieving Recording',
  text: 'This recording could not be retrieved. Most likely, it has either been deleted by the owner or you no longer have permission to view it.',
};

/** /evaluate/:recordingId: the recording's header, its processing state, then its results summary. */
export function RecordingPage() {
  const { recordingId = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const location = useLocation();
  const recording = useRecording(recordingId);
  const r = recording.data;

  // Retrieval failed: back to the list; the error shows 2 s later if the user is still there.
  useEffect(() => {
    if (!recording.isError) return;
    if (!recordingIsUnavailable(recording.error)) return;
    void navigate(WEB_ROUTES.evaluate.path, { replace: true });
    // The timer outlives this page on purpose: the notice shows on the list.
    window.setTimeout(() => {
      if (window.location.pathname === WEB_ROUTES.evaluate.path) notifications.error(RETRIEVE_ERROR.title, RETRIEVE_ERROR.text);
    }, RETRIEVE_ERROR_DELAY_MS);
  }, [recording.isError, recording.error, navigate]);

  useRecordingsFollowState(r);

  if (recording.isPending) return <LoadingState />;
  if (!r) {
    return (
      <div className="page page--narrow">
        <EmptyState icon={<AlertTriangle aria-hidden />} title={RETRIEVE_ERROR.title}>
          <p>{RETRIEVE_ERROR.text}</p>
        </EmptyState>
      </div>
    );
  }

  const othersShared = !r.access.isOwner;
  // Opened from the review queue (?queue=1) by a coach: offer the next waiting recording.
  const fromQueue = openedFromQueue(location.search) && reviewQueueOffered(viewer.facts, viewer.mode);
  const back = resultsBackTarget(viewer, location.state, { isOwner: r.access.isOwner }, location.search);
  return (
    <div className="page page--results">
      <header className="recording-header">
        <div className="recording-header__main">
          <Link to={back.to} className="recording-header__back" data-testid="results-back">
            <ArrowLeft size={16} aria-hidden /> {back.label}
          </Link>
          <h1 className="recording-header__title">{r.title}</h1>
          <p className="recording-header__meta">
            <span>{formatDateTime(r.createdDate)}</span>
            {r.duration != null && (
              <span>
                <Clock size={14} aria-hidden /> {formatDuration(r.duration)}
              </span>
            )}
            {r.assignment && (
              <span data-testid="recording-assignment">
                <ClipboardList size={14} aria-hidden /> {r.assignment.assignmentName}
              </span>
            )}
            {othersShared && (
              <span data-testid="recording-owner">
                <Users size={14} aria-hidden /> {r.groupName ? `${r.groupName} · ` : ''}
                {r.userFirstName} {r.userLastName}
              </span>
            )}
          </p>
        </div>
        {(r.access.isOwner || r.abilities.canExport || r.access.canHear || fromQueue) && (
          <div className="recording-header__actions">
            {fromQueue && <NextInQueue recordingId={r.recordingId} />}
            <RecordAgainLink recording={r} canRecord={viewer.speaker} />
            {r.abilities.canExport && <DownloadMenu recordingId={r.recordingId} />}
            {r.access.isOwner && r.abilities.canSubmit && <MoveToAssignment recording={r} />}
            {r.access.isOwner && <RecordingPicker currentId={r.recordingId} />}
          </div>
        )}
      </header>
      <RecordingBody recording={r} />
    </div>
  );
}

/** A failed recording's Delete (its owner's canDelete): confirmed, then back to the results list. */
function DeleteFailedRecording({ recording: r }: { recording: TRecording }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRecording(r.recordingId, {
    onSuccess: () => {
      void navigate(WEB_ROUTES.evaluate.path, { replace: true });
    },
    onError: (e) => {
      setConfirming(false);
      notifications.error('Error', errorMessage(e, 'The recording could not be deleted.'));
    },
  });
  return (
    <>
      <Button variant="danger" icon={<Trash2 size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete this recording?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>"{r.title}" will be removed. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function RecordingBody({ recording: r }: { recording: TRecording }) {
  if (r.state === 'failed') {
    const f = failureText(r);
    return (
      <Card>
        <div className="recording-failed" role="alert">
          <span className="icon-tile recording-failed__icon">
            <AlertTriangle size={24} aria-hidden />
          </span>
          <div className="stack">
            <h2>{f.title}</h2>
            <p className="muted">{f.text}</p>
            {f.explanation && <p className="muted">{f.explanation}</p>}
            {r.source === 'zoom form' && <ZoomFailureHint />}
            <p>
              <Link to="/record">Make a new recording</Link>
            </p>
            {r.abilities.canDelete && (
              <div>
                <DeleteFailedRecording recording={r} />
              </div>
            )}
          </div>
        </div>
      </Card>
    );
  }
  const processing = processingText(r.state);
  if (!processing && r.results) return <ResultsLayout recording={r} />;
  return (
    <div className="stack stack--lg">
      {r.playbackUrl && r.access.canHear && <MediaPlayer recording={r} />}
      {processing ? (
        <Card>
          <div className="processing" data-state={r.state}>
            <Spinner size="lg" label="" />
            <div>
              <p className="processing__title">{processing.title}</p>
              {processing.note && <p className="muted">{processing.note}</p>}
            </div>
            <ProcessingSteps state={r.state} />
            <p className="visually-hidden" role="status">
              This recording is still processing.
            </p>
          </div>
        </Card>
      ) : (
        <Card>
          <p className="muted">Results are not available for this recording.</p>
        </Card>
      )}
    </div>
  );
}

const STEPS = [
  { state: 'uploading', label: 'Upload' },
  { state: 'extracting', label: 'Extract audio' },
  { state: 'computing', label: 'Compute results' },
] as const;

function ProcessingSteps({ state }: { state: TRecording['state'] }) {
  const at = STEPS.findIndex((s) => s.state === state);
  return (
    <ol className="processing-steps" aria-hidden>
      {STEPS.map((s, i) => (
        <li key={s.state} className={i < at ? 'is-done' : i === at ? 'is-current' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

function MediaPlayer({ recording: r }: { recording: TRecording }) {
  return (
    <Card className="media-card">
      {r.isVideo &&
        (r.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: shown while the recording is analysed; no transcript exists yet.
          <video className="media-card__video" controls src={r.videoUrl} preload="metadata" aria-label={`Video of ${r.title}`} />
        ) : (
          <p className="muted">{INTAKE_MSG.videoNotReady}</p>
        ))}
      {(!r.isVideo || !r.videoUrl) && (
        // biome-ignore lint/a11y/useMediaCaption: shown while the recording is analysed; no transcript exists yet.
        <audio
          className="media-card__audio"
          controls
          src={r.playbackUrl ?? undefined}
          preload="metadata"
          aria-label={`Audio of ${r.title}`}
        />
      )}
    </Card>
  );
}

/** The Zoom retry hint and the support contact under a failed Zoom import (001 section 8). */
function ZoomFailureHint() {
  const config = useClientConfig();
  const email = config.data?.supportEmail ?? null;
  const text = zoomFailureHint('zoom form', email);
  if (!text || config.isPending) return null;
  return (
    <p className="muted" data-testid="zoom-failure-hint">
      {text.hint}{' '}
      {email ? (
        <>
          If it fails again, contact support at <a href={`mailto:${email}`}>{email}</a>.
        </>
      ) : (
        text.contact
      )}
    </p>
  );
}
