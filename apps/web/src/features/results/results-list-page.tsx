import { useQuery } from '@tanstack/react-query';
import { AudioLines, Clock, Mic, Video } from 'lucide-react';
import type { TRecordingSummary } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';

function stateOf(r: TRecordingSummary): { label: string; tone: 'success' | 'danger' | 'warning' | 'info' } {
  if (r.failed) return { label: 'Could not be processed', tone: 'danger' };
  if (r.uploading) return { label: 'Uploading', tone: 'info' };
  if (r.processing) return { label: 'Processing', tone: 'warning' };
  return { label: 'Analyzed', tone: 'success' };
}

/** /evaluate: the speaker's recordings, newest first. */
export function ResultsListPage() {
  const recordings = useQuery({ queryKey: queryKeys.recordings, queryFn: api.getRecordings });
  const list = [...(recordings.data ?? [])].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
  return (
    <div className="page page--medium">
      <PageHeader title="Results" lead="Every recording you have made, with its analysis." />
      <Card flush>
        {recordings.isPending ? (
          <LoadingState />
        ) : list.length === 0 ? (
          <EmptyState icon={<Mic size={24} aria-hidden />} title="You have no recordings yet." />
        ) : (
          <ul className="recording-list" aria-label="Recordings">
            {list.map((r) => {
              const state = stateOf(r);
              const Icon = r.isVideo ? Video : AudioLines;
              return (
                <li key={r.recordingId} className="recording-list__item">
                  <span className="recording-list__icon">
                    <Icon size={20} aria-hidden />
                  </span>
                  <div className="recording-list__main">
                    <p className="recording-list__title">{r.title}</p>
                    <p className="subtle">
                      {formatDateTime(r.createdDate)}
                      {r.groupName ? ` · ${r.groupName}` : ''}
                    </p>
                  </div>
                  <span className="recording-list__duration">
                    <Clock size={14} aria-hidden /> {formatDuration(r.duration)}
                  </span>
                  {r.overallScore != null && !r.processing && !r.failed && (
                    <span className="recording-list__score" title="Vibe score">
                      {r.overallScore.toFixed(1)}
                    </span>
                  )}
                  <Badge tone={state.tone}>{state.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
