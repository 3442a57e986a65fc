import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vocabulary, type TReviewQueue, type TReviewQueueItem } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { NextInQueue } from './next-in-queue';
import { REVIEW_QUEUE_EMPTY, ReviewQueuePage } from './review-queue-page';

// The review queue page's states (loading, error, empty, the list) in the organisation's words,
// and the results page's "Next in queue" link.

const item = (over: Partial<TReviewQueueItem> = {}): TReviewQueueItem => ({
  recordingId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  title: 'Pitch practice',
  speakerName: 'Ava Speaker',
  groupId: '1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  groupName: 'Sales Team',
  assignmentId: null,
  assignmentName: null,
  reason: 'submitted',
  waitingSince: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString(),
  duration: 95,
  ...over,
});
const queue = (items: TReviewQueueItem[], count = items.length): TReviewQueue => ({ items, count, next: items[0] ?? null });

function renderAt(element: React.ReactNode, path: string, orgType: 'edu' | 'other' = 'other') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const viewer = { vocab: vocabulary(orgType) } as TViewer;
  function Where() {
    const l = useLocation();
    return <p data-testid="where">{l.pathname + l.search}</p>;
  }
  return render(
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={viewer}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={element} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ReviewQueuePage', () => {
  it('lists what waits, oldest first as sent, each title opening its results from the queue', async () => {
    vi.spyOn(operations, 'getReviewQueue').mockResolvedValue(
      queue([
        item(),
        item({
          recordingId: '2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
          title: 'Elevator take 2',
          reason: 'shared',
          assignmentId: '3a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
          assignmentName: 'Elevator Pitch',
          waitingSince: new Date(Date.now() - 5 * 3_600_000 - 60_000).toISOString(),
        }),
      ]),
    );
    renderAt(<ReviewQueuePage />, '/review-queue');
    expect(screen.getByRole('heading', { name: 'Review Queue' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Review Queue' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Pitch practiceFlagged for review · 01:35', 'Ava Speaker', 'Sales Team', '—', '3 days'],
      ['Elevator take 2Shared with the group · 01:35', 'Ava Speaker', 'Sales Team', 'Elevator Pitch', '5 hours'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Recording', 'Speaker', 'Group', 'Assignment', 'Waiting']);
    expect(within(rows[0]!).getByRole('link', { name: 'Pitch practice' }).getAttribute('href')).toBe(
      '/evaluate/0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d?queue=1',
    );
  });

  it("says the columns in an edu organisation's words, and when more wait than are listed", async () => {
    vi.spyOn(operations, 'getReviewQueue').mockResolvedValue(queue([item()], 250));
    renderAt(<ReviewQueuePage />, '/review-queue', 'edu');
    const table = await screen.findByRole('table', { name: 'Review Queue' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Recording', 'Student', 'Class', 'Assignment', 'Waiting']);
    expect(screen.getByText(/The oldest 1 of 250 are shown/)).toBeTruthy();
  });

  it('shows the empty state when nothing waits', async () => {
    vi.spyOn(operations, 'getReviewQueue').mockResolvedValue(queue([]));
    renderAt(<ReviewQueuePage />, '/review-queue');
    expect(await screen.findByText(REVIEW_QUEUE_EMPTY)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows loading, then an error when the queue cannot be loaded', async () => {
    let fail: (e: Error) => void = () => {};
    vi.spyOn(operations, 'getReviewQueue').mockReturnValue(new Promise((_, reject) => (fail = reject)));
    renderAt(<ReviewQueuePage />, '/review-queue');
    expect(screen.getByText('Loading...')).toBeTruthy();
    fail(new Error('offline'));
    expect(await screen.findByText('The review queue could not be loaded')).toBeTruthy();
  });
});

describe('NextInQueue', () => {
  it('links to the next waiting recording from the queue, asking with the current one', async () => {
    const next = item({ recordingId: '2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', title: 'Elevator take 2' });
    const call = vi.spyOn(operations, 'getReviewQueue').mockResolvedValue({ items: [item(), next], count: 2, next });
    renderAt(<NextInQueue recordingId={item().recordingId} />, `/evaluate/${item().recordingId}?queue=1`);
    const link = await screen.findByRole('link', { name: 'Next in queue' });
    expect(link.getAttribute('href')).toBe('/evaluate/2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d?queue=1');
    expect(call).toHaveBeenCalledWith({ params: { query: { after: item().recordingId } } });
  });

  it('shows nothing when no other recording waits', async () => {
    const call = vi.spyOn(operations, 'getReviewQueue').mockResolvedValue({ items: [item()], count: 1, next: null });
    renderAt(<NextInQueue recordingId={item().recordingId} />, `/evaluate/${item().recordingId}?queue=1`);
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Next in queue' })).toBeNull();
  });
});
