import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_PREFERENCE_CHOICES,
  PREFERENCE_CHOICES,
  PREFERENCE_DEFAULTS,
  type TAssignment,
  type TGroupPreferenceChoice,
  type TGroupPreferenceKey,
  type TMeResponse,
  type TPreferenceChoice,
  type TPreferenceKey,
  type TPreferences,
  type TUpdatePreferencesBody,
} from '@rostrum/contract';
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

/**
 * A remembered choice (002 sections 2.2 and 2.4): read from GET me, its allowed values and
 * default from the contract, saved in the background.
 */
export function usePreference<K extends TPreferenceKey>(
  me: TMeResponse,
  key: K,
): [TPreferenceChoice<K>, (v: TPreferenceChoice<K>) => void] {
  const save = useSavePreferences();
  const raw = me.user.preferences[key];
  const allowed: readonly string[] = PREFERENCE_CHOICES[key];
  const value = typeof raw === 'string' && allowed.includes(raw) ? (raw as TPreferenceChoice<K>) : PREFERENCE_DEFAULTS[key];
  return [value, (v) => save({ [key]: v }, (p) => ({ ...p, [key]: v }))];
}

/** A choice remembered per group ({ [groupId]: value }); the server merges it group by group. */
export function useGroupPreference<K extends TGroupPreferenceKey>(
  me: TMeResponse,
  key: K,
  groupId: string,
): [TGroupPreferenceChoice<K>, (v: TGroupPreferenceChoice<K>) => void] {
  const save = useSavePreferences();
  const stored = me.user.preferences[key]?.[groupId];
  const allowed: readonly string[] = GROUP_PREFERENCE_CHOICES[key];
  const value = stored !== undefined && allowed.includes(stored) ? (stored as TGroupPreferenceChoice<K>) : PREFERENCE_DEFAULTS[key];
  return [value, (v) => save({ [key]: { [groupId]: v } }, (p) => ({ ...p, [key]: { ...p[key], [groupId]: v } }))];
}

/** Shows the change at once (in the cached GET me) and sends it. */
function useSavePreferences() {
  const queryClient = useQueryClient();
  const save = useMutation({ mutationFn: (body: TUpdatePreferencesBody) => api.updatePreferences(body) });
  return (body: TUpdatePreferencesBody, apply: (p: TPreferences) => TPreferences) => {
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (m) =>
      m ? { ...m, user: { ...m.user, preferences: apply(m.user.preferences) } } : m,
    );
    save.mutate(body);
  };
}
