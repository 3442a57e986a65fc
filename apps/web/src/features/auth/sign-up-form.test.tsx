import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LIMITS, MSG } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { SignUpForm } from './sign-up-form';
import { CONSENT_MSG, type TCheckedInvite } from './sign-up-schema';

// The session and GET me after a sign-in are not what these tests are about.
vi.mock('./complete-sign-in', () => ({ completeSignIn: vi.fn(async () => '/landing') }));

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
        <SignUpForm invite={invite(isEu)} presetEmail="" next={null} onBack={() => {}} onSignedIn={onSignedIn} queryClient={queryClient} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSignedIn };
}

afterEach(() => vi.restoreAllMocks());

describe('SignUpForm validation (000 section 2.6)', () => {
  it('shows the spec messages on submit only, and sends nothing', async () => {
    const signUp = vi.spyOn(operations, 'signUp');
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
    const signUp = vi.spyOn(operations, 'signUp').mockResolvedValue({ userId: 'u', signInKey: 'k' });
    vi.spyOn(operations, 'signInWithKey').mockRejectedValue(new Error('stop here'));
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
    expect(signUp.mock.calls[0]![0].body).toMatchObject({
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

/** Fills the account fields and the consent boxes, then presses Create Account. */
async function submitFilled(user: ReturnType<typeof userEvent.setup>, isEu: boolean, password = 'some-pass-123') {
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.selectOptions(screen.getByLabelText(/^Title/), 'professional');
  if (isEu) {
    for (const label of [
      /I am at least 16/,
      /storage and processing of my data in the USA/,
      /^I agree to the Terms of Use/,
      /^I agree to the Privacy Policy/,
    ])
      await user.click(screen.getByLabelText(label));
  } else await user.click(screen.getByLabelText(/I agree to the Terms of Use and Privacy Policy/));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignUpForm consents (000 sections 2.6 and 5, issue 38 item 1)', () => {
  it('sends the USA storage consent in its own field, and no data-use choice', async () => {
    const signUp = vi.spyOn(operations, 'signUp').mockResolvedValue({ userId: 'u', signInKey: 'k' });
    vi.spyOn(operations, 'signInWithKey').mockRejectedValue(new Error('stop here'));
    const user = userEvent.setup();
    renderForm(true);
    await submitFilled(user, true);
    await vi.waitFor(() => expect(signUp).toHaveBeenCalled());
    const body = signUp.mock.calls[0]![0].body;
    expect(body).toMatchObject({
      isEu: '1',
      ageAttestation: true,
      usaStorageConsent: true,
      termsAccepted: true,
      privacyAccepted: true,
      dataRetention: false,
    });
    expect(body).not.toHaveProperty('dataUseAllowed');
  });
});

describe('SignUpForm 409 (000 section 8, issue 38 item 15)', () => {
  it('signs in with the entered credentials and goes to join the group', async () => {
    vi.spyOn(operations, 'signUp').mockRejectedValue(new ApiError(409, MSG.signUpEmailTaken, true));
    const signIn = vi
      .spyOn(operations, 'signIn')
      .mockResolvedValue({ apiKey: 'a', orgCode: 'o', expires: new Date().toISOString(), userId: 'u' });
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await submitFilled(user, false, 'my-own-password');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/landing', '/confirm-code?code=Northwind-Class'));
    expect(signIn).toHaveBeenCalledWith(sent({ email: 'ada@example.com', password: 'my-own-password' }));
    expect(screen.queryByTestId('email-taken')).toBeNull();
  });

  it('shows the message with its sign-in link when that sign-in fails', async () => {
    vi.spyOn(operations, 'signUp').mockRejectedValue(new ApiError(409, MSG.signUpEmailTaken, true));
    const signIn = vi.spyOn(operations, 'signIn').mockRejectedValue(new ApiError(401, MSG.incorrectCredentials, true));
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await submitFilled(user, false);
    const taken = await screen.findByTestId('email-taken');
    expect(signIn).toHaveBeenCalledWith(sent({ email: 'ada@example.com', password: 'some-pass-123' }));
    expect(taken.textContent).toBe(MSG.signUpEmailTaken);
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/sign-in?email=ada%40example.com&code=Northwind-Class');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
