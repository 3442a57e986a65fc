import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_MEMBER_CACHE_SECONDS,
  GROUP_RELOAD_DELAY_MS,
  MSG,
  type TCreateGroupBody,
  type TGroup,
  type TOrgGroup,
  type TUpdateGroupBody,
} from '@rostrum/contract';
import { queryKeys, listOrgGroups } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage, withId } from '../../api/http-client';
import { isRefusal } from './admin-refusal';

/** The organisation's groups, the pseudo-group among them. */
export function useOrgGroups() {
  return useQuery({ queryKey: queryKeys.orgGroups, queryFn: () => listOrgGroups() });
}

export function useGroup(groupId: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.group(groupId), queryFn: () => operations.getGroup(withId(groupId)), enabled });
}

/** The admin area's seat statistics. */
export function useAdminStats() {
  return useQuery({ queryKey: queryKeys.adminStats, queryFn: () => operations.getAdminStats() });
}

/** A group's members (active only with `activeOnly`), kept as long as the server caches them. */
export function useGroupMembers(groupId: string, activeOnly: boolean) {
  return useQuery({
    queryKey: queryKeys.groupMembers(groupId, activeOnly),
    queryFn: () => operations.listGroupMembers({ params: { path: { id: groupId }, query: activeOnly ? { active: '1' } : {} } }),
    staleTime: GROUP_MEMBER_CACHE_SECONDS * 1000,
  });
}

type TSaveCallbacks = { onSuccess: () => void; onError: (e: Error) => void };

/** A new group is shown in the list at once; the list itself reloads after 1 s (000 section 7). */
export function useCreateGroup(on: TSaveCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateGroupBody) => operations.createGroup({ body: body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TOrgGroup[]>(queryKeys.orgGroups, (old) =>
        old ? [...old, { ...saved, activeUsers: 0, totalUsers: 0, isPseudoGroup: false, ltiLinked: false }] : old,
      );
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.orgGroups }), GROUP_RELOAD_DELAY_MS);
      queryClient.setQueryData(queryKeys.group(saved.groupId), saved);
      on.onSuccess();
    },
    onError: on.onError,
  });
}

export function useUpdateGroup(groupId: string, on: TSaveCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateGroupBody) => operations.updateGroup({ ...withId(groupId), body: body }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orgGroups });
      queryClient.setQueryData(queryKeys.group(saved.groupId), saved);
      on.onSuccess();
    },
    onError: on.onError,
  });
}

/** Any refusal of a group save says "could not be saved" (a taken name among them); null: the generic message. */
export function groupSaveErrorMessage(e: Error): string | null {
  return isRefusal(e) ? MSG.groupSaveFailed : null;
}

/** A new invite code with a random suffix; the old one stops working. */
export function useRegenerateInviteCode(groupId: string, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.regenerateInviteCode(withId(groupId)),
    onSuccess: (saved: TGroup) => {
      queryClient.setQueryData(queryKeys.group(saved.groupId), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orgGroups });
      on.onSuccess();
    },
    onError: on.onError,
  });
}

/** The server's reason for a refused new invite code; null: the generic message. */
export function inviteCodeErrorMessage(e: Error): string | null {
  return isRefusal(e) ? errorMessage(e, MSG.serverError) : null;
}

/** 000 section 4: the member list reloads before `on.onSuccess`; the groups and seat counts follow. */
export function useDeactivateGroupMembers(groupId: string, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.deactivateGroupMembers(withId(groupId)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.groupMembers(groupId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orgGroups });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
      on.onSuccess();
    },
    onError: on.onError,
  });
}
