import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_CODES,
  MSG,
  type TAdminInvite,
  type TBulkInviteBody,
  type TBulkInviteResult,
  type TCreateInviteBody,
  type TUpdateUserRolesBody,
} from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { isApiError, withId } from '../../api/http-client';
import { isRefusal } from './admin-refusal';

/** Every user of the organisation, or `tooMany` at the cap (then the server answers each search). */
export function useAdminUserList() {
  return useQuery({ queryKey: queryKeys.adminUsers(''), queryFn: () => operations.listUsers({ params: { query: {} } }) });
}

/** The server's answer to one search, the previous one kept on screen while the next loads. */
export function useAdminUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminUsers(search),
    queryFn: () => operations.listUsers({ params: { query: { search: search || undefined } } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One user's roles; an unknown user is not asked again. */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: queryKeys.adminUser(userId),
    queryFn: () => operations.getUser({ params: { path: { userId: userId } } }),
    retry: false,
  });
}

/** Saves the roles; the user lists, the groups and (for the caller's own roles) GET me reload. */
export function useUpdateUserRoles(userId: string, isSelf: boolean, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserRolesBody) =>
      operations.updateUserRoles({ params: { path: { userId: userId } }, body: body }, { own402: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.adminUser(userId), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUserList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups });
      if (isSelf) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      on.onSuccess();
    },
    onError: on.onError,
  });
}

/** A refused role save: no free seat (402), the last admin (409, the server's reason), or the generic failure. */
export function roleSaveErrorMessage(e: Error): { title: string; text?: string } {
  if (isApiError(e) && e.code === ERROR_CODES.seatsLimitReached) return { title: MSG.roleSaveSeatTitle, text: MSG.roleSaveSeatText };
  // The last admin of the organisation: the reason is worth more than "reload".
  if (isApiError(e) && e.code === ERROR_CODES.rolesLastAdmin) return { title: MSG.roleSaveSeatTitle, text: e.message };
  return { title: MSG.roleSaveFailed };
}

export function useInvites() {
  return useQuery({ queryKey: queryKeys.invites, queryFn: () => operations.listInvites() });
}

export function useCreateInvite(on: { onSuccess: (invite: TAdminInvite) => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateInviteBody) => operations.createInvite({ body: body }),
    onSuccess: (invite) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.invites });
      on.onSuccess(invite);
    },
    onError: on.onError,
  });
}

/** The server's reason for a refused invite; null: the generic message. */
export function inviteSendErrorMessage(e: Error): string | null {
  return isRefusal(e) ? e.message : null;
}

/**
 * Bulk speaker invites (the group's coaches and org admins): the pending list and the seat counts
 * reload. The dialog shows every failure itself (it is modal, above the page's notices); a full
 * organisation is its own 402, not the subscription redirect.
 */
export function useBulkInvites(on: { onSuccess: (result: TBulkInviteResult) => void; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkInviteBody) => operations.createBulkInvites({ body: body }, { own402: true }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.invites });
      on.onSuccess(result);
    },
    onError: (e) => on.onError(bulkInviteErrorMessage(e)),
    meta: { ownsErrors: true },
  });
}

/**
 * The server's reason (the seats needed and free, no free access), or the spec's message for a
 * server error, no connection or no body (the client's ApiError carries each).
 */
function bulkInviteErrorMessage(e: Error): string {
  return isApiError(e) ? e.message : MSG.serverError;
}

export function useResendInvite(on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => operations.resendInvite({ ...withId(inviteId), body: { resendInvite: true } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.invites });
      on.onSuccess();
    },
    onError: on.onError,
  });
}

/** The invite leaves the list at once, then the list reloads. */
export function useDeleteInvite(on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => operations.deleteInvite(withId(inviteId)),
    onSuccess: (_, inviteId) => {
      queryClient.setQueryData<TAdminInvite[]>(queryKeys.invites, (list) => list?.filter((i) => i.inviteId !== inviteId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.invites });
      on.onSuccess();
    },
    onError: on.onError,
  });
}
