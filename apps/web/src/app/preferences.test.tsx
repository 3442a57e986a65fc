import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMeResponse, TPreferences } from '@rostrum/contract';
import { queryKeys } from '../api/rostrum-api';
import { bodiesSentTo } from '../test/operations';
import { useGroupPreference, usePreference } from './preferences';

const g1 = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const g2 = '1b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

function setup(preferences: TPreferences) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const me = { user: { preferences } } as unknown as TMeResponse;
  queryClient.setQueryData(queryKeys.me, me);
  const saved = bodiesSentTo('updatePreferences');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const cached = () => queryClient.getQueryData<TMeResponse>(queryKeys.me)!.user.preferences;
  return { me, saved, wrapper, cached };
}

afterEach(() => vi.restoreAllMocks());

describe('usePreference', () => {
  it("reads a stored value, falls back to the key's default on an unknown one, and saves the change", async () => {
    const { me, saved, wrapper, cached } = setup({ templateToggle: 'shared', coachAssFilter: 'everything' as never });
    const { result } = renderHook(() => [usePreference(me, 'templateToggle'), usePreference(me, 'coachAssFilter')] as const, { wrapper });
    expect(result.current[0][0]).toBe('shared');
    expect(result.current[1][0]).toBe('recent');
    act(() => result.current[1][1]('completed'));
    // Shown at once, before the GET me the screen reads from carries it (a radio must not flick back).
    expect(result.current[1][0]).toBe('completed');
    expect(cached().coachAssFilter).toBe('completed');
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ coachAssFilter: 'completed' }));
  });
});

describe('useGroupPreference', () => {
  it("reads the group's value (default recent) and sends only that group's change", async () => {
    const { me, saved, wrapper, cached } = setup({ speakerAssignmentFilters: { [g1]: 'all' } });
    const { result } = renderHook(
      () => [useGroupPreference(me, 'speakerAssignmentFilters', g1), useGroupPreference(me, 'speakerAssignmentFilters', g2)] as const,
      { wrapper },
    );
    expect(result.current[0][0]).toBe('all');
    expect(result.current[1][0]).toBe('recent');
    act(() => result.current[1][1]('active'));
    expect(result.current[1][0]).toBe('active');
    expect(result.current[0][0]).toBe('all');
    expect(cached().speakerAssignmentFilters).toEqual({ [g1]: 'all', [g2]: 'active' });
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ speakerAssignmentFilters: { [g2]: 'active' } }));
  });
});
