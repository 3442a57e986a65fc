import { Mic } from 'lucide-react';
import { ROUTES } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { MANAGE_TEXT } from './manage-text';

/** A speaker's recordings list with none yet (My Recordings, My Library): say so and offer the record page. */
export function NoRecordingsYet() {
  return (
    <EmptyState icon={<Mic size={24} aria-hidden />} title={MANAGE_TEXT.noRecordings}>
      <ButtonLink to={ROUTES.record.path} variant="accent" icon={<Mic size={16} aria-hidden />}>
        Make a recording
      </ButtonLink>
    </EmptyState>
  );
}
