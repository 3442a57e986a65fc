import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { client } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { PaymentMethodsCard } from './payment-methods-card';

type TAnswer = { status: number; data?: unknown; message?: string };

/** The API at the http client, under whichever call layer sends it: `answer` gets the request's body. */
function serve(method: 'GET' | 'PATCH', answer: (body: unknown) => TAnswer) {
  return vi.spyOn(client, method).mockImplementation((async (_path: string, init?: { body?: unknown }) => {
    const a = answer(init?.body);
    const response = new Response(null, { status: a.status });
    return a.status < 300
      ? { data: { data: a.data }, response }
      : { error: { errors: [{ message: a.message, status: a.status }] }, response };
  }) as never);
}

function renderCard(couponOnly = false) {
  serve('GET', () => ({ status: 200, data: { couponOnly, cardPaymentsConfigured: true } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentMethodsCard />
    </QueryClientProvider>,
  );
}

const radio = (name: string) => screen.findByRole<HTMLInputElement>('radio', { name });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save Payment Methods' });

afterEach(() => vi.restoreAllMocks());

describe('PaymentMethodsCard (issue 17)', () => {
  it('starts as saved with Save off; choosing prepaid codes only saves couponOnly and says so', async () => {
    const update = serve('PATCH', (body) => ({ status: 200, data: { ...(body as object), cardPaymentsConfigured: true } }));
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderCard();
    expect((await radio('Cards and prepaid codes')).checked).toBe(true);
    expect(saveButton().disabled).toBe(true);

    await user.click(await radio('Prepaid codes only'));
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    await waitFor(() => expect(update).toHaveBeenCalledWith('/api/v1/admin/billing-settings', { body: { couponOnly: true } }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Speakers now pay with prepaid codes only'));
    expect((await radio('Prepaid codes only')).checked).toBe(true);
    expect(saveButton().disabled).toBe(true);
  });

  it("shows a refusal with the server's reason and keeps the choice", async () => {
    serve('PATCH', () => ({ status: 403, message: 'You do not have permission to do that' }));
    const error = vi.spyOn(notifications, 'error');
    const user = userEvent.setup();
    renderCard(true);
    await user.click(await radio('Cards and prepaid codes'));
    await user.click(saveButton());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The payment methods could not be saved', 'You do not have permission to do that'),
    );
    expect((await radio('Cards and prepaid codes')).checked).toBe(true);
    expect(saveButton().disabled).toBe(false);
  });
});
