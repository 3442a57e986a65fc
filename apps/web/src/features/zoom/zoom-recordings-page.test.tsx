import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ERROR_CODES, ZOOM_MSG, vocabulary, type TZoomMeeting, type TZoomMeetings } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { bodiesSentTo } from '../../test/operations';
import { ApiError } from '../../api/http-client';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { ZoomRecordingsPage } from './zoom-recordings-page';

// The zoom-recordings page (002 sections 2.12, 5, 8): empty state with its reset link, the
// truncation warning, the steps and what Process sends, and the spec's messages on failure.

// jsdom has no <dialog> methods; the confirm only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const viewer = {
  org: {
    type: 'other',
    settings: { Zoom_Integration: true },
    algorithmConfig: { default_algorithm: 'rostrum-default', algorithms: [{ name: 'rostrum-default' }] },
  },
  groups: [
    {
      groupId: 'g1',
      name: 'Sales Team',
      createdDate: '2026-01-01T00:00:00.000Z',
      abilities: { canRecord: true },
      recordingAbilities: { canShare: false, canFlag: false },
    },
  ],
  vocab: vocabulary('other'),
  assignmentsOn: false,
  speaker: true,
} as unknown as TViewer;

const meeting = (over: Partial<TZoomMeeting> = {}): TZoomMeeting => ({
  meetingId: 'm1==',
  topic: 'Weekly sales sync',
  startTime: '2026-11-20T10:00:00Z',
  duration: 30,
  files: [
    {
      fileId: 'f-audio',
      fileType: 'M4A',
      recordingType: 'audio_only',
      fileSize: 1000,
      recordingStart: null,
      recordingEnd: null,
      duration: 1800,
    },
    {
      fileId: 'f-video',
      fileType: 'MP4',
      recordingType: 'shared_screen',
      fileSize: 5000,
      recordingStart: null,
      recordingEnd: null,
      duration: 1800,
    },
  ],
  ...over,
});

function setup(meetings: TZoomMeetings | Error) {
  vi.spyOn(operations, 'getZoomConnection').mockResolvedValue({ available: true, linked: true });
  if (meetings instanceof Error) vi.spyOn(operations, 'listZoomMeetings').mockRejectedValue(meetings);
  else vi.spyOn(operations, 'listZoomMeetings').mockResolvedValue(meetings);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={viewer}>
        <MemoryRouter initialEntries={['/zoom-recordings']}>
          <Routes>
            <Route path="/zoom-recordings" element={<ZoomRecordingsPage />} />
            <Route path="/evaluate/:id" element={<p>Results page</p>} />
          </Routes>
        </MemoryRouter>
      </ViewerContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ZoomRecordingsPage', () => {
  it('shows the empty state with its reset link', async () => {
    setup({ meetings: [], recordingsDropped: false });
    expect(await screen.findByText(ZOOM_MSG.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset your Zoom link' })).toBeTruthy();
    expect(screen.queryByText(ZOOM_MSG.truncated)).toBeNull();
  });

  it('warns when the list was truncated', async () => {
    setup({ meetings: [meeting()], recordingsDropped: true });
    expect(await screen.findByText(ZOOM_MSG.truncated)).toBeTruthy();
  });

  it('asks for a pick, keeps the trim within 15 minutes, and sends the pick, trim and name', async () => {
    setup({ meetings: [meeting()], recordingsDropped: false });
    const imported = bodiesSentTo('importZoomRecording', () => ({ recordingId: '11111111-1111-4111-8111-111111111111' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Process' }));
    expect(screen.getByText('Pick the recording to import.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Audio only/ }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Weekly sales sync');
    // A 30-minute file kept whole is too long.
    expect(screen.getByText(ZOOM_MSG.trimTooLong)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(imported).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('slider', { name: 'End' }), { target: { value: '600' } });
    expect(screen.queryByText(ZOOM_MSG.trimTooLong)).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'My sales pitch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await vi.waitFor(() =>
      expect(imported).toHaveBeenCalledWith({
        meetingId: 'm1==',
        fileId: 'f-audio',
        title: 'My sales pitch',
        trim: { from: 0, to: 600 },
        groupId: 'g1',
        algorithm: 'rostrum-default',
        submitted: false,
        feedbackRequested: false,
      }),
    );
    expect(await screen.findByText('Results page')).toBeTruthy();
  });

  it("asks for a title with the API rule's message and focuses it; the typed one is sent trimmed", async () => {
    setup({ meetings: [meeting({ files: [meeting().files[0]!] })], recordingsDropped: false });
    const imported = bodiesSentTo('importZoomRecording', () => ({ recordingId: '11111111-1111-4111-8111-111111111111' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Audio only/ }));
    fireEvent.change(screen.getByRole('slider', { name: 'End' }), { target: { value: '60' } });
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(imported).not.toHaveBeenCalled();

    fireEvent.change(title, { target: { value: ' Sales pitch ' } });
    expect(screen.queryByText('Title is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await vi.waitFor(() => expect(imported).toHaveBeenCalledTimes(1));
    expect(imported.mock.calls[0]![0]).toMatchObject({ title: 'Sales pitch', trim: { from: 0, to: 60 } });
  });

  it("shows the spec's Zoom upload error when the import fails", async () => {
    setup({ meetings: [meeting({ files: [meeting().files[0]!] })], recordingsDropped: false });
    vi.spyOn(operations, 'importZoomRecording').mockRejectedValue(new ApiError(502, 'server', true, ERROR_CODES.zoomUnreachable));
    fireEvent.click(await screen.findByRole('radio', { name: /Audio only/ }));
    fireEvent.change(screen.getByRole('slider', { name: 'End' }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    const alert = await screen.findByText(ZOOM_MSG.uploadError);
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByText('Import failed')).toBeTruthy();
  });

  it('asks to link again when Zoom refused the grant', async () => {
    setup(new ApiError(409, ZOOM_MSG.notLinked, true, ERROR_CODES.zoomNotLinked));
    // Behind the confirm (a modal dialog), the page offers linking again too.
    expect(await screen.findByRole('button', { name: 'Link Zoom account', hidden: true })).toBeTruthy();
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByText(ZOOM_MSG.linkFailed)).toBeTruthy();
  });
});
