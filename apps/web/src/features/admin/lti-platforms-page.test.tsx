import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ERROR_CODES, LTI_MSG, LTI_SCOPES, type TLtiPlatform } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import { notifications } from '../../app/notification-store';
import { formatDateTime } from '../../components/date-format';
import { LtiPlatformsPage, REMOVE_CONSEQUENCE } from './lti-platforms-page';
import { ROTATE_EXPLANATION } from './lti-signing-keys';

// The admin's Learning Platforms (LTI) page (issue 42 item 1): the registered platforms, the
// values to paste into them, registering one (a refused address is shown on its field), removing
// one, and rotating the tool's signing keys after a confirmation.

// jsdom has no <dialog> methods; the confirm only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const API = 'https://rostrum.test/api/v1';
const ORG = '99999999-9999-4999-8999-999999999999';
const tool: TLtiPlatform['tool'] = {
  loginInitiationUrl: `${API}/lti/login`,
  launchUrl: `${API}/lti/launch`,
  redirectUris: [`${API}/lti/launch`],
  deepLinkingUrl: `${API}/lti/launch`,
  jwksUrl: `${API}/lti/jwks/${ORG}`,
  scopes: [...LTI_SCOPES],
};

const platform = (over: Partial<TLtiPlatform> = {}): TLtiPlatform => ({
  platformId: '11111111-1111-4111-8111-111111111111',
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000042',
  deploymentIds: ['1:abc', '2:def'],
  authorizationUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  adminRoleGrantsOrgAdmin: false,
  gradesAsDrafts: false,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  tool,
  ...over,
});

const currentKey = { kid: 'kid-new', createdAt: '2026-12-04T09:00:00.000Z', retiredAt: null, current: true, published: true };

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LtiPlatformsPage />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');

afterEach(() => vi.restoreAllMocks());

describe('LtiPlatformsPage', () => {
  it('lists the platforms with their client id and deployments, the values to paste and the signing keys', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([platform()]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([
      currentKey,
      { kid: 'kid-old', createdAt: '2026-11-02T10:00:00.000Z', retiredAt: '2026-12-04T09:00:00.000Z', current: false, published: true },
      { kid: 'kid-gone', createdAt: '2026-10-01T10:00:00.000Z', retiredAt: '2026-11-02T10:00:00.000Z', current: false, published: false },
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Learning platforms' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Canvas');
    expect(row.textContent).toContain('https://canvas.instructure.com');
    expect(row.textContent).toContain('10000000000042');
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('2');
    expect(within(row).getByRole('button', { name: 'Edit platform Canvas' })).toBeTruthy();

    // Each tool value in a read-only field with its own Copy button.
    const login = screen.getByLabelText('Login initiation URL (OpenID Connect)') as HTMLInputElement;
    expect(login.value).toBe(`${API}/lti/login`);
    expect(login.readOnly).toBe(true);
    expect((screen.getByLabelText('Tool JWKS URL (public keyset)') as HTMLInputElement).value).toBe(`${API}/lti/jwks/${ORG}`);
    expect((screen.getByLabelText('Scopes') as HTMLInputElement).value).toBe(LTI_SCOPES.join(' '));
    expect(screen.getByRole('button', { name: /^Copy\s*Deep linking \(content selection\) URL$/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In Canvas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In Moodle' })).toBeTruthy();

    const keys = await screen.findByRole('table', { name: 'Signing keys' });
    const keyRows = within(keys).getAllByRole('row').slice(1);
    expect(keyRows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['kid-new', 'kid-old', 'kid-gone']);
    expect(keyRows[0]!.textContent).toContain('Current');
    // Published after retirement: kept for the 72-hour grace period from its retirement.
    expect(keyRows[1]!.textContent).toContain(`Retiring until ${formatDateTime('2026-12-07T09:00:00.000Z')}`);
    expect(keyRows[2]!.textContent).toContain('Retired');
  });

  it('says what LTI gives a school when no platform is registered, and offers no values or rotation yet', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('No learning platforms yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Learning platforms' })).toBeNull();
    expect(screen.queryByLabelText('Login initiation URL (OpenID Connect)')).toBeNull();
    expect(await screen.findByText(/No signing keys yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate keys' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Register a platform' })).toBeTruthy();
  });

  it('shows an error when the platforms cannot be loaded', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockRejectedValue(new ApiError(500, 'Oops', true));
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('The learning platforms could not be loaded')).toBeTruthy();
  });

  it('registers a platform: the form checks its fields, a refused address is shown on its field, then it is saved', async () => {
    const list = vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([]);
    const create = vi
      .spyOn(operations, 'createLtiPlatform')
      .mockRejectedValueOnce(new ApiError(400, `jwksUrl: ${LTI_MSG.urlNotAllowed}`, true, ERROR_CODES.ltiUrlNotAllowed))
      .mockImplementationOnce(async ({ body }) => platform({ ...body, name: body.name }));
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Register a platform' }));
    const form = screen.getByRole('form', { name: 'Register a platform' });

    // Nothing filled in: the fields say what they need and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Register platform' }));
    const issuer = within(form).getByLabelText('Issuer (Platform ID)');
    await waitFor(() => expect(issuer.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('Enter at least one deployment id');
    expect(create).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Name'), 'Moodle');
    await user.type(issuer, 'https://moodle.school.example');
    await user.type(within(form).getByLabelText('Client ID'), 'abc123');
    await user.type(within(form).getByLabelText('Deployment IDs'), ' 1 {Enter}{Enter}2');
    await user.type(within(form).getByLabelText('OIDC authorisation endpoint'), 'https://moodle.school.example/mod/lti/auth.php');
    await user.type(within(form).getByLabelText('Token endpoint'), 'https://moodle.school.example/mod/lti/token.php');
    const jwks = within(form).getByLabelText('Platform JWKS URL (public keyset)');
    await user.type(jwks, 'https://10.0.0.5/mod/lti/certs.php');
    await user.click(within(form).getByRole('checkbox', { name: /administrators become admins/ }));
    await user.click(within(form).getByRole('button', { name: 'Register platform' }));

    const body = {
      name: 'Moodle',
      issuer: 'https://moodle.school.example',
      clientId: 'abc123',
      deploymentIds: ['1', '2'],
      authorizationUrl: 'https://moodle.school.example/mod/lti/auth.php',
      tokenUrl: 'https://moodle.school.example/mod/lti/token.php',
      jwksUrl: 'https://10.0.0.5/mod/lti/certs.php',
      adminRoleGrantsOrgAdmin: true,
      gradesAsDrafts: false,
    };
    expect(create).toHaveBeenCalledWith(sent(body));
    // The server's refusal names the JWKS field: its message is shown there, without the field's name.
    await waitFor(() => expect(jwks.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = jwks.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(LTI_MSG.urlNotAllowed);
    expect(issuer.getAttribute('aria-invalid')).toBeNull();

    await user.clear(jwks);
    await user.type(jwks, 'https://moodle.school.example/mod/lti/certs.php');
    list.mockResolvedValue([platform({ ...body, jwksUrl: 'https://moodle.school.example/mod/lti/certs.php' })]);
    await user.click(within(form).getByRole('button', { name: 'Register platform' }));
    expect(create).toHaveBeenLastCalledWith(sent({ ...body, jwksUrl: 'https://moodle.school.example/mod/lti/certs.php' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Moodle is registered'));
    expect(screen.queryByRole('form', { name: 'Register a platform' })).toBeNull();
    // The list is read again: the new platform and Rostrum's values to paste into it.
    expect(await screen.findByRole('table', { name: 'Learning platforms' })).toBeTruthy();
    expect((await screen.findByLabelText('Login initiation URL (OpenID Connect)')) as HTMLInputElement).toBeTruthy();
  });

  it('puts a taken issuer and client id on the client id field', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([platform()]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([currentKey]);
    const update = vi
      .spyOn(operations, 'updateLtiPlatform')
      .mockRejectedValue(new ApiError(409, LTI_MSG.platformTaken, true, ERROR_CODES.ltiPlatformTaken));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit platform Canvas' }));
    const form = screen.getByRole('form', { name: 'Edit platform: Canvas' });
    expect((within(form).getByLabelText('Deployment IDs') as HTMLTextAreaElement).value).toBe('1:abc\n2:def');
    await user.click(within(form).getByRole('checkbox', { name: 'Send scores to the gradebook as drafts' }));
    await user.click(within(form).getByRole('button', { name: 'Save platform' }));
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { path: { platformId: platform().platformId } },
        body: expect.objectContaining({ deploymentIds: ['1:abc', '2:def'], gradesAsDrafts: true }),
      }),
    );
    const clientId = within(form).getByLabelText('Client ID');
    await waitFor(() => expect(clientId.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain(LTI_MSG.platformTaken);
  });

  it('removes a platform after saying that its classes and members stay', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([platform()]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([currentKey]);
    const remove = vi.spyOn(operations, 'deleteLtiPlatform').mockResolvedValue({});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove platform Canvas' }));
    expect(dialog().textContent).toContain('Remove Canvas?');
    expect(dialog().textContent).toContain('its classes and members stay');
    expect(dialog().textContent).toContain(REMOVE_CONSEQUENCE);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove platform Canvas' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove platform' }));
    expect(remove).toHaveBeenCalledWith({ params: { path: { platformId: platform().platformId } } });
  });

  it('rotates the keys only after the confirmation that explains the 72-hour grace period', async () => {
    vi.spyOn(operations, 'listLtiPlatforms').mockResolvedValue([platform()]);
    vi.spyOn(operations, 'listLtiToolKeys').mockResolvedValue([currentKey]);
    const rotated = [
      { kid: 'kid-newer', createdAt: '2026-12-04T12:00:00.000Z', retiredAt: null, current: true, published: true },
      { ...currentKey, retiredAt: '2026-12-04T12:00:00.000Z', current: false },
    ];
    const rotate = vi.spyOn(operations, 'rotateLtiToolKey').mockResolvedValue(rotated);
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rotate keys' }));
    expect(dialog().textContent).toContain(ROTATE_EXPLANATION);
    expect(ROTATE_EXPLANATION).toContain('72 hours');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(rotate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Rotate keys' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Rotate keys' }));
    expect(rotate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The signing keys are rotated', 'The old key is kept for 72 hours.'));
    const keys = screen.getByRole('table', { name: 'Signing keys' });
    await waitFor(() => expect(within(keys).getAllByRole('row')).toHaveLength(3));
    const replaced = within(keys).getAllByRole('row')[2]!;
    expect(within(replaced).getAllByRole('cell')[0]!.textContent).toBe('kid-new');
    expect(replaced.textContent).toContain(`Retiring until ${formatDateTime('2026-12-07T12:00:00.000Z')}`);
  });
});
