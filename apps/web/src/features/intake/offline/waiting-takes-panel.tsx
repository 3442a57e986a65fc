import { Link } from 'react-router';
import { CloudOff, RotateCcw, Trash2 } from 'lucide-react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { resultsPath } from '../intake-options';
import { OFFLINE_MSG } from './offline-messages';
import type { TWaitingItem, TWaitingState } from './upload-queue';
import './waiting-takes.css';

function StateText({ state }: { state: TWaitingState }) {
  switch (state.kind) {
    case 'waiting':
      return OFFLINE_MSG.waiting;
    case 'uploading':
      return OFFLINE_MSG.uploading(state.percent);
    case 'failed':
      return state.message ? `${OFFLINE_MSG.failed}: ${state.message}` : OFFLINE_MSG.failed;
    case 'uploaded':
      return OFFLINE_MSG.uploaded;
  }
}

/**
 * On the Record tab: the offline notice, and the takes saved while offline with how each one's
 * upload stands. A failed one offers Retry (and Discard, when the server refused it).
 */
export function WaitingTakesPanel({
  online,
  takes,
  onRetry,
  onDiscard,
}: {
  online: boolean;
  takes: TWaitingItem[];
  onRetry: (takeId: string) => void;
  onDiscard: (takeId: string) => void;
}) {
  const waiting = takes.some((t) => t.state.kind !== 'uploaded');
  if (online && takes.length === 0) return null;
  return (
    <section className="waiting-takes stack" aria-label={OFFLINE_MSG.waitingTitle} data-testid="waiting-takes">
      {!online && <Banner inline kind="warning" title={waiting ? OFFLINE_MSG.offlineWithTakes : OFFLINE_MSG.offlineNoTakes} />}
      {takes.length > 0 && (
        <ul className="waiting-takes__list">
          {takes.map((take) => (
            <li key={take.takeId} className="waiting-take" data-testid="waiting-take">
              <CloudOff className="waiting-take__icon" size={18} aria-hidden />
              <div className="waiting-take__text">
                <span className="waiting-take__title">{take.title}</span>
                <span className="waiting-take__meta">
                  {OFFLINE_MSG.takeLength(take.seconds)} ·{' '}
                  <span data-testid="waiting-take-state" aria-live="polite">
                    <StateText state={take.state} />
                  </span>
                </span>
              </div>
              <div className="waiting-take__actions">
                {take.state.kind === 'failed' && (
                  <>
                    <Button size="sm" icon={<RotateCcw size={14} aria-hidden />} onClick={() => onRetry(take.takeId)}>
                      {OFFLINE_MSG.retry}
                    </Button>
                    {take.state.message && (
                      <Button size="sm" variant="secondary" icon={<Trash2 size={14} aria-hidden />} onClick={() => onDiscard(take.takeId)}>
                        {OFFLINE_MSG.discard}
                      </Button>
                    )}
                  </>
                )}
                {take.state.kind === 'uploaded' && (
                  <Link to={resultsPath(take.state.recordingId, take.assignmentId)}>{OFFLINE_MSG.seeResults}</Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
