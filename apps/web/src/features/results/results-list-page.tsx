import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AudioLines, Clock, Mic, Video } from 'lucide-react';
import { OWN_RECORDINGS, type TRecordingSummary, vibeScoreText } from '@rostrum/contract';
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
import { CompareSelection, toggleSelected } from '../compare/compare-selection';
import { TakeDelta, vibeChangesInList } from '../compare/take-delta';
import './results-list-page.css';

function stateOf(r: TRecordingSummary): { label: string; tone: 'success' | 'danger' | 'warning' | 'info' } {
  if (r.failed) return { label: 'Could not be processed', tone: 'danger' };
  if (r.uploading) return { label: 'Uploading', tone: 'info' };
  if (r.processing) return { label: 'Processing', tone: 'warning' };
  return { label: 'Analyzed', tone: 'success' };
}

const analysed = (r: TRecordingSummary) => !r.processing && !r.failed;

/**
 * /evaluate, My Recordings: the speaker's recordings, newest first, each Vibe score with its change
 * since the previous take; two to four analysed ones can be picked to compare.
 */
export function ResultsListPage() {
  const recordings = useRecordings();
  const { takes } = useUnsavedTakes(useViewer().speaker);
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>([]);
  const list = [...(recordings.data ?? [])].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
  const changes = vibeChangesInList(list);
  // A recording deleted or still processing meanwhile leaves the selection.
  const selected = picked.filter((id) => list.some((r) => r.recordingId === id && analysed(r)));
  const canPick = list.filter(analysed).length > 1;
  return (
    <div className="page page--medium">
      <PageHeader
        title={OWN_RECORDINGS}
        lead="Every recording you have made, with its analysis."
        actions={
          <ButtonLink to="/record" variant="accent" icon={<Mic size={16} aria-hidden />}>
            New recording
          </ButtonLink>
        }
      />
      <UnsavedTakesNotice takes={takes} onSave={(take) => void navigate(unsavedTakePath(take))} />
      <Card
        flush
        title={canPick ? 'Your recordings' : undefined}
        titleId="own-recordings-title"
        actions={canPick ? <CompareSelection selected={selected} /> : undefined}
      >
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
                      {canPick && analysed(r) && (
                        <input
                          type="checkbox"
                          className="recording-list__pick"
                          checked={selected.includes(r.recordingId)}
                          onChange={(e) => setPicked(toggleSelected(selected, r.recordingId, e.target.checked))}
                          aria-label={`Select ${r.title} to compare`}
                        />
                      )}
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
                      <TakeDelta change={changes.get(r.recordingId)} />
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
