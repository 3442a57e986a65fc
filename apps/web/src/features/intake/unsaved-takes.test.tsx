import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LIVE_CAPTURE_MSG, type TUnsavedTake } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { idsSentTo } from '../../test/operations';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { formatDateTime } from '../../components/date-format';
import { ResultsListPage } from '../results/results-list-page';

// The speaker's landing page without Assignments (Results) offers the unsaved takes: Save it
// leads to the record page's save form for the take, Discard asks first and deletes it.

HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const startedAt = '2026-03-04T14:05:00.000Z';
const take = (captureId: string, assignment: TUnsavedTake['assignment'] = null): TUnsavedTake => ({
  captureId,
  startedAt,
  expiresAt: '2026-03-11T14:05:00.000Z',
  receivedSeconds: 31.5,
  stopped: false,
  assignment,
  needs: ['title'],
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderLanding(speaker = true) {
  const viewer = { speaker } as TViewer;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ViewerContext.Provider value={viewer}>
        <MemoryRouter initialEntries={['/evaluate']}>
          <Routes>
            <Route path="/evaluate" element={<ResultsListPage />} />
            <Route path="/record" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('unsaved takes on the landing page', () => {
  it('lists each take; Save it opens the record page for it, with its assignment', async () => {
    vi.spyOn(operations, 'listRecordings').mockResolvedValue([]);
    vi.spyOn(operations, 'listUnsavedTakes').mockResolvedValue([take('c-1', { assignmentId: 'a-1', name: 'Pitch' }), take('c-2')]);
    renderLanding();
    const lines = await screen.findAllByTestId('unsaved-take');
    expect(lines.map((l) => l.querySelector('p')?.textContent)).toEqual([
      `You have an unsaved take from ${formatDateTime(startedAt)}:`,
      `You have an unsaved take from ${formatDateTime(startedAt)}:`,
    ]);
    await act(async () => void fireEvent.click(within(lines[0]!).getByRole('button', { name: LIVE_CAPTURE_MSG.saveIt })));
    expect(screen.getByTestId('where').textContent).toBe('/record?take=c-1&assignmentId=a-1');
  });

  it('Discard asks first, deletes the take, and the notice goes', async () => {
    vi.spyOn(operations, 'listRecordings').mockResolvedValue([]);
    const listed = vi.spyOn(operations, 'listUnsavedTakes').mockResolvedValue([take('c-1')]);
    const deleted = idsSentTo('deleteLiveCapture', () => undefined);
    renderLanding();
    const line = await screen.findByTestId('unsaved-take');
    fireEvent.click(within(line).getByRole('button', { name: LIVE_CAPTURE_MSG.discard }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(deleted).not.toHaveBeenCalled();
    fireEvent.click(within(line).getByRole('button', { name: LIVE_CAPTURE_MSG.discard }));
    listed.mockResolvedValue([]);
    await act(async () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' })));
    expect(deleted).toHaveBeenCalledWith('c-1');
    await vi.waitFor(() => expect(screen.queryByTestId('unsaved-take')).toBeNull());
  });

  it('asks nothing for someone who does not record', async () => {
    vi.spyOn(operations, 'listRecordings').mockResolvedValue([]);
    const listed = vi.spyOn(operations, 'listUnsavedTakes').mockResolvedValue([take('c-1')]);
    renderLanding(false);
    await screen.findByText('You have no recordings yet.');
    expect(listed).not.toHaveBeenCalled();
    expect(screen.queryByTestId('unsaved-take')).toBeNull();
  });
});
