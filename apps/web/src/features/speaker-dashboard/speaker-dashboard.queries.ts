import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { refetchWhileProcessing } from '../manage/manage.queries';

/** The four stats over the speaker's own work. */
export function useSpeakerDashboard() {
  return useQuery({ queryKey: queryKeys.speakerDashboard, queryFn: () => operations.getSpeakerDashboard() });
}

/** My Library, polled while any recording is processing. */
export function useLibrary() {
  return useQuery({ queryKey: queryKeys.library, queryFn: () => operations.getLibrary(), refetchInterval: refetchWhileProcessing });
}
