import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { sharedTakeStore } from '../intake/take-store';
import { SignOutPage } from './sign-out-page';

afterEach(() => vi.restoreAllMocks());

describe('SignOutPage', () => {
  it("removes the signing-out user's take kept on this device, and only theirs", async () => {
    vi.spyOn(operations, 'signOut').mockResolvedValue(undefined as never);
    const store = (await sharedTakeStore())!;
    await store.begin('user-ann', 'audio/webm', Date.now());
    await store.append('user-ann', 0, new Uint8Array([1, 2, 3]).buffer, 1);
    await store.begin('user-bob', 'audio/webm', Date.now());
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.me, { user: { userId: 'user-ann' } } as TMeResponse);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignOutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Signed out' })).toBeTruthy();
    expect(await store.get('user-ann')).toBeNull();
    expect(await store.get('user-bob')).not.toBeNull();
  });
});
