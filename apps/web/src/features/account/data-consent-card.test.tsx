import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG, type TUser } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { formatDate } from '../../components/date-format';
import { DataConsentCard } from './data-consent-card';

const SIGNED_UP = '2026-03-04T10:00:00.000Z';
/** An EU user as a sign-up through the form leaves them: four consents dated, no data use. */
const euUser = {
  isEu: '1',
  ageAttestation: true,
  ageAttestationAt: SIGNED_UP,
  usaStorageConsent: true,
  usaStorageConsentAt: SIGNED_UP,
  termsAccepted: true,
  termsAcceptedAt: SIGNED_UP,
  privacyAccepted: true,
  privacyAcceptedAt: SIGNED_UP,
  dataRetention: false,
  dataRetentionAt: null,
  dataUseAllowed: false,
  dataUseAllowedAt: null,
} as const satisfies Partial<TUser>;
const asUser = (u: Partial<TUser>): TUser => ({ ...({} as TUser), ...u });

function renderCard(user: TUser) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DataConsentCard user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const DATA_USE = "Allow my anonymized recordings to be used to improve Rostrum's speech analysis.";
const KEEP = 'Keep my recordings and data for up to 5 years after my account is closed.';

afterEach(() => vi.restoreAllMocks());

describe('DataConsentCard (000 sections 2.9 and 5, issue 38 item 1)', () => {
  it('shows what the user agreed to and when, and the data-use box unticked', () => {
    renderCard(asUser(euUser));
    const on = formatDate(SIGNED_UP);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      `You agreed on ${on} that you are at least 16 years old.`,
      `You agreed on ${on} to the storage and processing of your data in the USA.`,
      `You agreed on ${on} to the Terms of Use.`,
      `You agreed on ${on} to the Privacy Policy.`,
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(DATA_USE).checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>(KEEP).checked).toBe(false);
  });

  it('saves only the two choices, and shows when each was made', async () => {
    const at = '2026-05-06T08:00:00.000Z';
    const update = vi
      .spyOn(operations, 'updateMe')
      .mockResolvedValue(asUser({ ...euUser, dataUseAllowed: true, dataUseAllowedAt: at }) as never);
    const user = userEvent.setup();
    renderCard(asUser({ ...euUser, dataRetention: true, dataRetentionAt: at }));
    expect(screen.getByLabelText(KEEP).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(`You turned this on on ${formatDate(at)}.`)).toBeTruthy();
    await user.click(screen.getByLabelText(DATA_USE));
    await user.click(screen.getByRole('button', { name: 'Save data choices' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith(sent({ dataRetention: true, dataUseAllowed: true })));
  });

  it('sends a choice turned off as false, and says when the save failed', async () => {
    const update = vi.spyOn(operations, 'updateMe').mockRejectedValue(new ApiError(500, 'Server error', false));
    const error = vi.spyOn(notifications, 'error');
    const user = userEvent.setup();
    renderCard(asUser({ ...euUser, dataRetention: true, dataRetentionAt: '2026-05-06T08:00:00.000Z' }));
    await user.click(screen.getByLabelText(KEEP));
    await user.click(screen.getByRole('button', { name: 'Save data choices' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith(sent({ dataRetention: false, dataUseAllowed: false })));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(MSG.profileSaveTitle, MSG.profileSaveGeneric));
    expect(screen.getByLabelText<HTMLInputElement>(KEEP).checked).toBe(false);
  });
});
