import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MSG } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { HubSignInPage } from './hub-sign-in-page';

function SignInProbe() {
  const location = useLocation();
  return (
    <p data-testid="sign-in">
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/btc/sign-in" element={<HubSignInPage />} />
        <Route path="/sign-in" element={<SignInProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('HubSignInPage (000 sections 2.5, 4 and 8)', () => {
  it('goes on to sign-in with {orgCode}-{apiKey} and next, marked as this tab’s hub sign-in', async () => {
    const hubLogin = vi.spyOn(operations, 'hubLogin').mockResolvedValue({ apiKey: 'k3y', orgCode: 'riverside', next: '/profile' });
    renderAt('/btc/sign-in?code=c0de&state=st4te&iss=https%3A%2F%2Fhub.example');
    const probe = await screen.findByTestId('sign-in');
    expect(hubLogin).toHaveBeenCalledWith(sent({ code: 'c0de', state: 'st4te', iss: 'https://hub.example', error: undefined }));
    expect(probe.textContent).toContain('?key=riverside-k3y&next=%2Fprofile');
    expect(probe.textContent).toContain('"hubSignIn":true');
  });

  it("shows 'Could not retrieve valid sign-in key' when the answer lacks apiKey or orgCode", async () => {
    vi.spyOn(operations, 'hubLogin').mockResolvedValue({ apiKey: '', orgCode: 'riverside', next: null });
    renderAt('/btc/sign-in?code=c0de&state=st4te');
    expect(await screen.findByRole('heading', { name: MSG.hubErrorTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MSG.hubKeyMissing);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it("shows the server's message, or 'Unknown Error' when there is none", async () => {
    vi.spyOn(operations, 'hubLogin').mockRejectedValueOnce(new ApiError(400, MSG.hubStateInvalid, true, 'hub.state_invalid'));
    renderAt('/btc/sign-in?code=c0de&state=st4te');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.hubStateInvalid);
  });

  it("shows 'Unknown Error' when the call failed without a message", async () => {
    vi.spyOn(operations, 'hubLogin').mockRejectedValueOnce(new Error('boom'));
    renderAt('/btc/sign-in?error=access_denied&state=st4te');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.unknownError);
  });
});
