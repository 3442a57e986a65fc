import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG, vocabulary, type TAdminOrgSettings } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { AdminOrgSettingsPage, SHARE_LINKS_LABEL } from './admin-org-settings-page';
import { TIME_ZONE_LABEL } from './org-time-zone-card';

// The admin area's Organisation settings page: the switch shows the saved value, Save sends the
// change, the answer is shown; the operator's features are listed in the organisation's words.

const settings = (on: boolean, operatorFeatures: TAdminOrgSettings['operatorFeatures'] = []): TAdminOrgSettings => ({
  settings: { Public_Share_Links: on },
  operatorFeatures,
  timeZone: 'UTC',
  recordingRetention: 'off',
});

function renderPage(orgType: 'edu' | 'other' = 'other') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The page reads only the vocabulary of the viewer.
  const viewer = { vocab: vocabulary(orgType) } as TViewer;
  return render(
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={viewer}>
        <AdminOrgSettingsPage />
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

const shareSwitch = () => screen.findByRole('switch', { name: SHARE_LINKS_LABEL });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

afterEach(() => vi.restoreAllMocks());

describe('AdminOrgSettingsPage', () => {
  it('turns public share links on with Save and says so; the switch then shows the saved value', async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(false));
    const update = vi.spyOn(operations, 'updateOrgSettings').mockImplementation(async ({ body }) => settings(!!body.Public_Share_Links));
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderPage();
    const sw = await shareSwitch();
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(sw.getAttribute('aria-describedby')).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);

    // Keyboard: the switch is a button, Space toggles it.
    sw.focus();
    await user.keyboard(' ');
    expect(sw.getAttribute('aria-checked')).toBe('true');
    await user.click(saveButton());
    expect(update).toHaveBeenCalledWith(sent({ Public_Share_Links: true }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.changesSaved, 'Owners can now create public share links.'));
    expect((await shareSwitch()).getAttribute('aria-checked')).toBe('true');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says that turning links off revokes them for good, beside the switch and when saved', async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(true));
    vi.spyOn(operations, 'updateOrgSettings').mockImplementation(async ({ body }) => settings(!!body.Public_Share_Links));
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderPage();
    const sw = await shareSwitch();
    const description = document.getElementById(sw.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain(
      'Turning this off revokes every existing link for good: turning it on again does not bring them back.',
    );
    await user.click(sw);
    await user.click(saveButton());
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(MSG.changesSaved, 'Public share links are off: every existing link is revoked for good.'),
    );
  });

  it("shows the server's refusal and keeps the switch where the admin put it", async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(true));
    vi.spyOn(operations, 'updateOrgSettings').mockRejectedValue(new ApiError(403, 'You do not have permission to do that', true));
    const error = vi.spyOn(notifications, 'error');
    const user = userEvent.setup();
    renderPage();
    await user.click(await shareSwitch());
    await user.click(saveButton());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The organization settings could not be saved', 'You do not have permission to do that'),
    );
    expect((await shareSwitch()).getAttribute('aria-checked')).toBe('false');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('Cancel puts the switch back to the saved value and saves nothing', async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(false));
    const update = vi.spyOn(operations, 'updateOrgSettings');
    const user = userEvent.setup();
    renderPage();
    await user.click(await shareSwitch());
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await shareSwitch()).getAttribute('aria-checked')).toBe('false');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(update).not.toHaveBeenCalled();
  });

  it("lists the operator's features that are on, in the school words", async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(false, ['Assignments', 'Email_Notifications_For_Speakers']));
    renderPage('edu');
    const list = await screen.findByRole('list', { name: 'Managed by your Rostrum operator' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Assignments', 'Email notifications for students']);
  });

  it('saves the time zone on its own (due dates are shown in it), and GET me carries the new one', async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(false));
    const update = vi
      .spyOn(operations, 'updateOrgSettings')
      .mockImplementation(async ({ body }) => ({ ...settings(false), timeZone: body.timeZone ?? 'UTC' }));
    const success = vi.spyOn(notifications, 'success');
    const user = userEvent.setup();
    renderPage();
    const zone = (await screen.findByRole('combobox', { name: TIME_ZONE_LABEL })) as HTMLSelectElement;
    expect(zone.value).toBe('UTC');
    const saveZone = screen.getByRole('button', { name: 'Save time zone' }) as HTMLButtonElement;
    expect(saveZone.disabled).toBe(true);
    await user.selectOptions(zone, 'Europe/London');
    await user.click(saveZone);
    expect(update).toHaveBeenCalledWith(sent({ timeZone: 'Europe/London' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.changesSaved, 'Due dates are now shown in Europe/London.'));
  });

  it('says when none of them is on', async () => {
    vi.spyOn(operations, 'getOrgSettings').mockResolvedValue(settings(false));
    renderPage();
    expect(await screen.findByText('None of the optional features is on.')).toBeTruthy();
  });
});
