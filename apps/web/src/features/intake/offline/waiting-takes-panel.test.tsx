import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { WaitingTakesPanel } from './waiting-takes-panel';
import type { TWaitingItem, TWaitingState } from './upload-queue';

const item = (takeId: string, state: TWaitingState): TWaitingItem => ({
  takeId,
  title: `Talk ${takeId}`,
  seconds: 65,
  assignmentId: undefined,
  state,
});

function renderPanel(online: boolean, takes: TWaitingItem[]) {
  const onRetry = vi.fn();
  const onDiscard = vi.fn();
  render(
    <MemoryRouter>
      <WaitingTakesPanel online={online} takes={takes} onRetry={onRetry} onDiscard={onDiscard} />
    </MemoryRouter>,
  );
  return { onRetry, onDiscard };
}

describe('WaitingTakesPanel', () => {
  it('says plainly that the page is offline and lists each take with its title, length and state', () => {
    renderPanel(false, [item('a', { kind: 'waiting' }), item('b', { kind: 'uploading', percent: 40 })]);
    expect(screen.getByText('You are offline. Your take is kept on this device and will upload when you are back online.')).toBeTruthy();
    const rows = screen.getAllByTestId('waiting-take');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Talk a1 minute 5 seconds · Waiting to upload',
      'Talk b1 minute 5 seconds · Uploading 40%',
    ]);
  });

  it('offers Retry on a failed take (and Discard when the server refused it), then the results link', async () => {
    const { onRetry, onDiscard } = renderPanel(true, [
      item('a', { kind: 'failed', message: null }),
      item('b', { kind: 'failed', message: 'This file type is not supported' }),
      item('c', { kind: 'uploaded', recordingId: 'rec-1' }),
    ]);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(2);
    await userEvent.click(retries[0] as HTMLElement);
    expect(onRetry).toHaveBeenCalledWith('a');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledWith('b');
    expect(screen.getByText('Upload failed: This file type is not supported')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See results' }).getAttribute('href')).toBe('/evaluate/rec-1');
  });

  it('shows nothing online with no takes', () => {
    renderPanel(true, []);
    expect(screen.queryByTestId('waiting-takes')).toBeNull();
  });
});
