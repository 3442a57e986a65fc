import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import { FEEDBACK_LIMITS, formatTimer } from '@rostrum/contract';

// One wavesurfer.js 7 player behind a small store, so React components (controls, charts'
// highlight links, the feedback panel) drive the waveform without holding the instance.
// Spec 001 section 9: zoom doubles or halves, at most 160 px per second, at least fit-to-width.

export const MAX_PX_PER_SEC = 160;
const TIME_THROTTLE_MS = 100;
export const SKIP_SECONDS = 5;

export const SPEAKER_COLORS = ['#5b5bd6', '#e0731b', '#17834d', '#c8333a', '#7c3aed'] as const;
const HIGHLIGHT_COLOR = 'rgba(240, 138, 36, 0.32)';
const COMMENT_COLOR = 'rgba(91, 91, 214, 0.22)';
const DRAFT_COLOR = 'rgba(23, 131, 77, 0.25)';

export interface TWaveformState {
  ready: boolean;
  failed: boolean;
  playing: boolean;
  time: number;
  duration: number;
  pxPerSec: number;
  fitPxPerSec: number;
  /** The metric (or other key) whose spans are highlighted, with how many. */
  highlight: { key: string; count: number } | null;
  /** The region of a new comment, set by dragging or by the start and end fields. */
  draft: { start: number; end: number } | null;
  /** Drag selection is on (adding a comment with a region). */
  selecting: boolean;
  /** The last drag was shorter than the minimum and was dropped. */
  draftRejected: boolean;
}

export interface TSpeakerTurns {
  speaker: number;
  turns: { from: number; to: number }[];
}

export interface TMountOptions {
  container: HTMLElement;
  timeline: HTMLElement;
  media: HTMLMediaElement;
  url: string;
  peaks: number[];
  duration: number;
  speakers?: TSpeakerTurns[];
}

/** The state before media loads; also what pages outside a results page read. */
export const INITIAL_WAVEFORM_STATE: TWaveformState = {
  ready: false,
  failed: false,
  playing: false,
  time: 0,
  duration: 0,
  pxPerSec: 0,
  fitPxPerSec: 0,
  highlight: null,
  draft: null,
  selecting: false,
  draftRejected: false,
};

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

export class WaveformController {
  private ws: WaveSurfer | null = null;
  private regions: RegionsPlugin | null = null;
  private state: TWaveformState = INITIAL_WAVEFORM_STATE;
  private listeners = new Set<() => void>();
  private cleanups: Array<() => void> = [];
  private lastTimeEmit = 0;
  private container: HTMLElement | null = null;
  private disableDrag: (() => void) | null = null;

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getState = (): TWaveformState => this.state;

  private set(patch: Partial<TWaveformState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  mount(o: TMountOptions): void {
    this.unmount();
    this.container = o.container;
    const regions = RegionsPlugin.create();
    const timeline = TimelinePlugin.create({
      container: o.timeline,
      height: 18,
      formatTimeCallback: (s) => formatTimer(s).replace(/\.\d$/, ''),
      style: { fontSize: '11px', color: cssVar('--color-grey-500', '#737b8c') },
    });
    const fit = this.fitFor(o.duration);
    const ws = WaveSurfer.create({
      container: o.container,
      media: o.media,
      url: o.url,
      // Stored peaks and duration: the browser streams the media and never decodes the whole file.
      peaks: [o.peaks],
      duration: o.duration,
      height: 96,
      waveColor: cssVar('--color-primary-200', '#c5caff'),
      progressColor: cssVar('--color-primary-600', '#4a45c4'),
      cursorColor: cssVar('--color-accent-600', '#d1700f'),
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      minPxPerSec: fit,
      fillParent: true,
      autoScroll: true,
      autoCenter: true,
      dragToSeek: false,
      plugins: [regions, timeline],
    });
    this.ws = ws;
    this.regions = regions;
    this.set({ ...INITIAL_WAVEFORM_STATE, duration: o.duration, pxPerSec: fit, fitPxPerSec: fit });

    const subs = [
      ws.on('ready', () => {
        this.set({ ready: true });
        this.drawSpeakers(o.speakers ?? []);
      }),
      ws.on('error', () => this.set({ failed: true })),
      ws.on('play', () => this.set({ playing: true })),
      ws.on('pause', () => this.set({ playing: false, time: ws.getCurrentTime() })),
      ws.on('finish', () => this.set({ playing: false })),
      ws.on('timeupdate', (t) => {
        const now = performance.now();
        if (now - this.lastTimeEmit < TIME_THROTTLE_MS && this.state.playing) return;
        this.lastTimeEmit = now;
        this.set({ time: t });
      }),
      ws.on('zoom', (px) => this.set({ pxPerSec: px })),
      regions.on('region-created', (r) => this.onRegionCreated(r)),
      regions.on('region-updated', (r) => {
        if (r.id === 'draft') this.set({ draft: { start: round2(r.start), end: round2(r.end) }, draftRejected: false });
      }),
    ];
    this.cleanups.push(...subs);

    // Fit-to-width follows the container's width (the spec checks sizes every second; a
    // ResizeObserver answers at once).
    const ro = new ResizeObserver(() => {
      const f = this.fitFor(this.state.duration);
      if (Math.abs(f - this.state.fitPxPerSec) < 0.01) return;
      const atFit = this.state.pxPerSec <= this.state.fitPxPerSec + 0.01;
      this.set({ fitPxPerSec: f });
      if (atFit || this.state.pxPerSec < f) this.zoomTo(f);
    });
    ro.observe(o.container);
    this.cleanups.push(() => ro.disconnect());
  }

  unmount(): void {
    this.disableDrag?.();
    this.disableDrag = null;
    this.cleanups.forEach((c) => {
      c();
    });
    this.cleanups = [];
    this.ws?.destroy();
    this.ws = null;
    this.regions = null;
    this.state = INITIAL_WAVEFORM_STATE;
  }

  private fitFor(duration: number): number {
    const width = this.container?.clientWidth ?? 600;
    return duration > 0 ? Math.min(MAX_PX_PER_SEC, width / duration) : 50;
  }

  // ---------- playback ----------
  playPause(): void {
    this.settle(this.ws?.playPause());
  }
  rewind(): void {
    this.seek(0);
  }
  skip(seconds: number): void {
    if (!this.ws) return;
    this.seek(Math.min(Math.max(0, this.ws.getCurrentTime() + seconds), this.state.duration));
  }
  seek(time: number): void {
    if (!this.ws) return;
    this.ws.setTime(time);
    this.set({ time });
  }
  /** Plays one stretch and stops at its end. */
  playSpan(start: number, end: number): void {
    this.settle(this.ws?.play(start, end));
  }
  /**
   * The media element rejects play() with an AbortError when a pause (the user's, or a new
   * span's) comes before playback starts: that is the user's intent, not a failure. Any other
   * refusal (an autoplay policy, an unplayable file) leaves the player paused.
   */
  private settle(started: Promise<void> | undefined): void {
    started?.catch((e: unknown) => {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      this.set({ playing: false });
    });
  }

  // ---------- zoom ----------
  zoomIn(): void {
    this.zoomTo(Math.min(MAX_PX_PER_SEC, this.state.pxPerSec * 2));
  }
  zoomOut(): void {
    this.zoomTo(Math.max(this.state.fitPxPerSec, this.state.pxPerSec / 2));
  }
  fit(): void {
    this.zoomTo(this.state.fitPxPerSec);
  }
  private zoomTo(px: number): void {
    if (!this.ws || !this.state.ready) {
      this.set({ pxPerSec: px });
      return;
    }
    this.ws.zoom(px);
    this.set({ pxPerSec: px });
  }

  // ---------- regions ----------
  private removeWhere(test: (r: Region) => boolean): void {
    for (const r of this.regions?.getRegions() ?? []) if (test(r)) r.remove();
  }

  private drawSpeakers(speakers: TSpeakerTurns[]): void {
    if (!this.regions || speakers.length < 2) return;
    const lane = 6;
    for (const s of speakers) {
      s.turns.forEach((t, i) => {
        const color = SPEAKER_COLORS[(s.speaker - 1) % SPEAKER_COLORS.length]!;
        const r = this.regions!.addRegion({ id: `speaker-${s.speaker}-${i}`, start: t.from, end: t.to, color, drag: false, resize: false });
        // A thin lane per speaker along the bottom of the waveform, so turns never hide the wave.
        if (r.element) {
          r.element.style.top = 'auto';
          r.element.style.bottom = `${(s.speaker - 1) * (lane + 2)}px`;
          r.element.style.height = `${lane}px`;
          r.element.style.borderRadius = '3px';
          r.element.style.pointerEvents = 'none';
          r.element.setAttribute('data-speaker', String(s.speaker));
        }
      });
    }
  }

  /** Highlights a metric's hot spots; highlighting the same key again removes them. Returns the new state. */
  toggleHighlight(key: string, spans: ReadonlyArray<{ from: number; to: number }>): boolean {
    const same = this.state.highlight?.key === key;
    this.removeWhere((r) => r.id.startsWith('highlight-'));
    if (same) {
      this.set({ highlight: null });
      return false;
    }
    spans.forEach((s, i) => {
      const end = Math.max(s.to, s.from + 0.15);
      this.regions?.addRegion({ id: `highlight-${i}`, start: s.from, end, color: HIGHLIGHT_COLOR, drag: false, resize: false });
    });
    this.set({ highlight: { key, count: spans.length } });
    const first = spans[0];
    if (first && this.ws && this.state.pxPerSec > this.state.fitPxPerSec) this.ws.setScrollTime(Math.max(0, first.from - 1));
    return true;
  }

  clearHighlight(): void {
    this.removeWhere((r) => r.id.startsWith('highlight-'));
    this.set({ highlight: null });
  }

  /** Shows a comment's region (or hides it with null). */
  showCommentRegion(span: { start: number; end: number } | null, play = false): void {
    this.removeWhere((r) => r.id === 'comment');
    if (!span || !this.regions) return;
    this.regions.addRegion({ id: 'comment', start: span.start, end: span.end, color: COMMENT_COLOR, drag: false, resize: false });
    if (play) this.playSpan(span.start, span.end);
    else this.seek(span.start);
  }

  // ---------- the new comment's region ----------
  /** Turns drag selection on: a drag on the waveform makes the comment's region. */
  startSelecting(): void {
    if (!this.regions || this.disableDrag) return;
    this.disableDrag = this.regions.enableDragSelection({ color: DRAFT_COLOR, id: 'draft' });
    this.set({ selecting: true, draftRejected: false });
  }

  stopSelecting(): void {
    this.disableDrag?.();
    this.disableDrag = null;
    this.set({ selecting: false });
  }

  private onRegionCreated(r: Region): void {
    if (!this.disableDrag || r.id.startsWith('speaker-') || r.id.startsWith('highlight-') || r.id === 'comment') return;
    if (r.id === 'draft-fixed') return;
    // A drag shorter than the minimum is dropped and drag selection starts again (001 section 5).
    if (r.end - r.start < FEEDBACK_LIMITS.minRegionSeconds) {
      r.remove();
      this.set({ draftRejected: true });
      return;
    }
    this.removeWhere((x) => x !== r && (x.id === 'draft' || x.id === 'draft-fixed'));
    r.setOptions({ drag: true, resize: true });
    r.id = 'draft';
    this.stopSelecting();
    this.set({ draft: { start: round2(r.start), end: round2(r.end) }, draftRejected: false });
  }

  /** Sets the comment's region from the start and end fields (keyboard mode). */
  setDraft(span: { start: number; end: number } | null): void {
    this.removeWhere((r) => r.id === 'draft' || r.id === 'draft-fixed');
    if (!span || !this.regions) {
      this.set({ draft: null, draftRejected: false });
      return;
    }
    const r = this.regions.addRegion({ id: 'draft-fixed', start: span.start, end: span.end, color: DRAFT_COLOR, drag: true, resize: true });
    r.id = 'draft';
    this.set({ draft: span, draftRejected: false });
  }
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
