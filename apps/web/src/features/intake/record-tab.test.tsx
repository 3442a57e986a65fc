import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { INTAKE_MSG, RECORDING_LIMITS, formatTimer } from '@rostrum/contract';
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
  started: 0,
  released: 0,
  buzzed: 0,
}));

vi.mock('./audio-capture', () => ({
  AudioCapture: class {
    async open() {
      if (mic.hold) await new Promise<void>((resolve) => (mic.grant = resolve));
      if (!mic.allow) throw new Error('NotAllowedError');
    }
    start(onSilence: () => void) {
      mic.started += 1;
      mic.onSilence = onSilence;
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
vi.mock('../../api/rostrum-api', () => ({
  api: { getMe: async () => ({}) },
  queryKeys: { recordings: ['recordings'] },
}));
// The shared options form has its own rules; here it is a stand-in that always validates.
vi.mock('./recording-options', () => ({
  useIntakeOptions: () => ({ validate: () => true, body: () => ({}), reset: () => {} }),
  RecordingOptionsFields: () => null,
}));

// The options form is mocked above, so the tab never reads the viewer.
const viewer = {} as TViewer;

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RecordTab viewer={viewer} canRecord />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(mic, { allow: true, hold: false, seconds: 0, takeSeconds: 12, onSilence: null, started: 0, released: 0, buzzed: 0 });
  URL.createObjectURL = () => 'blob:take';
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.useRealTimers());

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
