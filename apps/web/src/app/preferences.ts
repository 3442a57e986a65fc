import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_PREFERENCE_CHOICES,
  PREFERENCE_CHOICES,
  PREFERENCE_DEFAULTS,
  type TGroupPreferenceChoice,
  type TGroupPreferenceKey,
  type TMeResponse,
  type TPreferenceChoice,
  type TPreferenceKey,
  type TPreferences,
  type TUpdatePreferencesBody,
} from '@rostrum/contract';
import { queryKeys } from '../api/rostrum-api';
import { operations } from '../api/operations.gen';
import type { paths } from '../api/openapi.gen';

// The user's remembered choices (PUT me/preferences), one way for every screen: the change shows
// at once in the cached GET me and is sent in the background.

type TApply = (p: TPreferences) => TPreferences;

type TGeneratedPreferencesBody = NonNullable<paths['/api/v1/me/preferences']['put']['requestBody']>['content']['application/json'];

/** PUT me/preferences. The cast: the contract's body lets named per-group maps sit beside client keys. */
export const savePreferences = (body: TUpdatePreferencesBody) => operations.updatePreferences({ body: body as TGeneratedPreferencesBody });

/** Saves some preferences; `apply` says how they change the cached copy (default: a shallow merge). */
export function useSavePreferences(): (body: TUpdatePreferencesBody, apply?: TApply) => void {
  const queryClient = useQueryClient();
  const save = useMutation({ mutationFn: savePreferences });
  return (body, apply = (p) => ({ ...p, ...body }) as TPreferences) => {
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (m) =>
      m ? { ...m, user: { ...m.user, preferences: apply(m.user.preferences) } } : m,
    );
    save.mutate(body);
  };
}

/** A remembered choice (002 sections 2.2 and 2.4): read from GET me, its allowed values and default from the contract. */
export function usePreference<K extends TPreferenceKey>(
  me: TMeResponse,
  key: K,
): [TPreferenceChoice<K>, (v: TPreferenceChoice<K>) => void] {
  const save = useSavePreferences();
  const raw = me.user.preferences[key];
  const allowed: readonly string[] = PREFERENCE_CHOICES[key];
  const stored = typeof raw === 'string' && allowed.includes(raw) ? (raw as TPreferenceChoice<K>) : PREFERENCE_DEFAULTS[key];
  const [value, choose] = useChosen(stored);
  return [value, (v) => choose(v, () => save({ [key]: v }))];
}

/** A choice remembered per group ({ [groupId]: value }); the server merges it group by group. */
export function useGroupPreference<K extends TGroupPreferenceKey>(
  me: TMeResponse,
  key: K,
  groupId: string,
): [TGroupPreferenceChoice<K>, (v: TGroupPreferenceChoice<K>) => void] {
  const save = useSavePreferences();
  const raw = me.user.preferences[key]?.[groupId];
  const allowed: readonly string[] = GROUP_PREFERENCE_CHOICES[key];
  const stored = raw !== undefined && allowed.includes(raw) ? (raw as TGroupPreferenceChoice<K>) : PREFERENCE_DEFAULTS[key];
  const [value, choose] = useChosen(stored, groupId);
  return [value, (v) => choose(v, () => save({ [key]: { [groupId]: v } }, (p) => ({ ...p, [key]: { ...p[key], [groupId]: v } })))];
}

/**
 * The value to show: the one just chosen until the cached GET me carries it. The cache tells its
 * readers a tick later, and a controlled radio would flick back to the old value meanwhile.
 */
function useChosen<V>(stored: V, scope = ''): [V, (v: V, save: () => void) => void] {
  const [chosen, setChosen] = useState<{ v: V; over: V; scope: string } | null>(null);
  // Only while the stored value is still the one it was chosen over (and for the same group).
  const value = chosen && chosen.over === stored && chosen.scope === scope ? chosen.v : stored;
  return [
    value,
    (v, save) => {
      setChosen({ v, over: stored, scope });
      save();
    },
  ];
}
