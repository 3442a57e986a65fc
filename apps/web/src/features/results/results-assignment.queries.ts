import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type TAssignment } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError, withId } from '../../api/http-client';

/** The owner's open assignments, to move a recording into. */
export function useAssignedAssignments() {
  return useQuery({
    queryKey: queryKeys.assignedAssignments,
    queryFn: () => operations.listAssignments({ params: { query: { scope: 'assigned' } } }),
  });
}

/** Moves the recording into an assignment; it, its feedback and the list reload before `on.onSuccess`. */
export function useMoveToAssignment(recordingId: string, on: { onSuccess: (a: TAssignment) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: TAssignment) => operations.addRecordingToAssignment({ ...withId(a.assignmentId), body: { recordingId: recordingId } }),
    onSuccess: (_, a) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recording(recordingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feedback(recordingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
      on.onSuccess(a);
    },
    onError: on.onError,
  });
}

/** The assignment wants another speaker type: the "unable" notice, not the server's message. */
export function isSpeakerTypeMismatch(e: unknown): boolean {
  return isApiError(e) && e.code === ERROR_CODES.assignmentSpeakerTypeMismatch;
}
