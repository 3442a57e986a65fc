import { useLocation } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { queuedResultsPath, useNextInQueue } from './review-queue.queries';

/**
 * The results page's "Next in queue" (opened from the review queue, ?queue=1): the next recording
 * waiting for the coach, as GET review-queue?after= answers; nothing when no other one waits. The
 * back target travels along, so "Back to Review Queue" stays.
 */
export function NextInQueue({ recordingId }: { recordingId: string }) {
  const location = useLocation();
  const next = useNextInQueue(recordingId, true);
  if (!next.data) return null;
  return (
    <ButtonLink
      to={queuedResultsPath(next.data.recordingId)}
      state={location.state}
      variant="secondary"
      size="sm"
      icon={<ArrowRight size={16} aria-hidden />}
      title={next.data.title}
      data-testid="next-in-queue"
    >
      Next in queue
    </ButtonLink>
  );
}
