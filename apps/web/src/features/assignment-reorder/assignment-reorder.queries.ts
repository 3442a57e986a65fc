import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/rostrum-api';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { listGroupAssignments } from '../coach-dashboard/coach-dashboard.queries';

/** The group's assignments to put in order; a failure is not tried again. */
export function useReorderList(groupId: string) {
  return useQuery({ queryKey: queryKeys.groupAssignments(groupId), queryFn: () => listGroupAssignments(groupId), retry: false });
}

/** Saves the order (the ids, first to last); the saved list replaces the cached one before `on.onSuccess`. */
export function useSaveOrder(groupId: string, on: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      operations.reorderGroupAssignments({
        ...withId(groupId),
        body: { assignments: ids.map((assignmentId, sortOrder) => ({ assignmentId, sortOrder })) },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.groupAssignments(groupId), saved);
      on.onSuccess();
    },
  });
}
