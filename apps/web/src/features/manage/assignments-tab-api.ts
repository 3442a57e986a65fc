import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAssignment, TMeResponse, TPreferences } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { call, client } from '../../api/http-client';

// The calls of Manage's Assignments tab and the reorder page (002 sections 2.2 to 2.4), kept with
// the feature: GET assignments by scope and PUT groups/{id}/assignments/order.

export const assignmentKeys = {
  group: (groupId: string) => ['assignments', 'group', groupId] as const,
  templates: ['assignments', 'templates'] as const,
};

export const assignmentsApi = {
  /** A group's assignments, for its coaches. */
  listGroup: (groupId: string): Promise<TAssignment[]> =>
    call('GET', () => client.GET('/api/v1/assignments', { params: { query: { scope: 'group', groupId } } })),
  /** Templates the caller may use: their own, the organisation's shared ones and the global ones. */
  listTemplates: (): Promise<TAssignment[]> =>
    call('GET', () => client.GET('/api/v1/assignments', { params: { query: { scope: 'templates' } } })),
  /** The reorder page's Save: each assignment's new position. */
  reorder: (groupId: string, assignments: { assignmentId: string; sortOrder: number }[]): Promise<TAssignment[]> =>
    call('PUT', () => client.PUT('/api/v1/groups/{id}/assignments/order', { params: { path: { id: groupId } }, body: { assignments } })),
};

/** A remembered choice (002 section 3, preferences): read from GET me, saved in the background. */
export function usePreference<T extends string>(me: TMeResponse, key: string, allowed: readonly T[], fallback: T): [T, (v: T) => void] {
  const queryClient = useQueryClient();
  const raw = me.user.preferences[key];
  const value = typeof raw === 'string' && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
  const save = useMutation({ mutationFn: (body: TPreferences) => api.updatePreferences(body) });
  const set = (v: T) => {
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (m) =>
      m ? { ...m, user: { ...m.user, preferences: { ...m.user.preferences, [key]: v } } } : m,
    );
    save.mutate({ [key]: v });
  };
  return [value, set];
}
