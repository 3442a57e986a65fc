import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { DEFAULT_EMAIL_PREFERENCES, type TEmailSettings, vocabulary } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { EmailPreferencesForm } from './email-preferences-form';

const viewer = { vocab: vocabulary('edu'), speaker: true, manager: false } as unknown as TViewer;
const REMINDER = 'Remind me 7 days before my access ends';

function settings(offered: boolean, enabled = true): TEmailSettings {
  return {
    preferences: DEFAULT_EMAIL_PREFERENCES,
    sections: { speakers: ['feedbackReceivedFrequency'], coaches: [] },
    accessReminders: { offered, enabled },
  };
}

function renderForm(s: TEmailSettings) {
  vi.spyOn(operations, 'getEmailSettings').mockResolvedValue(s);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <EmailPreferencesForm viewer={viewer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('EmailPreferencesForm: the access reminder switch', () => {
  it('shows the switch the server offers, and saves it with its own call only', async () => {
    const saveReminders = vi.spyOn(operations, 'updateAccessReminders').mockResolvedValue({ enabled: false });
    const savePrefs = vi.spyOn(operations, 'updateEmailPreferences');
    const user = userEvent.setup();
    renderForm(settings(true));
    const reminder = await screen.findByRole('switch', { name: REMINDER });
    expect(reminder.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Emails about your access to your classes.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.click(reminder);
    expect(reminder.getAttribute('aria-checked')).toBe('false');
    await user.click(save);
    await waitFor(() => expect(saveReminders).toHaveBeenCalledWith(sent({ enabled: false })));
    expect(savePrefs).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true));
  });

  it('is not shown to a user with nothing to renew', async () => {
    renderForm(settings(false));
    await screen.findByRole('switch', { name: 'Feedback received' });
    expect(screen.queryByRole('switch', { name: REMINDER })).toBeNull();
  });
});
