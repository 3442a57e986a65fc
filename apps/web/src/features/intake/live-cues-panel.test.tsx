import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TLiveFrame } from '@rostrum/analysis/live';
import { LiveCuesPanel, LiveCuesSwitch } from './live-cues-panel';
import { LIVE_CUE_TEXT } from './live-cues';

/** The worklet boundary: the test plays frames where the AudioWorklet would post them. */
const tap = vi.hoisted(() => ({ onFrame: null as null | ((f: TLiveFrame) => void), started: 0, stopped: 0, clock: 0 }));
vi.mock('./cue-tap', () => ({
  FRAME_SECONDS: 0.02,
  startCueTap: (_stream: MediaStream, onFrame: (f: TLiveFrame) => void) => {
    tap.started += 1;
    tap.onFrame = onFrame;
    return {
      stop: () => {
        tap.stopped += 1;
      },
    };
  },
}));

const stream = {} as MediaStream;

/**
 * Seconds of speech-like input: syllables at `rate` a second (a raised-sine power envelope) in
 * runs of 3 s with 0.8 s pauses, peaking at `peakDb` dBFS.
 */
function speak(seconds: number, rate: number, peakDb = -12, clipped = false) {
  const amplitude = 10 ** (peakDb / 20);
  const blocks = Math.round(seconds / 0.002);
  for (let f = 0; f < blocks / 10; f++) {
    const formant: number[] = [];
    for (let b = 0; b < 10; b++) {
      const t = (f * 10 + b) * 0.002 + tap.clock;
      const inRun = t % 3.8 < 3;
      const envelope = inRun ? 0.03 + Math.sin(Math.PI * rate * t) ** 2 : 1e-6;
      formant.push(amplitude ** 2 * envelope);
    }
    tap.onFrame?.({ formant, broadband: formant, peak: amplitude, rms: amplitude / 2, clipped });
  }
  tap.clock = tap.clock + seconds;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const meter = () => screen.getByRole('meter', { name: LIVE_CUE_TEXT.meterLabel });

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(tap, { onFrame: null, started: 0, stopped: 0, clock: 0 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveCuesPanel', () => {
  it('meters the input: an accessible meter from -60 to 0 dBFS that follows the level', async () => {
    render(<LiveCuesPanel stream={stream} />);
    expect(tap.started).toBe(1);
    expect(meter().getAttribute('aria-valuenow')).toBe('-60');
    expect(meter().getAttribute('aria-valuetext')).toBe('Silent');
    speak(0.1, 4, -18);
    await advance(100);
    expect(meter().getAttribute('aria-valuenow')).toBe('-18');
    expect(meter().getAttribute('aria-valuetext')).toBe('-18 dB');
    expect(meter().getAttribute('aria-valuemin')).toBe('-60');
    expect(meter().getAttribute('aria-valuemax')).toBe('0');
  });

  it('warns when nothing is heard before the 5-second mark, and when the input clips', async () => {
    render(<LiveCuesPanel stream={stream} />);
    for (let i = 0; i < 100; i++)
      tap.onFrame?.({ formant: Array(10).fill(0), broadband: Array(10).fill(0), peak: 0, rms: 0, clipped: false });
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain(LIVE_CUE_TEXT.silent);
    speak(0.5, 4, 0, true);
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain(LIVE_CUE_TEXT.clipping);
    expect(screen.getByRole('alert').textContent).not.toContain(LIVE_CUE_TEXT.silent);
  });

  it('shows pace and pausing only once enough speech was heard, with the engine’s cue', async () => {
    render(<LiveCuesPanel stream={stream} />);
    speak(4, 4.4);
    await advance(1000);
    expect(screen.getByText(LIVE_CUE_TEXT.listening)).toBeTruthy();
    expect(screen.queryByText(LIVE_CUE_TEXT.pace.good)).toBeNull();
    for (let s = 0; s < 8; s++) {
      speak(1, 4.4);
      await advance(1000);
    }
    expect(screen.queryByText(LIVE_CUE_TEXT.listening)).toBeNull();
    expect(screen.getByText(LIVE_CUE_TEXT.pace.good)).toBeTruthy();
    expect(screen.getByText(/^4\.\d syllables\/s$/)).toBeTruthy();
    expect(screen.getByText(/^\d+% of speaking time$/)).toBeTruthy();
  });

  it('says "A bit fast" for fast speech', async () => {
    render(<LiveCuesPanel stream={stream} />);
    for (let s = 0; s < 14; s++) {
      speak(1, 7);
      await advance(1000);
    }
    expect(screen.getByText(LIVE_CUE_TEXT.pace.fast)).toBeTruthy();
  });

  it('stops the tap when it goes (cues turned off, or recording stopped)', async () => {
    const { unmount } = render(<LiveCuesPanel stream={stream} />);
    unmount();
    expect(tap.stopped).toBe(1);
  });
});

describe('LiveCuesSwitch', () => {
  it('is a labelled switch that reports the new state', () => {
    const changes: boolean[] = [];
    render(<LiveCuesSwitch checked onCheckedChange={(on) => changes.push(on)} />);
    const control = screen.getByRole('switch', { name: LIVE_CUE_TEXT.switchLabel });
    expect(control.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(control);
    expect(changes).toEqual([false]);
  });
});
