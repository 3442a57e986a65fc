import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LIMITS } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { SignUpForm } from './sign-up-form';
import { CONSENT_MSG } from './sign-up-schema';
import type { TCheckedInvite } from './sign-up-page';

const invite = (isEu: boolean): TCheckedInvite => ({
  body: { inviteCode: 'Northwind-Class' },
  result: { org: { name: 'Northwind', type: 'edu' }, isEu, groupName: 'Class', email: null },
});

function renderForm(isEu = false) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SignUpForm
          invite={invite(isEu)}
          presetEmail=""
          onBack={() => {}}
          onSignedIn={onSignedIn}
          onSignInElsewhere={() => {}}
          queryClient={queryClient}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSignedIn };
}

afterEach(() => vi.restoreAllMocks());

describe('SignUpForm validation (000 section 2.6)', () => {
  it('shows the spec messages on submit only, and sends nothing', async () => {
    const signUp = vi.spyOn(api, 'signUp');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText(/^Email/));
    await user.tab();
    expect(screen.queryByText('Enter a valid email address')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText(`Password must be at least ${LIMITS.passwordMin} characters`)).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText(CONSENT_MSG.terms)).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('asks an EU sign-up for the four required items', async () => {
    const user = userEvent.setup();
    renderForm(true);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(CONSENT_MSG.eu)).toBeTruthy();
  });

  it('fills the full name from first and last name until it is edited, and sends the contract body', async () => {
    const signUp = vi.spyOn(api, 'signUp').mockResolvedValue({ userId: 'u', signInKey: 'k' });
    vi.spyOn(api, 'signInWithKey').mockRejectedValue(new Error('stop here'));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/^Email/), ' New@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'some-pass-123');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    expect(screen.getByLabelText<HTMLInputElement>(/^Full name/).value).toBe('Ada Lovelace');
    await user.selectOptions(screen.getByLabelText(/^Title/), 'professional');
    await user.click(screen.getByLabelText(/I agree to the Terms of Use and Privacy Policy/));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(signUp).toHaveBeenCalled());
    expect(signUp.mock.calls[0]![0]).toMatchObject({
      email: 'new@example.com',
      name: 'Ada Lovelace',
      metadata: { title: 'professional' },
      inviteCode: 'Northwind-Class',
      termsAccepted: true,
      privacyAccepted: true,
    });
  });

  it('links the Terms of Use and the Privacy Policy from the consent boxes (issue 12 item 19)', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('links both pages from the EU consent block too', () => {
    renderForm(true);
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});
