import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { ApiError } from '../../api/http-client';
import { sessionStore } from '../../app/session-store';
import { notifications } from '../../app/notification-store';
import { DeleteAccountCard, DeleteUserAction } from './delete-account-card';

// jsdom has no <dialog> methods; the dialog only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<DeleteAccountCard />} />
          <Route path="/" element={<p>Landing page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openAndFill(password: string, word: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  if (password) await userEvent.type(screen.getByLabelText('Current password'), password);
  if (word) await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), word);
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

afterEach(() => vi.restoreAllMocks());

describe('DeleteAccountCard (profile, issue 42 item 8)', () => {
  it('says what is removed and what is kept', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeTruthy();
    expect(screen.getByText(/removes your recordings with their results and media, the feedback you received/)).toBeTruthy();
    expect(
      screen.getByText("Comments and scores you wrote on other people's recordings stay, shown as from \u201cFormer member\u201d."),
    ).toBeTruthy();
  });

  it('sends the password and DELETE, signs out and lands on the landing page with a notice', async () => {
    const deleted = vi
      .spyOn(operations, 'deleteMyAccount')
      .mockResolvedValue({ deleted: true, recordingsRemoved: 2, feedbackAnonymised: 1 });
    const signOut = vi.spyOn(sessionStore, 'signOut');
    const notice = vi.spyOn(notifications, 'success');
    renderCard();
    await openAndFill('my-password', 'DELETE');
    await waitFor(() => expect(deleted).toHaveBeenCalledWith({ body: { confirmation: 'DELETE', password: 'my-password' } }));
    expect(await screen.findByText('Landing page')).toBeTruthy();
    expect(signOut).toHaveBeenCalled();
    await waitFor(() => expect(notice).toHaveBeenCalledWith('Account deleted', 'Your account has been deleted.'));
  });

  it('does not call the server until DELETE is typed exactly', async () => {
    const deleted = vi.spyOn(operations, 'deleteMyAccount');
    renderCard();
    await openAndFill('my-password', 'delete');
    expect(await screen.findByText('Type DELETE to confirm.')).toBeTruthy();
    expect(deleted).not.toHaveBeenCalled();
  });

  it('shows a wrong password on the password field and stays signed in', async () => {
    vi.spyOn(operations, 'deleteMyAccount').mockRejectedValue(
      new ApiError(400, MSG.currentPasswordWrong, true, ERROR_CODES.authCurrentPasswordWrong),
    );
    const signOut = vi.spyOn(sessionStore, 'signOut');
    renderCard();
    await openAndFill('wrong', 'DELETE');
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByText('Landing page')).toBeNull();
  });

  it('leaves the password out when empty (a hub account) and shows the last-admin refusal', async () => {
    const message =
      'You are the only admin of this organization and other members remain. Make another user an admin, then delete your account.';
    const deleted = vi
      .spyOn(operations, 'deleteMyAccount')
      .mockRejectedValue(new ApiError(409, message, true, ERROR_CODES.accountLastAdmin));
    renderCard();
    await openAndFill('', 'DELETE');
    await waitFor(() => expect(deleted).toHaveBeenCalledWith({ body: { confirmation: 'DELETE' } }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('DeleteUserAction (admin users table)', () => {
  const user = (canDelete: boolean) => ({ userId: '6f1c2a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50', name: 'Pat Member', abilities: { canDelete } });
  const renderAction = (canDelete: boolean) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <DeleteUserAction user={user(canDelete)} />
      </QueryClientProvider>,
    );
  };

  it('is not shown when the server says the caller may not delete this user', () => {
    renderAction(false);
    expect(screen.queryByRole('button', { name: /Delete user/ })).toBeNull();
  });

  it("sends the admin's password and DELETE for that user, and says it is done", async () => {
    const deleted = vi.spyOn(operations, 'deleteUser').mockResolvedValue({ deleted: true, recordingsRemoved: 0, feedbackAnonymised: 0 });
    const success = vi.spyOn(notifications, 'success');
    renderAction(true);
    await userEvent.click(screen.getByRole('button', { name: /^Delete user\s*Pat Member/ }));
    expect(screen.getByText(/Only when they ask for it/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your password'), 'admin-pass');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(deleted).toHaveBeenCalledWith({
        params: { path: { userId: user(true).userId } },
        body: { password: 'admin-pass', confirmation: 'DELETE' },
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('User deleted', 'The account of Pat Member has been deleted.'));
  });
});
