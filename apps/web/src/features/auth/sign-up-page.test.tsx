import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TInviteCheckResponse } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { SignUpPage } from './sign-up-page';

// The sign-up page's lead names what the invite joins: a group's invite talks of sharing
// recordings with that group; an organisation-level invite (no group) does not.

function renderWith(query: string, result: TInviteCheckResponse) {
  vi.spyOn(api, 'checkInvite').mockResolvedValue(result);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/sign-up?${query}`]}>
        <Routes>
          <Route path="/sign-up" element={<SignUpPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lead = async () => (await screen.findByText(/You are joining/)).closest('p')!.textContent!;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SignUpPage lead', () => {
  it("a group's invite: the group, and feedback on what is shared with it", async () => {
    renderWith('code=PITCH42', { org: { name: 'Summit', type: 'other' }, isEu: false, groupName: 'Pitch Practice', email: null });
    expect(await lead()).toContain('You are joining the group Pitch Practice at Summit.');
    expect(await lead()).toContain('the recordings you share with this group');
  });

  it('an organisation-level invite names no group it does not have', async () => {
    renderWith('invite=5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', {
      org: { name: 'Summit', type: 'other' },
      isEu: false,
      groupName: null,
      email: 'new@summit.example',
    });
    const text = await lead();
    expect(text).toContain('You are joining Summit.');
    expect(text).not.toContain('this group');
    expect(text).toContain('Your account will have the roles your administrator chose for this invite.');
  });
});
