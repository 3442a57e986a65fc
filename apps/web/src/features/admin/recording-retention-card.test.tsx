import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG, type TAdminOrgSettings } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { ApiError } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { RecordingRetentionCard, RETENTION_LABEL } from './recording-retention-card';

const saved = (recordingRetention: TAdminOrgSettings['recordingRetention']): TAdminOrgSettings => ({
  settings: { Public_Share_Links: false },
  operatorFeatures: [],
  timeZone: 'UTC',
  recordingRetention,
});

function renderCard(s: TAdminOrgSettings) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RecordingRetentionCard saved={s} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RecordingRetentionCard (Admin > Settings, issue 42 item 9)', () => {
  it('shows the saved choice (off by default) and explains the removal and the 14-day notice', () => {
    renderCard(saved('off'));
    expect((screen.getByLabelText(RETENTION_LABEL) as HTMLSelectElement).value).toBe('off');
    expect(screen.getByText(/Rostrum removes each recording, with its results and feedback/)).toBeTruthy();
    expect(screen.getByText(/gets a notice and an email 14 days before/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save retention' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the chosen period alone and says so', async () => {
    const update = vi.spyOn(operations, 'updateOrgSettings').mockResolvedValue(saved('2y'));
    const success = vi.spyOn(notifications, 'success');
    renderCard(saved('off'));
    await userEvent.selectOptions(screen.getByLabelText(RETENTION_LABEL), '2y');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ body: { recordingRetention: '2y' } }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.changesSaved, 'Recordings are now removed 2 years after they are made.'));
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(operations, 'updateOrgSettings').mockRejectedValue(new ApiError(403, 'You do not have permission to do that', true));
    const error = vi.spyOn(notifications, 'error');
    renderCard(saved('1y'));
    await userEvent.selectOptions(screen.getByLabelText(RETENTION_LABEL), 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The retention could not be saved', 'You do not have permission to do that'));
  });
});
