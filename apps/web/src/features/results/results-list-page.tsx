import { Link, useNavigate } from 'react-router';
import { AudioLines, Clock, Mic, Video } from 'lucide-react';
import { type TRecordingSummary, vibeScoreText } from '@rostrum/contract';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { ButtonLink } from '../../components/button';
import { isGeneratedFileName, listState } from './recording-status';
import { StateIcon } from './state-icon';
import { useRecordings } from './results-recording.queries';
import { useViewer } from '../../app/viewer';
import { UnsavedTakesNotice, unsavedTakePath, useUnsavedTakes } from '../intake/unsaved-takes';
import './results-list-page.css';

function stateOf(r: TRecordingSummary): { label: string; tone: 'success' | 'danger' | 'warning' | 'info' } {
  if (r.failed) return { label: 'Could not be processed', tone: 'danger' };
  if (r.uploading) return { label: 'Uploading', tone: 'info' };
  if (r.processing) return { label: 'Processing', tone: 'warning' };
  return { label: 'Analyzed', tone: 'success' };
}

/** /evaluate: the speaker's recordings, newest first. */
export function ResultsListPage() {
  const recordings = useRecordings();
  const { takes } = useUnsavedTakes(useViewer().speaker);
  const navigate = useNavigate();
  const list = [...(recordings.data ?? [])].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
  return (
    <div className="page page--medium">
      <PageHeader
        title="Results"
        lead="Every recording you have made, with its analysis."
        actions={
          <ButtonLink to="/record" variant="accent" icon={<Mic size={16} aria-hidden />}>
            New recording
          </ButtonLink>
        }
      />
      <UnsavedTakesNotice takes={takes} onSave={(take) => void navigate(unsavedTakePath(take))} />
      <Card flush>
        {recordings.isPending ? (
          <LoadingState />
        ) : list.length === 0 ? (
          <EmptyState icon={<Mic size={24} aria-hidden />} title="You have no recordings yet.">
            <ButtonLink to="/record">Make your first recording</ButtonLink>
          </EmptyState>
        ) : (
          <ul className="recording-list" aria-label="Recordings">
            {list.map((r) => {
              const state = stateOf(r);
              const Icon = r.isVideo ? Video : AudioLines;
              return (
                <li key={r.recordingId} className="recording-list__item recording-list__item--link">
                  <span className="icon-tile recording-list__icon">
                    <Icon size={20} aria-hidden />
                  </span>
                  <div className="recording-list__main">
                    <p className="recording-list__title">
                      <Link to={`/evaluate/${r.recordingId}`} className="recording-list__link">
                        {r.title}
                      </Link>
                      <StateIcon state={listState(r)} />
                    </p>
                    <p className="subtle">
                      {formatDateTime(r.createdDate)}
                      {r.groupName ? ` · ${r.groupName}` : ''}
                      {!isGeneratedFileName(r.fileName) ? ` · ${r.fileName}` : ''}
                    </p>
                  </div>
                  <span className="recording-list__duration">
                    <Clock size={14} aria-hidden /> {formatDuration(r.duration)}
                  </span>
                  {r.overallScore != null && !r.processing && !r.failed && (
                    <span className="recording-list__score" title="Vibe score">
                      {vibeScoreText(r.overallScore)}
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
