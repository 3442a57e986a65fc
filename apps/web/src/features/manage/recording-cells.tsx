import { Link } from 'react-router';
import { AlertTriangle, LineChart, Loader } from 'lucide-react';
import { type TRecordingSummary, type TVocabulary, vibeScoreText } from '@rostrum/contract';
import { formatDate } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { Badge } from '../../components/status-badge';
import { MANAGE_TEXT, type TRowState } from './manage-text';

/** Vocal Delivery (overallScore) to one decimal, a dash until there is one. */
export function scoreText(r: Pick<TRecordingSummary, 'overallScore' | 'processing' | 'failed'>): string {
  return !r.processing && !r.failed ? vibeScoreText(r.overallScore) : '—';
}

/** 'Analyzed', or the spec's processing and failure sentences (002 section 8). */
export function RecordingStateCell({ state }: { state: TRowState }) {
  if (state === 'done') return <Badge tone="success">Analyzed</Badge>;
  const Icon = state === 'failed' ? AlertTriangle : Loader;
  return (
    <span className={`recording-state recording-state--${state}`}>
      <Icon size={14} aria-hidden />
      {state === 'failed' ? MANAGE_TEXT.failed : MANAGE_TEXT.processing}
    </span>
  );
}

/** Whether the recording went to the coach (submitted) or to the whole group (feedbackRequested). */
export function RecordingFlags({
  recording: r,
  vocab,
}: {
  recording: Pick<TRecordingSummary, 'submitted' | 'feedbackRequested'>;
  vocab: TVocabulary;
}) {
  if (!r.submitted && !r.feedbackRequested) return null;
  return (
    <span className="recording-flags">
      {r.submitted && <Badge tone="info">Submitted to {vocab.word('coach')}</Badge>}
      {r.feedbackRequested && <Badge tone="info">Shared with {vocab.word('group')}</Badge>}
    </span>
  );
}

// The cells a recording row has wherever recordings are listed: the manage tabs' tables and the
// assignment member table's recordings (002 sections 2.2, 2.5 and 2.6).

/** History: "View" to the recording's Vocal Delivery history, a dash where there is none to open. */
export function HistoryCell({ href, title }: { href: string | null; title: string }) {
  return (
    <td data-label="History">
      {href ? (
        <Link to={href} className="history-link">
          <LineChart size={15} aria-hidden />
          View<span className="visually-hidden"> the Vocal Delivery history of {title}</span>
        </Link>
      ) : (
        '—'
      )}
    </td>
  );
}

export function DateCell({ date }: { date: string | null }) {
  return (
    <td data-label="Date" className="nowrap">
      {formatDate(date)}
    </td>
  );
}

export function DurationCell({ seconds }: { seconds: number | null }) {
  return (
    <td data-label="Duration" className="num">
      {formatDuration(seconds)}
    </td>
  );
}

/** Vocal Delivery (scoreText); `hidden` shows a dash where the caller may not hear the recording. */
export function VocalDeliveryCell({
  recording,
  hidden = false,
}: {
  recording: Pick<TRecordingSummary, 'overallScore' | 'processing' | 'failed'>;
  hidden?: boolean;
}) {
  return (
    <td data-label="Vocal Delivery" className="num">
      {hidden ? '—' : scoreText(recording)}
    </td>
  );
}
