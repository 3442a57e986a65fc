import { useEffect, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { type TRecording, type TWordspottingUsed, wordspottingListLabel } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { useReanalyzeRecording } from './results-recording.queries';
import './word-list-notice.css';

/**
 * The recording's word list against the current one (002 section 2.9): when the list a new
 * analysis would use differs and the viewer may re-analyse, the offer; while a re-analysis runs,
 * its progress (the page polls the recording meanwhile, see recordingPollMs).
 */
export function WordListNotice({ recording: r }: { recording: TRecording }) {
  const ws = r.wordspotting;
  // The list the re-analysis was started with: GET recording names only the list counted so far.
  const [startedWith, setStartedWith] = useState<TWordspottingUsed | null>(null);
  const reanalyze = useReanalyzeRecording(r.recordingId, { onStart: () => setStartedWith(ws.current) });

  // The new results arrived: say which list they counted.
  const wasReanalyzing = useRef(ws.reanalyzing);
  useEffect(() => {
    if (wasReanalyzing.current && !ws.reanalyzing)
      notifications.success('Results updated', ws.used ? `Counted with: ${wordspottingListLabel(ws.used)}` : undefined);
    wasReanalyzing.current = ws.reanalyzing;
  }, [ws.reanalyzing, ws.used]);

  const error = reanalyze.isError ? errorMessage(reanalyze.error, 'The recording could not be re-analysed. Please try again.') : null;
  if (ws.reanalyzing) {
    const label = startedWith ? wordspottingListLabel(startedWith) : 'the current word list';
    return (
      <section className="card word-list-notice word-list-notice--busy" data-testid="reanalysis-progress" aria-label="Re-analysis">
        <Spinner label="" />
        <p role="status">Re-analysing with {label}; these results stay until the new ones are ready.</p>
      </section>
    );
  }
  if (!ws.current || !ws.canReanalyze) {
    return error ? (
      <p className="word-list-notice__error" role="alert">
        {error}
      </p>
    ) : null;
  }
  const current = ws.current;
  return (
    <section className="card word-list-notice" data-testid="reanalysis-offer" aria-labelledby="word-list-changed">
      <div className="word-list-notice__text">
        <h2 id="word-list-changed" className="word-list-notice__title">
          The word list has changed since this recording was analysed
        </h2>
        <p className="text-sm">
          Now: <strong>{wordspottingListLabel(current)}</strong>
          {current.words.length > 0 && <> ({current.words.join(', ')})</>}
        </p>
        {error && (
          <p className="word-list-notice__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        icon={<RefreshCw size={16} aria-hidden />}
        busy={reanalyze.isPending}
        onClick={() => reanalyze.mutate()}
        className="no-print"
      >
        Re-analyse with the current list
      </Button>
    </section>
  );
}
