import { GitCompare } from 'lucide-react';
import { compareHref, type TRecording } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { usePreviousTake } from './results-recording.queries';

/**
 * "Compare with previous take" (issue 20): shown when the server finds an earlier analysed take of
 * the same title family or assignment that the caller may hear; nothing otherwise.
 */
export function PreviousTakeLink({ recording: r }: { recording: TRecording }) {
  const enabled = r.state === 'done' && r.access.canHear;
  const previous = usePreviousTake(r.recordingId, enabled);
  const id = previous.data?.previousTakeId;
  if (!enabled || !id) return null;
  return (
    <ButtonLink
      to={compareHref([id, r.recordingId])}
      variant="secondary"
      size="sm"
      icon={<GitCompare size={14} aria-hidden />}
      data-testid="compare-previous"
    >
      Compare with previous take
    </ButtonLink>
  );
}
