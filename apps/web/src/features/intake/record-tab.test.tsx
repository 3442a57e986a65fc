import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { INTAKE_MSG, LIVE_CAPTURE_MSG, RECORDING_LIMITS, formatTimer } from '@rostrum/contract';
import { formatDateTime } from '../../components/date-format';
import type { TViewer } from '../../app/viewer';
import { RecordTab } from './record-tab';

/** The microphone the test drives: open() waits for the test, stop() returns the take it is given. */
const mic = vi.hoisted(() => ({
  allow: true,
  /** While set, open() waits until grant() is called (the browser's permission prompt). */
  hold: false,
  grant: () => {},
  seconds: 0,
  takeSeconds: 12,
  onSilence: null as null | (() => void),
  onData: null as null | ((blob: Blob) => void),
  started: 0,
  released: 0,
  buzzed: 0,
  stream: { id: 'mic' } as unknown as MediaStream,
}));

vi.mock('./audio-capture', () => ({
  AudioCapture: class {
    async open() {
      if (mic.hold) await new Promise<void>((resolve) => (mic.grant = resolve));
      if (!mic.allow) throw new Error('NotAllowedError');
    }
    start(onSilence: () => void, onData?: (blob: Blob) => void) {
      mic.started += 1;
      mic.onSilence = onSilence;
      mic.onData = onData ?? null;
    }
    get mimeType() {
      return 'audio/webm;codecs=opus';
    }
    get mediaStream() {
      return mic.stream;
    }
    elapsedSeconds() {
      return mic.seconds;
    }
    async stop() {
      return { blob: new Blob(['take']), mimeType: 'audio/webm', seconds: mic.takeSeconds };
    }
    release() {
      mic.released += 1;
    }
  },
  playBuzzer: () => {
    mic.buzzed += 1;
  },
  fileExtensionFor: () => 'webm',
}));
/** The server: live captures and recordings, as the tab calls them. */
const server = vi.hoisted(() => ({
  failCapture: false,
  /** POST recordings with a captureId answers 404 live_capture.not_found (the capture expired). */
  captureGone: false,
  captures: 0,
  deleted: [] as string[],
  created: [] as Record<string, unknown>[],
  preferences: [] as Record<string, unknown>[],
  /** GET live-captures: the user's unsaved takes. */
  unsaved: [] as Record<string, unknown>[],
}));
/** The inits of calls to a route with an id, and with a body. */
type TIdInit = { params: { path: { id: string } } };
type TBodyInit = { body: Record<string, unknown> };

vi.mock('../../api/operations.gen', async () => {
  const { ApiError } = await import('../../api/http-client');
  return {
    operations: {
      getMe: async () => ({}),
      createLiveCapture: async () => {
        server.captures += 1;
        if (server.failCapture) throw new Error('Network error');
        return { captureId: 'cap-1', uploadUrl: '/api/v1/uploads' };
      },
      deleteLiveCapture: async (init: TIdInit) => void server.deleted.push(init.params.path.id),
      listUnsavedTakes: async () => server.unsaved,
      saveUnsavedTake: async ({ params, body }: TIdInit & TBodyInit) => {
        server.created.push({ ...body, savedTake: params.path.id });
        return { recordingId: 'rec-2', uploadUrl: null };
      },
      updatePreferences: async ({ body }: TBodyInit) => void server.preferences.push(body),
      createRecording: async ({ body }: TBodyInit) => {
        server.created.push(body);
        if (server.captureGone && body.captureId) {
          throw new ApiError(404, 'Not found', true, 'live_capture.not_found');
        }
        return { recordingId: 'rec-1', uploadUrl: '/api/v1/uploads' };
      },
    },
  };
});
/** The error-reporting service: the inline errors are reported as the notifications are (000 section 8). */
const reported = vi.hoisted(() => [] as string[][]);
vi.mock('../../app/error-reporting', () => ({
  reportNotification: (title: string, text?: string) => void reported.push(text === undefined ? [title] : [title, text]),
}));
/** tus uploads the tab starts: the test ends them through their callbacks. */
const tusUploads = vi.hoisted(
  () =>
    [] as {
      options: {
        metadata: Record<string, string>;
        uploadLengthDeferred?: boolean;
        uploadUrl?: string;
        endpoint?: string;
        onUploadUrlAvailable?: () => void;
        onSuccess: () => void;
        onProgress: (sent: number, total: number | null) => void;
      };
      started: number;
      aborted: number;
      url: string | null;
    }[],
);
vi.mock('tus-js-client', () => ({
  canStoreURLs: false,
  Upload: class {
    started = 0;
    aborted = 0;
    url: string | null = null;
    constructor(
      _file: unknown,
      readonly options: (typeof tusUploads)[number]['options'],
    ) {
      tusUploads.push(this);
    }
    start() {
      this.started += 1;
    }
    async abort() {
      this.aborted += 1;
    }
  },
}));
/** The live cues' AudioWorklet boundary (issue 20): which streams were tapped, how many taps stopped. */
const cueTap = vi.hoisted(() => ({ streams: [] as MediaStream[], stopped: 0 }));
vi.mock('./cue-tap', () => ({
  FRAME_SECONDS: 0.02,
  startCueTap: (stream: MediaStream) => {
    cueTap.streams.push(stream);
    return {
      stop: () => {
        cueTap.stopped += 1;
      },
    };
  },
}));
/** The take kept on this device (IndexedDB): what the tab asks of it, and the take it finds there. */
const device = vi.hoisted(() => ({
  found: null as null | Record<string, unknown>,
  begun: [] as string[],
  appended: 0,
  updates: [] as Record<string, unknown>[],
  removed: 0,
}));
vi.mock('./take-keeper', () => ({
  TakeKeeper: class {
    kept = true;
    static begin(userId: string) {
      device.begun.push(userId);
      return new this();
    }
    static resume() {
      return new this();
    }
    append() {
      device.appended += 1;
    }
    update(patch: Record<string, unknown>) {
      device.updates.push(patch);
    }
    async remove() {
      device.removed += 1;
    }
  },
  findKeptTake: async () => device.found,
}));
// The shared options form has its own rules; here it is a stand-in that always validates.
vi.mock('./recording-options', () => ({
  useIntakeOptions: () => ({
    validate: () => true,
    body: () => ({ title: 'Pitch', source: 'ui record form' }),
    reset: () => {},
    ctx: {},
    assignments: [],
    choose: () => {},
  }),
  RecordingOptionsFields: () => null,
}));

// jsdom has no <dialog> methods; the Discard dialog only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

// The options form is mocked above: the tab reads only the viewer's remembered live cues (off
// here; live-cues-panel.test.tsx covers them).
const me = { user: { preferences: { liveCues: 'off' } } } as unknown as TViewer['me'];
const viewer = { me } as TViewer;

function renderTab(as: TViewer = viewer) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/record']}>
        <Routes>
          <Route path="/record" element={<RecordTab viewer={as} canRecord />} />
          <Route path="/evaluate/:id" element={<p>Results page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(mic, { allow: true, hold: false, seconds: 0, takeSeconds: 12, onSilence: null, started: 0, released: 0, buzzed: 0 });
  Object.assign(server, { failCapture: false, captureGone: false, captures: 0, deleted: [], created: [], preferences: [], unsaved: [] });
  Object.assign(cueTap, { streams: [], stopped: 0 });
  tusUploads.length = 0;
  reported.length = 0;
  Object.assign(device, { found: null, begun: [], appended: 0, updates: [], removed: 0 });
  URL.createObjectURL = () => 'blob:take';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RecordTab (spec 001 section 4)', () => {
  it('waits for the microphone, offers troubleshooting after the delay, then counts down 3, 2, 1', async () => {
    renderTab();
    expect(screen.getByText('Up to 15 minutes. Speak for at least 5 seconds.')).toBeTruthy();
    mic.hold = true;
    await click('Record');
    expect(screen.getByText('Waiting for access to your microphone...')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Microphone troubleshooting' })).toBeNull();
    await advance(RECORDING_LIMITS.troubleshootingDelayMs - 1);
    expect(screen.queryByRole('link', { name: 'Microphone troubleshooting' })).toBeNull();
    await advance(1);
    expect(screen.getByRole('link', { name: 'Microphone troubleshooting' }).getAttribute('href')).toBe('/help#microphone');
    await act(async () => mic.grant());
    expect(screen.queryByRole('link', { name: 'Microphone troubleshooting' })).toBeNull();
    expect(screen.getByText('Recording starts in 3')).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Recording starts in 2')).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Recording starts in 1')).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Recording')).toBeTruthy();
    expect(mic.started).toBe(1);
    mic.seconds = 4.2;
    await advance(100);
    expect(screen.getByTestId('record-timer').textContent).toBe(formatTimer(4.2));
  });

  it('a refused microphone shows the Recording Error; Try Again goes back to Record', async () => {
    mic.allow = false;
    renderTab();
    await click('Record');
    expect(screen.getByText('Recording Error')).toBeTruthy();
    expect(screen.getByText(INTAKE_MSG.authorizationError, { exact: false })).toBeTruthy();
    await click('Try Again');
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });

  it('a refused microphone is reported to error reporting with its text', async () => {
    mic.allow = false;
    renderTab();
    await click('Record');
    expect(reported).toEqual([['Recording Error', INTAKE_MSG.authorizationError]]);
  });

  it('in Edge on Windows the refused microphone shows the Windows hint at the error', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    );
    mic.allow = false;
    renderTab();
    await click('Record');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(INTAKE_MSG.authorizationError);
    expect(alert.textContent).toContain(INTAKE_MSG.edgeWindowsMicHint);
  });

  it('on iOS the silence error asks to force-close Safari or open a new tab', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    );
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await act(async () => mic.onSilence?.());
    expect(screen.getByText(INTAKE_MSG.silenceErrorIos, { exact: false })).toBeTruthy();
    expect(reported).toEqual([['Recording Error', INTAKE_MSG.silenceErrorIos]]);
  });

  it('silence while recording buzzes and shows the silence error', async () => {
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await act(async () => mic.onSilence?.());
    expect(mic.buzzed).toBe(1);
    expect(screen.getByText(INTAKE_MSG.silenceError, { exact: false })).toBeTruthy();
  });

  it('a take under 5 seconds is refused with Go Back', async () => {
    mic.takeSeconds = 3.4;
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await click('Stop');
    expect(screen.getByRole('alert').textContent).toBe(INTAKE_MSG.tooShort(3));
    await click('Go Back');
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });

  it('a long-enough take opens the save form with its length and preview', async () => {
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await click('Stop');
    expect(screen.getByRole('form', { name: 'Save your recording' })).toBeTruthy();
    expect(screen.getByLabelText('Your recording').getAttribute('src')).toBe('blob:take');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('stops by itself at 15 minutes', async () => {
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    mic.seconds = RECORDING_LIMITS.maxTenths / 10;
    await advance(100);
    expect(screen.getByRole('form', { name: 'Save your recording' })).toBeTruthy();
  });
});

describe('RecordTab: uploading while recording (live capture)', () => {
  const TAKE_BYTES = 'first second';

  /** Record, count down, speak a few seconds, stop: the save form shows. */
  async function recordTake() {
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000 - 1);
    expect(server.captures).toBe(0);
    await advance(1);
    mic.onData?.(new Blob([TAKE_BYTES]));
    await click('Stop');
  }

  it('creates the capture when recording starts and streams to it; Save binds it and opens the results', async () => {
    await recordTake();
    expect(server.captures).toBe(1);
    const live = tusUploads[0]!;
    expect(live.options.metadata.captureId).toBe('cap-1');
    expect(live.options.uploadLengthDeferred).toBe(true);
    expect(live.started).toBe(1);
    // Every byte arrived before Save: the results open at once.
    await act(async () => live.options.onSuccess());
    await click('Save');
    expect(server.created).toEqual([expect.objectContaining({ title: 'Pitch', captureId: 'cap-1' })]);
    expect(screen.getByText('Results page')).toBeTruthy();
    expect(tusUploads).toHaveLength(1);
    expect(server.deleted).toEqual([]);
  });

  it('a Save before the last bytes are up shows the upload until they are', async () => {
    await recordTake();
    const live = tusUploads[0]!;
    await click('Save');
    expect(server.created[0]).toMatchObject({ captureId: 'cap-1' });
    expect(screen.getByText('Uploading')).toBeTruthy();
    await act(async () => live.options.onProgress(TAKE_BYTES.length, TAKE_BYTES.length));
    expect(screen.getByText('Saving on server')).toBeTruthy();
    await act(async () => live.options.onSuccess());
    expect(screen.getByText('Results page')).toBeTruthy();
  });

  it('Discard stops the upload and deletes the capture', async () => {
    await recordTake();
    await click('Cancel');
    await click('Discard');
    expect(tusUploads[0]!.aborted).toBe(1);
    expect(server.deleted).toEqual(['cap-1']);
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });

  it('a take too short to save deletes its capture', async () => {
    mic.takeSeconds = 3.4;
    await recordTake();
    expect(screen.getByRole('alert').textContent).toBe(INTAKE_MSG.tooShort(3));
    expect(server.deleted).toEqual(['cap-1']);
  });

  it('silence deletes the capture', async () => {
    renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await act(async () => mic.onSilence?.());
    expect(server.deleted).toEqual(['cap-1']);
  });

  it('a capture the server no longer has (expired) is given up at Save: the take uploads whole', async () => {
    server.captureGone = true;
    await recordTake();
    await click('Save');
    expect(server.created).toHaveLength(2);
    expect(server.created[0]).toMatchObject({ captureId: 'cap-1' });
    expect(server.created[1]).not.toHaveProperty('captureId');
    expect(tusUploads[0]!.aborted).toBe(1);
    const upload = tusUploads[1]!;
    expect(upload.options.metadata.recordingId).toBe('rec-1');
    await act(async () => upload.options.onSuccess());
    expect(screen.getByText('Results page')).toBeTruthy();
  });

  it('leaving the page deletes an unsaved capture, never a saved one', async () => {
    const page = renderTab();
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    page.unmount();
    await advance(0);
    expect(server.deleted).toEqual(['cap-1']);

    Object.assign(server, { captures: 0, deleted: [] });
    tusUploads.length = 0;
    await recordTake();
    await click('Save');
    cleanup();
    await advance(0);
    expect(tusUploads[0]!.aborted).toBe(1);
    expect(server.deleted).toEqual([]);
  });

  it('when the capture cannot be created, Save uploads the take as before (no captureId)', async () => {
    server.failCapture = true;
    await recordTake();
    expect(tusUploads).toHaveLength(0);
    await click('Save');
    expect(server.created).toHaveLength(1);
    expect(server.created[0]).not.toHaveProperty('captureId');
    const upload = tusUploads[0]!;
    expect(upload.options.metadata.recordingId).toBe('rec-1');
    expect(upload.options.uploadLengthDeferred).toBeUndefined();
    await act(async () => upload.options.onSuccess());
    expect(screen.getByText('Results page')).toBeTruthy();
  });
});

describe('RecordTab: the take kept on this device (a reload loses nothing)', () => {
  const ann = { me, user: { userId: 'user-ann' } } as TViewer;
  const KEPT = {
    userId: 'user-ann',
    mimeType: 'audio/webm;codecs=opus',
    startedAt: Date.now() - 60_000,
    seconds: 12.4,
    captureId: 'cap-9',
    uploadUrl: 'http://localhost/api/v1/uploads/cap-9',
    acked: 4,
    size: 8,
    blob: new Blob(['kept take']),
  };

  it("keeps the signed-in user's take as it is recorded, with its capture, and forgets it once saved", async () => {
    renderTab(ann);
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    expect(device.begun).toEqual(['user-ann']);
    mic.onData?.(new Blob(['first second']));
    expect(device.appended).toBe(1);
    const live = tusUploads[0]!;
    live.url = 'http://localhost/api/v1/uploads/cap-1';
    live.options.onUploadUrlAvailable?.();
    expect(device.updates).toContainEqual({ captureId: 'cap-1', uploadUrl: 'http://localhost/api/v1/uploads/cap-1' });
    await click('Stop');
    expect(device.updates).toContainEqual({ seconds: mic.takeSeconds });
    await click('Save');
    expect(device.removed).toBe(0);
    await act(async () => live.options.onSuccess());
    expect(screen.getByText('Results page')).toBeTruthy();
    expect(device.removed).toBe(1);
  });

  it('leaving the page keeps a kept take and its capture for the offer', async () => {
    const page = renderTab(ann);
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    mic.onData?.(new Blob(['first second']));
    page.unmount();
    await advance(0);
    expect(tusUploads[0]!.aborted).toBe(1);
    expect(server.deleted).toEqual([]);
    expect(device.removed).toBe(0);
  });

  it('Discard, a take too short and silence forget the kept take', async () => {
    renderTab(ann);
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await act(async () => mic.onSilence?.());
    expect(device.removed).toBe(1);
    await click('Try Again');
    mic.takeSeconds = 3;
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await click('Stop');
    expect(device.removed).toBe(2);
    await click('Go Back');
    mic.takeSeconds = 12;
    await click('Record');
    await advance(RECORDING_LIMITS.countdownSeconds * 1000);
    await click('Stop');
    await click('Cancel');
    await click('Discard');
    expect(device.removed).toBe(3);
  });

  it('offers the kept take; Keep It opens the save form and Save resumes its capture', async () => {
    device.found = KEPT;
    renderTab(ann);
    await advance(0);
    expect(screen.getByText(INTAKE_MSG.keptTakeTitle)).toBeTruthy();
    expect(screen.getByText(/^Your recording of 12 seconds from today at /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    await click(INTAKE_MSG.keepTake);
    expect(screen.getByRole('form', { name: 'Save your recording' })).toBeTruthy();
    expect(screen.getByText(formatTimer(12.4))).toBeTruthy();
    // No new capture: the kept one's upload resumes at its URL (a HEAD, then the rest).
    expect(server.captures).toBe(0);
    const resumed = tusUploads[0]!;
    expect(resumed.options).toMatchObject({ uploadUrl: KEPT.uploadUrl, uploadLengthDeferred: true });
    expect(resumed.options.endpoint).toBeUndefined();
    await click('Save');
    expect(server.created).toEqual([expect.objectContaining({ captureId: 'cap-9' })]);
    await act(async () => resumed.options.onSuccess());
    expect(screen.getByText('Results page')).toBeTruthy();
    expect(device.removed).toBe(1);
  });

  it('a kept take whose capture is gone uploads whole at Save', async () => {
    device.found = KEPT;
    server.captureGone = true;
    renderTab(ann);
    await advance(0);
    await click(INTAKE_MSG.keepTake);
    await click('Save');
    expect(server.created).toHaveLength(2);
    expect(server.created[1]).not.toHaveProperty('captureId');
    const upload = tusUploads[1]!;
    expect(upload.options.metadata.recordingId).toBe('rec-1');
    await act(async () => upload.options.onSuccess());
    expect(device.removed).toBe(1);
  });

  it('Discard of the offer asks first, then deletes the capture and the device copy; Record takes the focus', async () => {
    device.found = KEPT;
    renderTab(ann);
    await advance(0);
    await click(INTAKE_MSG.discardTake);
    await click('Keep it');
    expect(device.removed).toBe(0);
    expect(screen.getByText(INTAKE_MSG.keptTakeTitle)).toBeTruthy();
    await click(INTAKE_MSG.discardTake);
    const dialog = screen.getByRole('dialog');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' })));
    expect(server.deleted).toEqual(['cap-9']);
    expect(device.removed).toBe(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record' }));
  });
});

describe('RecordTab: unsaved takes on the server (a closed tab, a crash)', () => {
  const ann = { me, user: { userId: 'user-ann' } } as TViewer;
  const startedAt = new Date(Date.now() - 3600_000).toISOString();
  const TAKE = {
    captureId: 'cap-9',
    startedAt,
    expiresAt: new Date(Date.parse(startedAt) + 7 * 86_400_000).toISOString(),
    receivedSeconds: 14.2,
    stopped: false,
    assignment: null,
    needs: ['title'],
  };
  const notice = () => screen.getAllByTestId('unsaved-take').map((n) => n.textContent);

  it('offers each unsaved take; Save it opens the save form and saves what the server has', async () => {
    server.unsaved = [TAKE, { ...TAKE, captureId: 'cap-8' }];
    renderTab(ann);
    await advance(0);
    expect(notice()).toEqual([
      `${LIVE_CAPTURE_MSG.unsavedTake(formatDateTime(startedAt))}Save itDiscard`,
      `${LIVE_CAPTURE_MSG.unsavedTake(formatDateTime(startedAt))}Save itDiscard`,
    ]);
    // A new recording may still be made beside them.
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getAllByRole('button', { name: LIVE_CAPTURE_MSG.saveIt })[0]!));
    expect(screen.getByRole('form', { name: 'Save your recording' })).toBeTruthy();
    expect(screen.getByText(formatTimer(14.2))).toBeTruthy();
    expect(screen.queryByTestId('unsaved-take')).toBeNull();
    await click('Save');
    expect(server.created).toEqual([{ title: 'Pitch', savedTake: 'cap-9' }]);
    expect(server.captures).toBe(0);
    expect(tusUploads).toHaveLength(0);
    expect(screen.getByText('Results page')).toBeTruthy();
  });

  it('a take kept on this device and listed by the server is offered once; Save it resumes it from the device', async () => {
    server.unsaved = [TAKE];
    device.found = {
      userId: 'user-ann',
      mimeType: 'audio/webm;codecs=opus',
      startedAt: Date.parse(startedAt),
      seconds: 12.4,
      captureId: 'cap-9',
      uploadUrl: 'http://localhost/api/v1/uploads/cap-9',
      acked: 4,
      size: 8,
      blob: new Blob(['kept take']),
    };
    renderTab(ann);
    await advance(0);
    expect(notice()).toHaveLength(1);
    expect(screen.queryByText(INTAKE_MSG.keptTakeTitle)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    await click(LIVE_CAPTURE_MSG.saveIt);
    expect(screen.getByText(formatTimer(12.4))).toBeTruthy();
    expect(tusUploads[0]!.options.uploadUrl).toBe('http://localhost/api/v1/uploads/cap-9');
    await click('Save');
    expect(server.created).toEqual([expect.objectContaining({ captureId: 'cap-9' })]);
  });

  it('Discard asks first, then deletes the capture (and its device copy); the notice goes', async () => {
    server.unsaved = [TAKE];
    device.found = { userId: 'user-ann', mimeType: 'audio/webm', startedAt: 0, seconds: 12, captureId: 'cap-9', blob: new Blob(['x']) };
    renderTab(ann);
    await advance(0);
    expect(notice()).toEqual([`${LIVE_CAPTURE_MSG.unsavedTake(formatDateTime(startedAt))}Save itDiscard`]);
    await click(LIVE_CAPTURE_MSG.discard);
    await click('Keep it');
    expect(notice()).toHaveLength(1);
    expect(server.deleted).toEqual([]);
    await click(LIVE_CAPTURE_MSG.discard);
    server.unsaved = [];
    await act(async () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' })));
    await advance(0);
    expect(server.deleted).toEqual(['cap-9']);
    expect(device.removed).toBe(1);
    expect(screen.queryByTestId('unsaved-take')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });
});

describe('RecordTab: live cues (issue 20)', () => {
  const withCues = (liveCues: 'on' | 'off') => ({ me: { user: { preferences: { liveCues } } } }) as unknown as TViewer;
  const startRecording = async () => {
    await click('Record');
    await advance(3000);
    expect(screen.getByText('Recording')).toBeTruthy();
  };

  it('on: the switch shows by the Record button, and recording taps the microphone’s stream for the cues', async () => {
    renderTab(withCues('on'));
    expect(screen.getByRole('switch', { name: 'Live cues' }).getAttribute('aria-checked')).toBe('true');
    expect(cueTap.streams).toHaveLength(0);
    await startRecording();
    expect(cueTap.streams).toEqual([mic.stream]);
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeTruthy();
    await click('Stop');
    expect(cueTap.stopped).toBe(1);
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('turned off while recording: the cues go, the tap stops, the choice is saved; recording goes on', async () => {
    renderTab(withCues('on'));
    await startRecording();
    await act(async () => void fireEvent.click(screen.getByRole('switch', { name: 'Live cues' })));
    expect(screen.queryByRole('meter')).toBeNull();
    expect(cueTap.stopped).toBe(1);
    expect(server.preferences).toEqual([{ liveCues: 'off' }]);
    expect(screen.getByRole('switch', { name: 'Live cues' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('record-timer')).toBeTruthy();
    expect(mic.released).toBe(0);
  });

  it('off: no tap runs while recording, and no meter shows', async () => {
    renderTab(withCues('off'));
    expect(screen.getByRole('switch', { name: 'Live cues' }).getAttribute('aria-checked')).toBe('false');
    await startRecording();
    await advance(2000);
    expect(cueTap.streams).toHaveLength(0);
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
