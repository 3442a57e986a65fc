import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/rostrum-api';
import { refetchWhileProcessing } from '../manage/manage.queries';

/** The four stats over the speaker's own work. */
export function useSpeakerDashboard() {
  return useQuery({ queryKey: queryKeys.speakerDashboard, queryFn: api.getSpeakerDashboard });
}

/** My Library, polled while any recording is processing. */
export function useLibrary() {
  return useQuery({ queryKey: queryKeys.library, queryFn: api.getLibrary, refetchInterval: refetchWhileProcessing });
}
