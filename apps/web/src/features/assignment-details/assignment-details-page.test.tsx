import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vocabulary, type TAssignmentMembers } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { AssignmentDetailsPage } from './assignment-details-page';
import { ID, assignment } from './details-fixtures';

const ME = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const members: TAssignmentMembers = {
  assignmentId: ID,
  view: { variant: 'speaker', peers: 'all', userCountHidden: false, flaggedFilter: 'shared' },
  hiddenColumns: ['recordings', 'flagged'],
  noActiveUsers: false,
  members: [
    {
      userId: ME,
      name: 'Jordan Presenter',
      firstName: 'Jordan',
      lastName: 'Presenter',
      isMe: true,
      completionStatus: {
        status: 'inProgress',
        minRecordings: true,
        minRating: null,
        minScore: null,
        managerReview: false,
        shareRecording: null,
        selfCommentary: null,
      },
      overdue: false,
      lastUpload: null,
      recordingsCount: null,
      submittedCount: null,
      sharedCount: 0,
      feedbackCount: 0,
      ratingColumn: null,
      showCoachRating: false,
      recordings: [],
    },
  ],
};

const viewer = { mode: 'speaker', vocab: vocabulary('other'), user: { preferences: {} }, org: { timeZone: 'UTC' } } as unknown as TViewer;

describe('AssignmentDetailsPage (speaker)', () => {
  it("ticks the speaker's met criteria from the member table and then stays still", async () => {
    const a = assignment({ myUserTarget: { createdDate: '2026-11-02T10:00:00.000Z' }, completionStatus: 'inProgress' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData(queryKeys.assignment(ID), a);
    queryClient.setQueryData(queryKeys.assignmentMembers(ID), members);
    let commits = 0;
    render(
      <Profiler
        id="page"
        onRender={() => {
          // A render loop starves the timers this test waits on: stop it with a clear failure.
          commits += 1;
          if (commits > 200) throw new Error('The details page keeps re-rendering');
        }}
      >
        <QueryClientProvider client={queryClient}>
          <ViewerContext.Provider value={viewer}>
            <MemoryRouter initialEntries={[`/assignment/details/${ID}`]}>
              <Routes>
                <Route path="/assignment/details/:assignmentId" element={<AssignmentDetailsPage />} />
              </Routes>
            </MemoryRouter>
          </ViewerContext.Provider>
        </QueryClientProvider>
      </Profiler>,
    );

    const list = await screen.findByRole('list', { name: 'Completion criteria' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Upload at least 2 recordings');
    expect(within(items[0]!).getByLabelText('Met')).toBeTruthy();
    expect(within(items[1]!).getByLabelText('Not met yet')).toBeTruthy();

    // A page that feeds its own state from a child's effect re-renders without end, and a router
    // navigation (a transition) from it would never commit.
    await new Promise((r) => setTimeout(r, 100));
    const settled = commits;
    await new Promise((r) => setTimeout(r, 300));
    expect(commits).toBe(settled);
  });

  it('shows the due date, and Overdue when the server says so', async () => {
    const a = assignment({ completionStatus: 'inProgress', dueAt: '2026-12-20T23:59:00.000Z', overdue: true });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData(queryKeys.assignment(ID), a);
    queryClient.setQueryData(queryKeys.assignmentMembers(ID), members);
    render(
      <QueryClientProvider client={queryClient}>
        <ViewerContext.Provider value={viewer}>
          <MemoryRouter initialEntries={[`/assignment/details/${ID}`]}>
            <Routes>
              <Route path="/assignment/details/:assignmentId" element={<AssignmentDetailsPage />} />
            </Routes>
          </MemoryRouter>
        </ViewerContext.Provider>
      </QueryClientProvider>,
    );
    const due = await screen.findByTestId('due-line');
    expect(due.textContent).toMatch(/^Due .*11:59 PM UTC/);
    expect(due.textContent).toContain('Overdue');
  });
});
