import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSubscriptionEntry } from '@rostrum/contract';
import { client } from '../../api/http-client';
import { queryKeys } from '../../api/rostrum-api';
import { notifications } from '../../app/notification-store';
import { formatDate } from '../../components/date-format';
import { AutoRenewControl } from './auto-renew-control';

// jsdom has no <dialog> methods; the confirmation only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const GROUP = '3f0c9a52-6a0e-4d8f-9b1a-2c3d4e5f6a7b';
const EXPIRES = '2027-03-10T12:00:00.000Z';
const entry = (over: Partial<TSubscriptionEntry> = {}): TSubscriptionEntry => ({
  groupId: GROUP,
  groupName: 'Sales Team',
  status: 'active',
  expires: EXPIRES,
  perpetual: false,
  action: 'renew',
  autoRenew: true,
  ...over,
});

function show(e: TSubscriptionEntry) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(qc, 'invalidateQueries');
  render(
    <QueryClientProvider client={qc}>
      <AutoRenewControl entry={e} groupName="Sales Team" />
    </QueryClientProvider>,
  );
  return invalidated;
}

const dialog = () => screen.getByRole('dialog', { hidden: true });

afterEach(() => vi.restoreAllMocks());

describe('AutoRenewControl', () => {
  it('shows nothing for a membership without auto-renew', () => {
    show(entry({ autoRenew: false }));
    expect(screen.queryByText('Renews automatically')).toBeNull();
    expect(screen.queryByRole('button', { name: /auto-renew/ })).toBeNull();
  });

  it('turns auto-renew off after the confirmation, then says so and reloads the subscription page', async () => {
    const calls: string[] = [];
    vi.spyOn(client, 'DELETE').mockImplementation((async (path: string, init: { params: { path: { id: string } } }) => {
      calls.push(`${path} ${init.params.path.id}`);
      return { data: { data: { autoRenew: false, expires: EXPIRES } }, response: new Response(null, { status: 200 }) };
    }) as never);
    const success = vi.spyOn(notifications, 'success').mockImplementation(() => {});
    const invalidated = show(entry());
    expect(screen.getByText('Renews automatically')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Turn off auto-renew for Sales Team' }));
    expect(dialog().hasAttribute('open')).toBe(true);
    expect(
      within(dialog()).getByText(
        `Your card will not be charged again. Your access to Sales Team continues until ${formatDate(EXPIRES)}; nothing is refunded.`,
      ),
    ).toBeTruthy();
    // Keeping it sends nothing.
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Keep It', hidden: true }));
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Turn off auto-renew for Sales Team' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Turn Off', hidden: true }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Auto-renew is off', `Your access continues until ${formatDate(EXPIRES)}.`));
    expect(calls).toEqual([`/api/v1/groups/{id}/subscription/auto-renew ${GROUP}`]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.subscriptionPage });
    expect(dialog().hasAttribute('open')).toBe(false);
  });

  it("shows the server's message when it cannot be turned off", async () => {
    vi.spyOn(client, 'DELETE').mockImplementation((async () => ({
      error: { errors: [{ status: 503, message: 'The payment service could not be reached. Please try again.', code: 'server.error' }] },
      response: new Response(null, { status: 503 }),
    })) as never);
    const error = vi.spyOn(notifications, 'error').mockImplementation(() => {});
    show(entry());
    await userEvent.click(screen.getByRole('button', { name: 'Turn off auto-renew for Sales Team' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Turn Off', hidden: true }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]![0]).toBe('Auto-renew could not be turned off');
  });
});
