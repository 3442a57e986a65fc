import { afterEach, describe, expect, it, vi } from 'vitest';

// A stand-in for wavesurfer.js whose play() answers as the test says: jsdom has no media
// pipeline, and what matters here is how the controller treats a refused play().
const fake = vi.hoisted(() => ({ play: (): Promise<void> => Promise.resolve(), options: {} as Record<string, unknown> }));

vi.mock('wavesurfer.js', () => ({
  default: {
    create: (options: Record<string, unknown>) => {
      fake.options = options;
      return {
        on: () => () => {},
        playPause: () => fake.play(),
        play: () => fake.play(),
        destroy: () => {},
      };
    },
  },
}));
vi.mock('wavesurfer.js/dist/plugins/regions.esm.js', () => ({
  default: { create: () => ({ on: () => () => {}, getRegions: () => [] }) },
}));
vi.mock('wavesurfer.js/dist/plugins/timeline.esm.js', () => ({ default: { create: () => ({}) } }));

// jsdom has no ResizeObserver; the controller only needs one it can observe and disconnect.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

const { WaveformController } = await import('./waveform-controller');

function mounted() {
  const c = new WaveformController();
  c.mount({
    container: document.createElement('div'),
    timeline: document.createElement('div'),
    media: document.createElement('audio'),
    url: '/media/x.webm',
    peaks: [0, 0.5, 0],
    duration: 3,
  });
  return c;
}

/** Lets rejected promises settle and collects any the controller left unhandled. */
async function unhandledDuring(run: () => void): Promise<unknown[]> {
  const seen: unknown[] = [];
  const onReject = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', onReject);
  try {
    run();
    await new Promise((r) => setTimeout(r, 10));
  } finally {
    process.off('unhandledRejection', onReject);
  }
  return seen;
}

describe('WaveformController playback', () => {
  afterEach(() => {
    fake.play = () => Promise.resolve();
  });

  it('a pause before playback starts (AbortError) is not an error and leaves no rejection', async () => {
    fake.play = () => Promise.reject(new DOMException('interrupted by a call to pause()', 'AbortError'));
    const c = mounted();
    const unhandled = await unhandledDuring(() => {
      c.playPause();
      c.playSpan(1, 2);
    });
    expect(unhandled).toEqual([]);
    c.unmount();
  });

  it('a refused play (autoplay policy) leaves the player paused, not playing', async () => {
    fake.play = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    const c = mounted();
    const unhandled = await unhandledDuring(() => c.playPause());
    expect(unhandled).toEqual([]);
    expect(c.getState().playing).toBe(false);
    c.unmount();
  });
});

describe('mount: one waveform, or lanes split by channel or speaker (001 section 9)', () => {
  const base = {
    container: document.createElement('div'),
    timeline: document.createElement('div'),
    media: document.createElement('audio'),
    url: '/media/x.webm',
    peaks: [0, 0.5, 0],
    duration: 3,
  };

  it('draws the stored peaks as one waveform without a split', () => {
    const c = new WaveformController();
    c.mount(base);
    expect(fake.options.peaks).toEqual([[0, 0.5, 0]]);
    expect(fake.options.splitChannels).toBeUndefined();
    expect(c.getState().split).toBeNull();
  });

  it('gives wavesurfer one peaks list and one lane option per channel or speaker', () => {
    const c = new WaveformController();
    const channels = [
      [0, 0.5, 0],
      [0, 0.2, 0],
      [0, 0.1, 0],
    ];
    c.mount({ ...base, split: { kind: 'speakers', channels } });
    expect(fake.options.peaks).toEqual(channels);
    const lanes = fake.options.splitChannels as { waveColor: string }[];
    expect(lanes).toHaveLength(3);
    expect(new Set(lanes.map((l) => l.waveColor)).size).toBe(3);
    expect(c.getState().split).toEqual({ kind: 'speakers', count: 3 });
  });
});
