import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { alreadyCoachMessage, type TMeResponse } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { ViewerContext, buildViewer } from '../../app/viewer';
import { group, me } from '../coach-dashboard/coach-dashboard-fixtures';
import { ConfirmCodePage } from './confirm-code-page';

// 000 section 8, "Already a coach": 'You are already a Coach in this Group' ('Instructor in this
// Class'), with its text. The confirm-code page says it at once for a group the viewer coaches
// (the server's canCoach on their group), and offers no Join Group.

function renderAt(code: string, viewerMe: TMeResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(operations, 'checkInvite').mockResolvedValue({
    org: { name: 'Summit', type: viewerMe.org.type },
    isEu: false,
    groupName: 'Pitch Practice',
    email: null,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/confirm-code?code=${code}`]}>
        <ViewerContext.Provider value={buildViewer(viewerMe)}>
          <Routes>
            <Route path="/confirm-code" element={<ConfirmCodePage />} />
          </Routes>
        </ViewerContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const withGroups = (m: TMeResponse, groups: TMeResponse['groups']): TMeResponse => ({
  ...m,
  user: { ...m.user, email: 'ava@summit.example' },
  groups,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ConfirmCodePage', () => {
  it("tells a coach at once that they coach the code's group, with no Join Group", async () => {
    renderAt('pitch42', withGroups(me(), [group()]));
    const m = alreadyCoachMessage('other');
    expect(await screen.findByText(m.title)).toBeTruthy();
    expect(screen.getByText(m.text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Group' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says Instructor in this Class in a school', async () => {
    renderAt('PITCH42', withGroups(me({}, { orgType: 'edu' }), [group()]));
    expect(await screen.findByText('You are already an Instructor in this Class')).toBeTruthy();
  });

  it.each([
    ['another group', 'OTHER7', group()],
    ['a group the viewer is in but does not coach', 'PITCH42', group({ abilities: { ...group().abilities, canCoach: false } })],
  ])('offers Join Group for %s', async (_label, code, g) => {
    renderAt(code, withGroups(me(), [g]));
    expect(await screen.findByRole('button', { name: 'Join Group' })).toBeTruthy();
    expect(screen.queryByText(alreadyCoachMessage('other').title)).toBeNull();
  });
});
