import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentMembers, TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { isApiError, withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { savePreferences } from '../../app/preferences';
import { patchFor, type TConfirmAction } from './details-model';

/** A 4xx: the assignment is missing or not the caller's (no retry; the page leaves). */
export function assignmentIsGone(e: unknown): boolean {
  return isApiError(e) && e.status >= 400 && e.status < 500;
}

/** The assignment; a server failure or a lost connection is tried twice more. */
export function useDetailsAssignment(assignmentId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.assignment(assignmentId ?? ''),
    queryFn: () => operations.getAssignment(withId(assignmentId!)),
    enabled: !!assignmentId,
    retry: (n, e) => !assignmentIsGone(e) && n < 2,
  });
}

/** The member table, cut by the server to what the caller may see; `select` reads a part of it. */
export function useAssignmentMembers<T = TAssignmentMembers>(
  assignmentId: string,
  options: { enabled?: boolean; select?: (m: TAssignmentMembers) => T } = {},
) {
  return useQuery({
    queryKey: queryKeys.assignmentMembers(assignmentId),
    queryFn: () => operations.listAssignmentMembers(withId(assignmentId)),
    ...options,
  });
}

/** What the caller's peers shared in this assignment; `enabled` once the assignment has loaded. */
export function useAssignmentSharedRecordings(assignmentId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.assignmentSharedRecordings(assignmentId ?? ''),
    queryFn: () => operations.listAssignmentSharedRecordings(withId(assignmentId!)),
    enabled,
  });
}

/**
 * A confirmed coach action (delete, copy, archive, ...). Every assignment query is marked stale
 * before `on.onSuccess` (which leaves for the dashboard).
 */
export function useAssignmentActionCall(
  assignmentId: string,
  on: { onSuccess: (action: TConfirmAction) => void; onError: (e: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: TConfirmAction) => {
      if (action === 'delete') await operations.deleteAssignment(withId(assignmentId));
      else if (action === 'copy') {
        await operations.copyAssignment(withId(assignmentId));
        // The new template is private: the dashboard's template filter shows private ones (002 section 4).
        await savePreferences({ templateToggle: 'private' });
        queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
          me ? { ...me, user: { ...me.user, preferences: { ...me.user.preferences, templateToggle: 'private' } } } : me,
        );
      } else {
        const body = patchFor(action);
        if (body) await operations.updateAssignment({ ...withId(assignmentId), body });
      }
      return action;
    },
    onSuccess: (action) => {
      // Marked stale without refetching now: the page stays on screen until the dashboard has
      // loaded, and a deleted assignment's refetch would answer 404.
      void queryClient.invalidateQueries({ queryKey: queryKeys.assignments, refetchType: 'none' });
      on.onSuccess(action);
    },
    onError: on.onError,
  });
}
