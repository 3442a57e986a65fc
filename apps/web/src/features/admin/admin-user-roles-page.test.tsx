import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ADMIN_USERS_MSG, MSG, PSEUDO_GROUP_ID, type TAdminUserGroup, type TAdminUserRoles } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { bodiesSentTo } from '../../test/operations';
import { notifications } from '../../app/notification-store';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { AdminUserRolesPage } from './admin-user-roles-page';

// The user roles page (000 sections 2.11, 5 and 7): the boxes start as the server reads the
// user's roles, Save sends them as PUT users/{userId}, and removing your own admin access asks first.

// jsdom has no <dialog> methods; the confirm only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const USER_ID = '33333333-3333-4333-8333-333333333333';
const SALES = '11111111-1111-4111-8111-111111111111';
const LAPSED = '22222222-2222-4222-8222-222222222222';

const group = (groupId: string, name: string, over: Partial<TAdminUserGroup> = {}): TAdminUserGroup => ({
  groupId,
  name,
  freeDuration: null,
  membershipStatus: 'active',
  roles: [],
  expiredRoles: [],
  membershipStartDate: null,
  membershipExpires: null,
  membershipPerpetual: true,
  granted: { manager: false, speaker: false },
  abilities: { canGrantSpeaker: true },
  ...over,
});

const roles = (over: Partial<TAdminUserRoles['user']> = {}, groups?: TAdminUserGroup[]): TAdminUserRoles => ({
  user: {
    userId: USER_ID,
    name: 'Sam Speaker',
    firstName: 'Sam',
    lastName: 'Speaker',
    email: 'sam@example.com',
    isOrgAdmin: false,
    isOrgManager: false,
    orgAccess: { manager: false, admin: false },
    abilities: { confirmsOwnAdminRemoval: false },
    ...over,
  },
  org: { type: 'other', billingModel: 0, freeDuration: null, hasPerpetualFreeDuration: false },
  groups: groups ?? [
    group(SALES, 'Sales Team', { roles: ['speaker'], granted: { manager: false, speaker: true } }),
    // Speaker access there expired: left out of the body unless a role is granted again.
    group(LAPSED, 'Old Team', {
      membershipStatus: 'inactive',
      expiredRoles: ['speaker'],
      membershipExpires: '2026-01-01T00:00:00.000Z',
      membershipPerpetual: false,
      abilities: { canGrantSpeaker: false },
    }),
  ],
});

function renderPage(data: TAdminUserRoles, viewerId = 'someone-else') {
  vi.spyOn(operations, 'getUser').mockResolvedValue(data as never);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={{ user: { userId: viewerId } } as TViewer}>
        <MemoryRouter initialEntries={[`/customer-admin/users/${USER_ID}`]}>
          <Routes>
            <Route path="/customer-admin/users/:userId" element={<AdminUserRolesPage />} />
          </Routes>
        </MemoryRouter>
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByRole('group', { name });
const box = (label: string, within_: HTMLElement = document.body) => within(within_).getByLabelText(label) as HTMLInputElement;

afterEach(() => vi.restoreAllMocks());

describe('AdminUserRolesPage', () => {
  it('sends the boxes as the roles body and shows the saved roles', async () => {
    const success = vi.spyOn(notifications, 'success');
    const saved = roles({ orgAccess: { manager: true, admin: false } }, [
      group(SALES, 'Sales Team', { roles: ['manager'], granted: { manager: true, speaker: false } }),
    ]);
    const sent = bodiesSentTo('updateUserRoles', () => saved);
    renderPage(roles());
    await screen.findByRole('heading', { name: 'Sam Speaker' });
    expect(box('Speaker', row('Sales Team')).checked).toBe(true);
    // A coach of a group cannot also be its speaker.
    expect(box('Coach', row('Sales Team')).disabled).toBe(true);

    fireEvent.click(box('Allow this user to add new groups?'));
    fireEvent.click(box('Speaker', row('Sales Team')));
    fireEvent.click(box('Coach', row('Sales Team')));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledWith({
      roles: [
        { groupId: PSEUDO_GROUP_ID, roles: ['manager'] },
        { groupId: SALES, roles: ['manager'] },
      ],
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(MSG.changesSaved));
    // The page starts again from the saved roles.
    expect(screen.queryByRole('group', { name: 'Old Team' })).toBeNull();
    expect(box('Coach', row('Sales Team')).checked).toBe(true);
  });

  it('asks before you remove your own admin access; Cancel sends nothing, the confirm sends the roles', async () => {
    const sent = bodiesSentTo('updateUserRoles', () => roles());
    renderPage(roles({ orgAccess: { manager: true, admin: true }, abilities: { confirmsOwnAdminRemoval: true } }), USER_ID);
    await screen.findByRole('heading', { name: 'Sam Speaker' });
    fireEvent.click(box(ADMIN_USERS_MSG.makeAdmin));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(ADMIN_USERS_MSG.removeOwnAdmin);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).not.toHaveBeenCalled();
    expect(box(ADMIN_USERS_MSG.makeAdmin).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove admin access' }));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledWith({
      roles: [
        { groupId: PSEUDO_GROUP_ID, roles: ['manager'] },
        { groupId: SALES, roles: ['speaker'] },
      ],
    });
  });
});
