import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { INTAKE_MSG } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { UploadUrlTab } from './upload-url-tab';

// 001 section 8: 'URL Upload Error: Error processing the URL. Please ensure the URL you entered is
// correct. You may also wish to reload the page then resubmit the URL.' The sentence shows on every
// failure, a 400 too (with the server's reason after it), and the error is reported (000 section 8).

const server = vi.hoisted(() => ({ fail: null as null | (() => Error), thanksUrl: null as string | null }));
vi.mock('../../api/operations.gen', () => ({
  operations: {
    createRecording: async () => {
      if (server.fail) throw server.fail();
      return { recordingId: 'rec-1' };
    },
    getClientConfig: async () => ({ errorReporting: null, hubSignIn: false, supportEmail: null, freeTrialThanksUrl: server.thanksUrl }),
  },
}));
/** Pages outside the app (the operator's thanks page) are opened through this one boundary. */
const left = vi.hoisted(() => [] as string[]);
vi.mock('../../app/external-page', () => ({ openExternalPage: (url: string) => void left.push(url) }));
const reported = vi.hoisted(() => [] as string[][]);
vi.mock('../../app/error-reporting', () => ({
  reportNotification: (title: string, text?: string) => void reported.push(text === undefined ? [title] : [title, text]),
}));
vi.mock('./recording-options', () => ({
  useIntakeOptions: () => ({ validate: () => true, body: (b: object) => ({ title: 'Pitch', ...b }), reset: () => {}, ctx: {} }),
  RecordingOptionsFields: () => null,
}));
vi.mock('./recording-upload', () => ({ hideVideoOfConversation: async () => {} }));

const viewer = { org: { settings: {} }, freeTrial: false } as unknown as TViewer;
const freeTrialViewer = { ...viewer, freeTrial: true } as TViewer;

async function submit(url: string, as: TViewer = viewer) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/record?tab=url']}>
        <Routes>
          <Route path="/record" element={<UploadUrlTab viewer={as} />} />
          <Route path="/evaluate/:id" element={<p>Results page</p>} />
          <Route path="/thanks" element={<ThanksProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('URL'), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

function ThanksProbe() {
  return <p>Thanks page {useLocation().search}</p>;
}

beforeEach(() => {
  server.fail = null;
  server.thanksUrl = null;
  reported.length = 0;
  left.length = 0;
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

  it('a saved URL opens the results, as for everyone but free-trial users', async () => {
    await submit('https://example.com/talk.mp3');
    expect(await screen.findByText('Results page')).toBeTruthy();
  });
});

// 001 section 2: "After a URL upload, free-trial users are sent to an external thanks page": the
// operator's FREE_TRIAL_THANKS_URL (GET client-config), else the app's own /thanks.
describe('UploadUrlTab for free-trial users', () => {
  it("go to the operator's thanks page when one is set", async () => {
    server.thanksUrl = 'https://example.com/thanks';
    await submit('https://example.com/talk.mp3', freeTrialViewer);
    await waitFor(() => expect(left).toEqual(['https://example.com/thanks']));
    expect(screen.queryByText('Results page')).toBeNull();
  });

  it("go to the app's thanks page, with the recording, when none is set", async () => {
    await submit('https://example.com/talk.mp3', freeTrialViewer);
    expect(await screen.findByText('Thanks page ?recordingId=rec-1')).toBeTruthy();
    expect(left).toEqual([]);
  });
});
