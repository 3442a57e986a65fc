import { AlertTriangle, Loader } from 'lucide-react';
import type { TRecordingSummary, TVocabulary } from '@rostrum/contract';
import { Badge } from '../../components/status-badge';
import { MANAGE_TEXT, type TRowState } from './manage-text';

/** Vocal Delivery (overallScore) to one decimal, a dash until there is one. */
export function scoreText(r: Pick<TRecordingSummary, 'overallScore' | 'processing' | 'failed'>): string {
  return r.overallScore != null && !r.processing && !r.failed ? r.overallScore.toFixed(1) : '—';
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
