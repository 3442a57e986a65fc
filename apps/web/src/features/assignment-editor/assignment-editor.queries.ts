import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNMENT_MSG,
  DUE_MSG,
  ERROR_CODES,
  type TAssignBody,
  type TAssignment,
  type TAssignmentCriteria,
  type TCreateAssignmentBody,
  type TScorecardQuestion,
} from '@rostrum/contract';
import { queryKeys, listMyGroups } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError, withId } from '../../api/http-client';

/** Editor writes own their failures: a failed save only ends the busy state (002 section 4). */
const OWNS_ERRORS = { ownsErrors: true } as const;

/** The saved assignment goes in the cache; every other assignment query reloads. */
function storeSaved(queryClient: QueryClient, saved: TAssignment): void {
  queryClient.setQueryData(queryKeys.assignment(saved.assignmentId), saved);
  void queryClient.invalidateQueries({ queryKey: queryKeys.assignments, predicate: (q) => q.queryKey[1] !== saved.assignmentId });
}

/** Step 1 of a new template; `on.onSuccess` opens the next step. */
export function useCreateAssignment(on: { onSuccess: (saved: TAssignment) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (body: TCreateAssignmentBody) => operations.createAssignment({ body }),
    onSuccess: (saved) => {
      storeSaved(queryClient, saved);
      on.onSuccess(saved);
    },
  });
}

export function useEditorAssignment(assignmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.assignment(assignmentId),
    queryFn: () => operations.getAssignment(withId(assignmentId)),
    enabled,
    retry: false,
  });
}

type TAssignmentChange = {
  name?: string;
  description?: string;
  criteria?: TAssignmentCriteria;
  wordspotting?: string[];
  /** Null clears it. */
  dueAt?: string | null;
};

/** A step's save (description, criteria, word spotting); `on.onSuccess` moves on. */
export function useUpdateAssignment(assignmentId: string, on: { onSuccess: (saved: TAssignment) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (body: TAssignmentChange) => operations.updateAssignment({ ...withId(assignmentId), body }),
    onSuccess: (saved) => {
      storeSaved(queryClient, saved);
      on.onSuccess(saved);
    },
  });
}

export function useSaveScorecard(assignmentId: string, on: { onSuccess: (saved: TAssignment) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (sc: { questions: TScorecardQuestion[]; coachOnlyScorecard: boolean }) =>
      operations.saveAssignmentScorecard({ ...withId(assignmentId), body: { scorecardType: 'recording', scorecard: sc } }),
    onSuccess: (saved) => {
      storeSaved(queryClient, saved);
      on.onSuccess(saved);
    },
  });
}

/** Reloads the assignment (after an attachment change); resolves once it has. */
export function useReloadAssignment(assignmentId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.assignment(assignmentId) });
}

// The attachment writes: the caller awaits them and then reloads the assignment (useReloadAssignment).

export function useAddLink(assignmentId: string) {
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (v: { name: string; url: string }) =>
      operations.addAssignmentAttachment({ ...withId(assignmentId), body: { attachmentType: 'link', name: v.name, attachmentUrl: v.url } }),
  });
}

export function useAddRecording(assignmentId: string) {
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (v: { name: string; recordingId: string }) =>
      operations.addAssignmentAttachment({
        ...withId(assignmentId),
        body: { attachmentType: 'recording', name: v.name, recordingId: v.recordingId },
      }),
  });
}

export function useRemoveAttachment(assignmentId: string) {
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (attachmentId: string) => operations.removeAssignmentAttachment({ params: { path: { id: assignmentId, attachmentId } } }),
  });
}

type TAssignVars = { body: Required<TAssignBody>; names: string[] };
type TAssignResult = Awaited<ReturnType<typeof operations.assignAssignment>>;

/** Assigns the template; every assignment query reloads before `on.onSuccess`. */
export function useAssign(
  assignmentId: string,
  on: { onSuccess: (result: TAssignResult, v: TAssignVars) => void; onError: (e: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWNS_ERRORS,
    mutationFn: (v: TAssignVars) => operations.assignAssignment({ ...withId(assignmentId), body: v.body }),
    onSuccess: (result, v) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
      on.onSuccess(result, v);
    },
    onError: on.onError,
  });
}

/** Error 1 and Error 2 of the assign step come back as codes; null for any other failure (it only ends the busy state). */
export function assignErrorMessage(e: unknown): string | null {
  if (!isApiError(e)) return null;
  if (e.code === ERROR_CODES.assignmentNoTarget) return ASSIGNMENT_MSG.assignNoTarget;
  if (e.code === ERROR_CODES.assignmentNoSpeakers) return ASSIGNMENT_MSG.assignNoSpeakers;
  return null;
}

/**
 * Step 1's refusal of a due date that is no longer ahead (a clock ahead of the browser's, or a
 * page left open), shown on the date field; any other failure shows nothing (002 section 4).
 */
export function dueErrorMessage(e: unknown): string | null {
  return isApiError(e) && e.code === ERROR_CODES.assignmentDuePast ? DUE_MSG.past : null;
}

/** The caller's groups, to assign to. */
export function useMyGroups() {
  return useQuery({ queryKey: queryKeys.myGroups, queryFn: () => listMyGroups() });
}

/** The members of each group, in the order given. */
export function useMembersOfGroups(groupIds: string[]) {
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: queryKeys.groupMembers(groupId),
      queryFn: () => operations.listGroupMembers(withId(groupId)),
    })),
  });
}
