import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GROUP_MEMBER_CACHE_SECONDS, type TCreateGroupBody, type TGroup, type TRecordingSummary } from '@rostrum/contract';
import { queryKeys, getRecording, listOrgGroups, listMyGroups, listOwnRecordings, storeChangedRecording } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { withId } from '../../api/http-client';
import { pollInterval } from '../../app/poll-interval';

/** Lists refresh while a recording is processing (001 section 4: every 10 s). */
const PROCESSING_POLL_MS = 10_000;

/** A list's refetchInterval: every 10 s while any of its recordings is processing. */
export const refetchWhileProcessing = (q: { state: { data?: { processing: boolean }[] } }) =>
  q.state.data?.some((r) => r.processing) ? pollInterval(PROCESSING_POLL_MS) : false;

/** The groups a coach picks from: the organisation's for org admins, their own for others. */
export function useCoachGroupList(allGroups: boolean) {
  return useQuery<TGroup[]>({
    queryKey: allGroups ? queryKeys.orgGroups : queryKeys.myGroups,
    queryFn: allGroups ? () => listOrgGroups() : () => listMyGroups(),
  });
}

/** The signed-in speaker's recordings, polled while any is processing. */
export function useMyRecordings() {
  return useQuery({ queryKey: queryKeys.recordings, queryFn: () => listOwnRecordings(), refetchInterval: refetchWhileProcessing });
}

/** A group's members, kept as long as the server caches them. */
export function useGroupMembers(groupId: string) {
  return useQuery({
    queryKey: queryKeys.groupMembers(groupId),
    queryFn: () => operations.listGroupMembers(withId(groupId)),
    staleTime: GROUP_MEMBER_CACHE_SECONDS * 1000,
  });
}

/** One speaker's recordings in a group, polled while any is processing. */
export function useGroupRecordings(groupId: string, userId: string) {
  return useQuery({
    queryKey: queryKeys.groupRecordings(groupId, userId),
    queryFn: () => operations.listGroupRecordings({ params: { path: { id: groupId }, query: { userId: userId } } }),
    refetchInterval: refetchWhileProcessing,
  });
}

/** What the group's speakers shared with it. */
export function useGroupSharedRecordings(groupId: string) {
  return useQuery({
    queryKey: queryKeys.groupSharedRecordings(groupId),
    queryFn: () => operations.listGroupSharedRecordings(withId(groupId)),
  });
}

/** A recording as the server has it now, not from the cache: its media addresses are short-lived. */
export function fetchFreshRecording(recordingId: string) {
  return getRecording(recordingId);
}

export function useCreateGroup(on: { onSuccess: (group: TGroup) => void; onError: () => void }) {
  return useMutation({
    mutationFn: (body: TCreateGroupBody) => operations.createGroup({ body: body }),
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}

/** Every group list, and GET me (its abilities), load again. */
export function useReloadGroups(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}

/** The lists that show a recording load again: My Recordings, My Library and the dashboard's counts. */
export function useReloadRecordingLists(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    void queryClient.invalidateQueries({ queryKey: queryKeys.speakerDashboard });
  };
}

/** Deletes a listed recording; it leaves the caches, and the lists and the history reload before `on.onSuccess`. */
export function useDeleteListedRecording(on: { onSuccess: (r: TRecordingSummary) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  const reloadLists = useReloadRecordingLists();
  return useMutation({
    mutationFn: (r: TRecordingSummary) => operations.deleteRecording(withId(r.recordingId)),
    onSuccess: (_d, r) => {
      queryClient.setQueryData<TRecordingSummary[]>(queryKeys.recordings, (list) => list?.filter((x) => x.recordingId !== r.recordingId));
      queryClient.removeQueries({ queryKey: queryKeys.recording(r.recordingId) });
      reloadLists();
      void queryClient.invalidateQueries({ queryKey: queryKeys.allHistory });
      on.onSuccess(r);
    },
    onError: on.onError,
  });
}

/** Renames a recording: the list and the recording take the new title, then the list reloads. */
export function useRenameRecording(on: { onSuccess: (title: string) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { recordingId: string; title: string }) =>
      operations.updateRecording({ ...withId(v.recordingId), body: { title: v.title } }),
    onSuccess: (rec) => {
      queryClient.setQueryData<TRecordingSummary[]>(queryKeys.recordings, (list) =>
        list?.map((r) => (r.recordingId === rec.recordingId ? { ...r, title: rec.title } : r)),
      );
      storeChangedRecording(queryClient, rec);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
      on.onSuccess(rec.title);
    },
    onError: on.onError,
  });
}
