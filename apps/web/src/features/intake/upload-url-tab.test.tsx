import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { INTAKE_MSG } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { UploadUrlTab } from './upload-url-tab';

// 001 section 8: 'URL Upload Error: Error processing the URL. Please ensure the URL you entered is
// correct. You may also wish to reload the page then resubmit the URL.' The sentence shows on every
// failure, a 400 too (with the server's reason after it), and the error is reported (000 section 8).

const server = vi.hoisted(() => ({ fail: null as null | (() => Error) }));
vi.mock('../../api/rostrum-api', () => ({
  api: {
    createRecording: async () => {
      if (server.fail) throw server.fail();
      return { recordingId: 'rec-1' };
    },
  },
  queryKeys: { recordings: ['recordings'] },
}));
const reported = vi.hoisted(() => [] as string[][]);
vi.mock('../../app/error-reporting', () => ({
  reportNotification: (title: string, text?: string) => void reported.push(text === undefined ? [title] : [title, text]),
}));
vi.mock('./recording-options', () => ({
  useIntakeOptions: () => ({ validate: () => true, body: (b: object) => ({ title: 'Pitch', ...b }), reset: () => {}, ctx: {} }),
  RecordingOptionsFields: () => null,
}));
vi.mock('./recording-upload', () => ({ hideVideoOfConversation: async () => {} }));

const viewer = { org: { settings: {} } } as unknown as TViewer;

async function submit(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/record?tab=url']}>
        <Routes>
          <Route path="/record" element={<UploadUrlTab viewer={viewer} />} />
          <Route path="/evaluate/:id" element={<p>Results page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('URL'), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

beforeEach(() => {
  server.fail = null;
  reported.length = 0;
});
afterEach(() => cleanup());

describe('UploadUrlTab errors', () => {
  it("a 400 shows the spec's sentence with the server's reason, and is reported", async () => {
    const { ApiError } = await import('../../api/http-client');
    server.fail = () => new ApiError(400, INTAKE_MSG.urlFetchFailed, true, 'recording.url_fetch_failed');
    await submit('https://example.com/talk.mp3');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('URL Upload Error');
    expect(alert.textContent).toContain(INTAKE_MSG.urlUploadError);
    expect(alert.textContent).toContain(INTAKE_MSG.urlFetchFailed);
    await waitFor(() => expect(reported).toEqual([['URL Upload Error', `${INTAKE_MSG.urlUploadError} ${INTAKE_MSG.urlFetchFailed}`]]));
  });

  it("any other failure shows the spec's sentence alone", async () => {
    const { ApiError } = await import('../../api/http-client');
    server.fail = () => new ApiError(500, 'Oops', true);
    await submit('https://example.com/talk.mp3');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`URL Upload Error${INTAKE_MSG.urlUploadError}`);
  });
});
