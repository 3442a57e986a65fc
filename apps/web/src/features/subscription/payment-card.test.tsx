import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveAtClient } from '../../test/operations';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vocabulary, type TPlan, type TSubscriptionEntry } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { PaymentCard } from './payment-card';

const GROUP = '3f0c9a52-6a0e-4d8f-9b1a-2c3d4e5f6a7b';
const PLAN = '8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b';
const entry: TSubscriptionEntry = {
  groupId: GROUP,
  groupName: 'Sales Team',
  status: 'inactive',
  expires: null,
  perpetual: false,
  action: 'activate',
  autoRenew: false,
};
const plans: TPlan[] = [
  { planId: PLAN, name: 'Term', price: 4900, duration: 90, recurring: false },
  { planId: '9f0a1b2c-3d4e-4f5a-9b7c-8d9e0f1a2b3c', name: 'Year', price: 9900, duration: 365, recurring: false },
];
const viewer = { vocab: vocabulary('other') } as TViewer;

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {/* Coupon-only: the prepaid tab alone, so Stripe's card form never loads. */}
        <PaymentCard
          viewer={viewer}
          entry={entry}
          payable={[entry]}
          plans={plans}
          cardPayments={false}
          couponOnly
          onChooseGroup={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { code: screen.getByLabelText('Prepaid code'), activate: screen.getByRole('button', { name: 'Activate' }) };
}

/** The API at the http client: answers POST (or refuses it). */
const serve = (answer: Parameters<typeof serveAtClient>[1]) => serveAtClient('POST', answer);

afterEach(() => vi.restoreAllMocks());

describe('PaymentCard prepaid code (002 section 2.10)', () => {
  it('asks for the plan and the code together on submit, sends nothing, and typing clears only the code message', async () => {
    const update = serve({ status: 200 });
    const user = userEvent.setup();
    const { code, activate } = renderCard();
    await user.type(code, '   ');
    await user.click(activate);
    expect(await screen.findByText('Choose a plan to pay for.')).toBeTruthy();
    expect(screen.getByText('Enter your prepaid code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(activate);
    expect(update).not.toHaveBeenCalled();

    await user.type(code, 'X');
    expect(screen.queryByText('Enter your prepaid code.')).toBeNull();
    expect(screen.getByText('Choose a plan to pay for.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Term' }));
    expect(screen.queryByText('Choose a plan to pay for.')).toBeNull();
  });

  it('redeems the trimmed code for the chosen plan and empties the field', async () => {
    const update = serve({ status: 200, data: { expires: '2027-03-10T12:00:00.000Z', transactionId: 'tx-1' } });
    const user = userEvent.setup();
    const { code, activate } = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Term' }));
    await user.type(code, '  PREPAID-1234 ');
    await user.click(activate);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        '/api/v1/groups/{id}/subscription',
        expect.objectContaining({ params: { path: { id: GROUP } }, body: { planId: PLAN, accessCode: 'PREPAID-1234' } }),
      ),
    );
    await waitFor(() => expect(code).toHaveProperty('value', ''));
    expect(screen.getByTestId('subscription-done').textContent).toContain('Sales Team');
  });
});
