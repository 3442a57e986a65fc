import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG, type TInviteCheckResponse } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { SignUpPage } from './sign-up-page';

// The sign-up page's lead names what the invite joins: a group's invite talks of sharing
// recordings with that group; an organisation-level invite (no group) does not.

function renderWith(query: string, result: TInviteCheckResponse) {
  vi.spyOn(operations, 'checkInvite').mockResolvedValue(result);
  renderPage(query);
}

function renderPage(query = '') {
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

describe('SignUpPage invite code step (000 section 2.6)', () => {
  const summit: TInviteCheckResponse = { org: { name: 'Summit', type: 'other' }, isEu: false, groupName: 'Pitch Practice', email: null };

  it('asks for the code on Continue, leaves the focus on the button and checks nothing', async () => {
    const check = vi.spyOn(operations, 'checkInvite');
    const user = userEvent.setup();
    renderPage();
    const field = screen.getByLabelText(/Invite code/);
    await user.type(field, '   ');
    const button = screen.getByRole('button', { name: 'Continue' });
    await user.click(button);
    expect(await screen.findByText('Invite code is required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(button);
    expect(check).not.toHaveBeenCalled();
  });

  it("checks the trimmed code and shows a refused one's message under the field", async () => {
    const check = vi
      .spyOn(operations, 'checkInvite')
      .mockRejectedValueOnce(new ApiError(400, 'Bad request', true))
      .mockResolvedValueOnce(summit);
    const user = userEvent.setup();
    renderPage();
    const field = screen.getByLabelText(/Invite code/);
    await user.type(field, '  No-Such-Code ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.inviteCodeInvalid)).toBeTruthy();
    expect(check).toHaveBeenCalledWith(sent({ inviteCode: 'No-Such-Code' }), { own402: true });
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'PITCH42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(check).toHaveBeenLastCalledWith(sent({ inviteCode: 'PITCH42' }), { own402: true }));
    expect(await lead()).toContain('You are joining the group Pitch Practice at Summit.');
  });

  it('"Use a different code" comes back to the code step with the checked code in the field', async () => {
    renderWith('code=%20PITCH42%20', { org: { name: 'Summit', type: 'other' }, isEu: false, groupName: 'Pitch Practice', email: null });
    await lead();
    await userEvent.click(screen.getByRole('button', { name: 'Use a different code' }));
    expect((screen.getByLabelText(/Invite code/) as HTMLInputElement).value).toBe('PITCH42');
  });
});
