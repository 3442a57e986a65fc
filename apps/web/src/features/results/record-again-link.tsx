import { RotateCcw } from 'lucide-react';
import type { TRecording } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { recordAgainPath } from '../practice/practice-paths';

/**
 * "Record another take" (issue 41): the record page with the same prompt, assignment or title,
 * numbered as the next version. For the owner, when they may record.
 */
export function RecordAgainLink({ recording: r, canRecord }: { recording: TRecording; canRecord: boolean }) {
  if (!r.access.isOwner || !canRecord) return null;
  return (
    <ButtonLink to={recordAgainPath(r)} size="sm" icon={<RotateCcw size={14} aria-hidden />} data-testid="record-again">
      Record another take
    </ButtonLink>
  );
}
