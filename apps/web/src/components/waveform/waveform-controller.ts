import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import { FEEDBACK_LIMITS, formatTimer } from '@rostrum/contract';
import { designToken } from '../design-tokens';
import type { TSpeakerTurns, TWaveformSplit } from './waveform-split';

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
const MARKER_COLOR = 'rgba(74, 69, 196, 0.55)';
/** The comment markers' hover tip lives in wavesurfer's shadow root, where page styles do not reach. */
const MARKER_STYLE = `
.comment-marker { position: absolute; inset: 0; }
.comment-marker__tip { display: none; position: absolute; top: 12px; left: 0; z-index: 10; width: max-content; max-width: 260px;
  padding: 4px 8px; border-radius: 6px; background: #1d2230; color: #fff; font: 12px/1.4 system-ui, sans-serif;
  white-space: normal; pointer-events: none; }
.comment-marker:hover .comment-marker__tip { display: block; }
`;

/** A region comment shown on the waveform: hover reads it, a click plays its region. */
export interface TCommentMarker {
  id: string;
  start: number;
  end: number;
  /** "Author: comment", as the tip shows it. */
  label: string;
}

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
  /** How the waveform is split (channels or speakers, and how many lanes); null for one waveform. */
  split: { kind: TWaveformSplit['kind']; count: number } | null;
}

/** The stretch of the recording the waveform shows now, in seconds (all of it at fit-to-width). */
export interface TWaveformView {
  start: number;
  end: number;
}

export interface TMountOptions {
  container: HTMLElement;
  timeline: HTMLElement;
  media: HTMLMediaElement;
  url: string;
  peaks: number[];
  duration: number;
  speakers?: TSpeakerTurns[];
  /** Channels or speakers drawn apart (waveformSplit); one waveform when null. */
  split?: TWaveformSplit | null;
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
  split: null,
};

export class WaveformController {
  private ws: WaveSurfer | null = null;
  private regions: RegionsPlugin | null = null;
  private state: TWaveformState = INITIAL_WAVEFORM_STATE;
  private listeners = new Set<() => void>();
  private cleanups: Array<() => void> = [];
  private lastTimeEmit = 0;
  private container: HTMLElement | null = null;
  private disableDrag: (() => void) | null = null;
  // Views and playback ticks go to their own listeners, outside the React state: drawings that
  // follow the waveform (the voice lanes) redraw at frame rate without re-rendering the page.
  private view: TWaveformView = { start: 0, end: 0 };
  private viewListeners = new Set<(v: TWaveformView) => void>();
  private tickListeners = new Set<(time: number) => void>();
  private viewFrame = 0;
  private markers: TCommentMarker[] = [];

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getState = (): TWaveformState => this.state;

  /** Follows the shown stretch (zoom, scroll, resize); called at once with the current one. */
  onView(l: (v: TWaveformView) => void): () => void {
    this.viewListeners.add(l);
    l(this.view);
    return () => this.viewListeners.delete(l);
  }
  getView = (): TWaveformView => this.view;

  /** Every playback position (each animation frame while playing, and each seek). */
  onTick(l: (time: number) => void): () => void {
    this.tickListeners.add(l);
    return () => this.tickListeners.delete(l);
  }

  private tick(time: number): void {
    for (const l of this.tickListeners) l(time);
  }

  /** Reads the shown stretch from the scroll container, once per frame however many events ask. */
  private scheduleView(): void {
    if (this.viewFrame) return;
    this.viewFrame = requestAnimationFrame(() => {
      this.viewFrame = 0;
      const ws = this.ws;
      const duration = this.state.duration;
      if (!ws || duration <= 0) return;
      const total = ws.getWrapper().scrollWidth;
      const width = ws.getWidth();
      const left = ws.getScroll();
      const next =
        total > 0
          ? { start: (left / total) * duration, end: (Math.min(total, left + width) / total) * duration }
          : { start: 0, end: duration };
      if (Math.abs(next.start - this.view.start) < 1e-4 && Math.abs(next.end - this.view.end) < 1e-4) return;
      this.view = next;
      for (const l of this.viewListeners) l(next);
    });
  }

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
      style: { fontSize: '11px', color: designToken('--color-grey-500', '#737b8c') },
    });
    const fit = this.fitFor(o.duration);
    const split = o.split ?? null;
    const waveColor = designToken('--color-primary-200', '#c5caff');
    const progressColor = designToken('--color-primary-600', '#4a45c4');
    const laneHeight = split ? Math.max(36, Math.round(120 / split.channels.length)) : 96;
    const ws = WaveSurfer.create({
      container: o.container,
      media: o.media,
      url: o.url,
      // Stored peaks and duration: the browser streams the media and never decodes the whole file.
      peaks: split ? split.channels : [o.peaks],
      duration: o.duration,
      height: laneHeight,
      // One lane per channel, or per speaker in the speakers' colours (001 section 9).
      splitChannels: split?.channels.map((_, i) =>
        split.kind === 'speakers'
          ? { waveColor: SPEAKER_COLORS[i % SPEAKER_COLORS.length], progressColor, height: laneHeight }
          : { waveColor, progressColor, height: laneHeight },
      ),
      waveColor,
      progressColor,
      cursorColor: designToken('--color-accent-600', '#d1700f'),
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
    this.set({
      ...INITIAL_WAVEFORM_STATE,
      duration: o.duration,
      pxPerSec: fit,
      fitPxPerSec: fit,
      split: split && { kind: split.kind, count: split.channels.length },
    });
    this.view = { start: 0, end: o.duration };
    for (const l of this.viewListeners) l(this.view);

    const subs = [
      ws.on('ready', () => {
        this.set({ ready: true });
        this.drawSpeakers(o.speakers ?? []);
        this.drawCommentMarkers();
        this.scheduleView();
      }),
      ws.on('scroll', () => this.scheduleView()),
      ws.on('redrawcomplete', () => this.scheduleView()),
      ws.on('error', () => this.set({ failed: true })),
      ws.on('play', () => this.set({ playing: true })),
      ws.on('pause', () => this.set({ playing: false, time: ws.getCurrentTime() })),
      ws.on('finish', () => this.set({ playing: false })),
      ws.on('timeupdate', (t) => {
        this.tick(t);
        const now = performance.now();
        if (now - this.lastTimeEmit < TIME_THROTTLE_MS && this.state.playing) return;
        this.lastTimeEmit = now;
        this.set({ time: t });
      }),
      ws.on('zoom', (px) => {
        this.set({ pxPerSec: px });
        this.scheduleView();
      }),
      regions.on('region-created', (r) => this.onRegionCreated(r)),
      regions.on('region-clicked', (r, e) => {
        if (!r.id.startsWith('comment-marker-')) return;
        e.stopPropagation();
        this.showCommentRegion({ start: r.start, end: r.end }, true);
      }),
      regions.on('region-updated', (r) => {
        if (r.id === 'draft') this.set({ draft: { start: round2(r.start), end: round2(r.end) }, draftRejected: false });
      }),
    ];
    this.cleanups.push(...subs);

    // Fit-to-width follows the container's width (the spec checks sizes every second; a
    // ResizeObserver answers at once).
    const ro = new ResizeObserver(() => {
      this.scheduleView();
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
    if (this.viewFrame) cancelAnimationFrame(this.viewFrame);
    this.viewFrame = 0;
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
  /** Stops playback where it is (another take's player started, on the compare page). */
  pause(): void {
    this.ws?.pause();
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
    this.tick(time);
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

  /** Shows every region comment as a marker along the top of the waveform (kept across remounts). */
  setCommentMarkers(markers: TCommentMarker[]): void {
    this.markers = markers;
    this.drawCommentMarkers();
  }

  private drawCommentMarkers(): void {
    this.removeWhere((r) => r.id.startsWith('comment-marker-'));
    if (!this.regions || !this.ws || !this.state.ready) return;
    const root = this.ws.getWrapper().getRootNode();
    if (root instanceof ShadowRoot && !root.querySelector('style[data-comment-markers]')) {
      const style = document.createElement('style');
      style.dataset.commentMarkers = '';
      style.textContent = MARKER_STYLE;
      root.appendChild(style);
    }
    for (const m of this.markers) {
      const content = document.createElement('div');
      content.className = 'comment-marker';
      const tip = document.createElement('div');
      tip.className = 'comment-marker__tip';
      tip.textContent = `${formatTimer(m.start).replace(/\.\d$/, '')} · ${m.label}`;
      content.appendChild(tip);
      const r = this.regions.addRegion({
        id: `comment-marker-${m.id}`,
        start: m.start,
        end: Math.max(m.end, m.start + 0.2),
        color: MARKER_COLOR,
        drag: false,
        resize: false,
        content,
      });
      if (r.element) {
        // A slim flag along the top, so the marker never hides the wave.
        r.element.style.top = '0';
        r.element.style.height = '8px';
        r.element.style.borderRadius = '4px';
        r.element.style.cursor = 'pointer';
        r.element.setAttribute('data-comment-marker', m.id);
      }
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
    if (!this.disableDrag || r.id.startsWith('speaker-') || r.id.startsWith('highlight-') || r.id.startsWith('comment')) return;
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

  /**
   * A drag over the timeline outside the waveform (the voice lanes under it) while selecting: the
   * comment's region, by the same rules as a drag on the waveform (at least 0.5 s, else rejected
   * and selecting goes on).
   */
  draftFromDrag(from: number, to: number): void {
    if (!this.disableDrag) return;
    const start = round2(Math.max(0, Math.min(from, to)));
    const end = round2(Math.min(this.state.duration || Math.max(from, to), Math.max(from, to)));
    if (end - start < FEEDBACK_LIMITS.minRegionSeconds) {
      this.set({ draftRejected: true });
      return;
    }
    this.stopSelecting();
    this.setDraft({ start, end });
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
