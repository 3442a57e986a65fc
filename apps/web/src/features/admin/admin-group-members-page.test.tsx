import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vocabulary, type TOrgGroup } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { notifications } from '../../app/notification-store';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { AdminGroupMembersPage } from './admin-group-members-page';

// "Sync roster" on a group's members page (issue 42 item 5): shown only for a group linked to an
// LTI course with a roster; it calls the sync and says what changed.

const GROUP_ID = '11111111-1111-4111-8111-111111111111';
const viewer = { vocab: vocabulary('edu'), org: { type: 'edu' }, user: { userId: 'me' } } as unknown as TViewer;

const orgGroup = (over: Partial<TOrgGroup> = {}): TOrgGroup => ({
  groupId: GROUP_ID,
  name: 'Public Speaking 101',
  inviteCode: null,
  inviteLink: null,
  createdDate: '2026-11-01T10:00:00.000Z',
  membershipStatus: null,
  membershipExpires: null,
  membershipPerpetual: false,
  membershipAccess: null,
  roles: [],
  settings: { freeDuration: null },
  managerPrivacyLevel: 0,
  speakerPrivacyLevel: 0,
  recordingAbilities: { canShare: false, canFlag: false },
  abilities: {
    canCoach: false,
    canRecord: false,
    canManageMembers: true,
    canEdit: true,
    canDeactivateAll: true,
    canDownloadReport: false,
    canSetWordspotting: false,
    canInviteSpeakers: true,
  },
  activeUsers: 3,
  totalUsers: 4,
  isPseudoGroup: false,
  ltiLinked: true,
  ...over,
});

function renderPage(group: TOrgGroup) {
  vi.spyOn(operations, 'listGroups').mockResolvedValue([group] as never);
  vi.spyOn(operations, 'listGroupMembers').mockResolvedValue([] as never);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={viewer}>
        <MemoryRouter initialEntries={[`/customer-admin/groups/${GROUP_ID}/users`]}>
          <Routes>
            <Route path="/customer-admin/groups/:groupId/users" element={<AdminGroupMembersPage />} />
          </Routes>
        </MemoryRouter>
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('AdminGroupMembersPage: Sync roster', () => {
  it('syncs a linked group and says what changed', async () => {
    const success = vi.spyOn(notifications, 'success');
    const sync = vi
      .spyOn(operations, 'syncLtiRoster')
      .mockResolvedValue({ added: 3, reactivated: 0, deactivated: 1, unchanged: 5, refusedForSeats: ['Ann Lee'] } as never);
    renderPage(orgGroup());
    fireEvent.click(await screen.findByRole('button', { name: 'Sync roster' }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Roster synced: 3 added, 1 deactivated. No free seats for 1 student: Ann Lee.'),
    );
    expect(sync).toHaveBeenCalledWith({ params: { path: { groupId: GROUP_ID } } });
  });

  it('shows no button for a group not linked to a course', async () => {
    renderPage(orgGroup({ ltiLinked: false }));
    await screen.findByRole('button', { name: /Deactivate/ });
    expect(screen.queryByRole('button', { name: 'Sync roster' })).toBeNull();
  });

  it('says so when the sync fails', async () => {
    const error = vi.spyOn(notifications, 'error');
    vi.spyOn(operations, 'syncLtiRoster').mockRejectedValue(new Error('boom'));
    renderPage(orgGroup());
    fireEvent.click(await screen.findByRole('button', { name: 'Sync roster' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
  });
});
