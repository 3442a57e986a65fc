import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vocabulary } from '@rostrum/contract';
import { client } from '../../api/http-client';
import type { TViewer } from '../../app/viewer';
import { JoinGroupCard } from './join-group-card';

const viewer = { vocab: vocabulary('edu'), org: { type: 'edu' } } as unknown as TViewer;

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <JoinGroupCard viewer={viewer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { field: screen.getByLabelText('Invite code'), join: screen.getByRole('button', { name: 'Join' }) };
}

/** POST groups/join at the http client (whichever call layer sends it): never answered, so the join stays pending. */
const pendingJoin = () => vi.spyOn(client, 'POST').mockReturnValue(new Promise(() => {}) as never);

afterEach(() => vi.restoreAllMocks());

describe('JoinGroupCard', () => {
  it('asks for the code on submit, keeps the focus on Join and sends nothing', async () => {
    const joinGroup = pendingJoin();
    const user = userEvent.setup();
    const { field, join } = renderCard();
    expect(screen.getByRole('heading', { name: 'Join a class' })).toBeTruthy();
    await user.type(field, '   ');
    await user.click(join);
    expect(await screen.findByText('Invite code is required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(join);
    // The message stays while typing, until the next submit.
    await user.type(field, 'P');
    expect(screen.getByText('Invite code is required')).toBeTruthy();
    expect(joinGroup).not.toHaveBeenCalled();
  });

  it('joins with the trimmed code and clears the message', async () => {
    const joinGroup = pendingJoin();
    const user = userEvent.setup();
    const { field, join } = renderCard();
    await user.click(join);
    expect(await screen.findByText('Invite code is required')).toBeTruthy();
    await user.type(field, '  PITCH42 ');
    await user.click(join);
    await waitFor(() => expect(joinGroup).toHaveBeenCalledWith('/api/v1/groups/join', { body: { inviteCode: 'PITCH42' } }));
    expect(screen.queryByText('Invite code is required')).toBeNull();
  });
});
