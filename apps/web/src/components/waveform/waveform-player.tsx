import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Maximize2, Pause, Play, Redo2, SkipBack, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { formatTimer } from '@rostrum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { peaksQuery } from '../../api/rostrum-api';
import { Spinner } from '../spinner';
import { useWaveform, useWaveformState } from './waveform-context';
import { MAX_PX_PER_SEC, SKIP_SECONDS } from './waveform-controller';
import type { TSpeakerTurns } from './waveform-split';
import { STICKY_OFFSET_PX, stickyAllowed } from './sticky-rules';
import { usePlayerKeys } from './player-keys';
import { type TWaveformSplit, waveformSplit } from './waveform-split';
import './waveform.css';

export interface WaveformPlayerProps {
  title: string;
  playbackUrl: string;
  peaksUrl: string | null;
  /** Recording duration, used when no stored peaks exist. */
  duration: number;
  numSpeakers: number;
  isVideo: boolean;
  speakers?: TSpeakerTurns[];
  /** The page's <video> when the recording is a playable video: the waveform follows it. */
  videoElement?: HTMLVideoElement | null;
  /** Wait for the video element before mounting. */
  waitForVideo?: boolean;
  /** Shown under the controls (the speaker choice of conversational recordings). */
  children?: ReactNode;
  /** Shown right under the waveform and its timeline, following its zoom (the voice lanes). */
  lanes?: ReactNode;
  onDisplayError?: () => void;
  /**
   * One player on the page (the results page): the p/r/f keys drive it and it sticks to the top
   * when scrolled past. Several players side by side (the compare page) have neither.
   */
  solo?: boolean;
}

function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'range'].includes(t.type);
  return false;
}

/** Waveform with timeline, regions, playback controls, keys p/r/f, zoom and the sticky rule (001 sections 2 and 9). */
export function WaveformPlayer(props: WaveformPlayerProps) {
  const {
    title,
    playbackUrl,
    peaksUrl,
    duration,
    numSpeakers,
    isVideo,
    speakers,
    videoElement,
    waitForVideo,
    children,
    lanes,
    onDisplayError,
    solo = true,
  } = props;
  const controller = useWaveform();
  const queryClient = useQueryClient();
  const state = useWaveformState();
  const waveRef = useRef<HTMLDivElement>(null);
  const timelineRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  const [box, setBox] = useState({ height: 0, left: 0, width: 0 });
  const onErrorRef = useRef(onDisplayError);
  onErrorRef.current = onDisplayError;
  const speakersKey = JSON.stringify(speakers ?? []);

  // Mount wavesurfer once the media element and the stored peaks are there.
  useEffect(() => {
    if (!controller || !waveRef.current || !timelineRef.current) return;
    const media = waitForVideo ? videoElement : audioRef.current;
    if (!media) return;
    const ac = new AbortController();
    const container = waveRef.current;
    const timeline = timelineRef.current;
    void (async () => {
      let peaks: number[];
      let split: TWaveformSplit | null = null;
      let d = duration;
      try {
        if (!peaksUrl) throw new Error('no peaks');
        // Usually fetched already: the page asks for them as soon as the recording arrives.
        const p = await queryClient.fetchQuery(peaksQuery(peaksUrl));
        peaks = p.data;
        d = p.duration || duration;
        split = waveformSplit({ playbackUrl, numSpeakers, peaks: p, speakers: JSON.parse(speakersKey) });
      } catch (e) {
        if (ac.signal.aborted) return;
        void e;
        // Without stored peaks the waveform is flat, but playback, timeline and regions still work.
        peaks = new Array(Math.max(2, Math.round(d * 10))).fill(0);
      }
      if (ac.signal.aborted) return;
      try {
        controller.mount({ container, timeline, media, url: playbackUrl, peaks, duration: d, speakers: JSON.parse(speakersKey), split });
      } catch {
        onErrorRef.current?.();
      }
    })();
    return () => {
      ac.abort();
      controller.unmount();
    };
  }, [controller, queryClient, playbackUrl, peaksUrl, duration, numSpeakers, videoElement, waitForVideo, speakersKey]);

  useEffect(() => {
    if (state.failed) onErrorRef.current?.();
  }, [state.failed]);

  // Keys: p play/pause, r back 5 s, f forward 5 s, unless typing in a field or turned off.
  const [keysOn, setKeysOn] = usePlayerKeys();
  useEffect(() => {
    if (!controller || !solo || !keysOn) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTextField(e.target)) return;
      const k = e.key.toLowerCase();
      if (k === 'p') controller.playPause();
      else if (k === 'r') controller.skip(-SKIP_SECONDS);
      else if (k === 'f') controller.skip(SKIP_SECONDS);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controller, solo, keysOn]);

  // Sticky after scrolling 80 px past its top, where the rules allow it.
  useLayoutEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const anchor = anchorRef.current;
      if (!anchor) return;
      const allowed = solo && stickyAllowed({ width: window.innerWidth, height: window.innerHeight, numSpeakers, isVideo });
      const rect = anchor.getBoundingClientRect();
      const next = allowed && rect.top < -STICKY_OFFSET_PX;
      if (next) {
        const height =
          panelRef.current && !panelRef.current.classList.contains('waveform--stuck') ? panelRef.current.offsetHeight : undefined;
        setBox((b) => ({ height: height ?? b.height, left: rect.left, width: rect.width }));
      }
      setStuck(next);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // At the next frame, not now: measuring here would force a layout of the page mid-render.
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [numSpeakers, isVideo, solo]);

  const timer = `${formatTimer(state.time)} / ${formatTimer(state.duration || duration)}`;
  const atFit = state.pxPerSec <= state.fitPxPerSec + 0.01;
  const atMax = state.pxPerSec >= MAX_PX_PER_SEC - 0.01;
  const disabled = !state.ready;

  return (
    <div ref={anchorRef} className="waveform-anchor" style={stuck ? { minHeight: box.height } : undefined}>
      <section
        ref={panelRef}
        className={['waveform card', stuck && 'waveform--stuck'].filter(Boolean).join(' ')}
        aria-label={solo ? 'Waveform and playback' : `Waveform and playback of ${title}`}
        data-testid="waveform"
        data-zoom={Math.round(state.pxPerSec * 100) / 100}
        data-stuck={stuck || undefined}
        style={stuck ? { left: box.left, width: box.width } : undefined}
      >
        {!waitForVideo && (
          // biome-ignore lint/a11y/useMediaCaption: a hidden element the waveform plays; the transcript is the text alternative.
          <audio ref={audioRef} controls hidden preload="metadata" src={playbackUrl} aria-label={`Audio of ${title}`} />
        )}
        <div className="waveform__stage">
          {!state.ready && (
            <div className="waveform__loading">
              <Spinner label="Loading waveform" />
            </div>
          )}
          {/* A picture to a screen reader (WCAG 1.1.1): its name says what it shows; the lanes' summary,
              the transcript and the controls below carry what a pointer does on it. */}
          <div
            ref={waveRef}
            className="waveform__wave"
            role="img"
            aria-label={`Waveform of ${solo ? 'the recording' : title}, ${formatTimer(state.duration || duration)} long`}
            data-split={state.split ? `${state.split.kind}:${state.split.count}` : undefined}
          />
          <div ref={timelineRef} className="waveform__timeline" aria-hidden />
        </div>
        {lanes}
        <div className="waveform__controls">
          <div className="waveform__transport">
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.rewind()}
              disabled={disabled}
              aria-label="Rewind"
              title="Rewind"
            >
              <SkipBack size={18} aria-hidden />
            </button>
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.skip(-SKIP_SECONDS)}
              disabled={disabled}
              aria-label="Skip back 5 seconds"
              title="Skip back 5 seconds (r)"
            >
              <Undo2 size={18} aria-hidden />
            </button>
            <button
              type="button"
              className="icon-btn icon-btn--play"
              onClick={() => controller?.playPause()}
              disabled={disabled}
              aria-label={state.playing ? 'Pause' : 'Play'}
              title={state.playing ? 'Pause (p)' : 'Play (p)'}
            >
              {state.playing ? <Pause size={20} aria-hidden /> : <Play size={20} aria-hidden />}
            </button>
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.skip(SKIP_SECONDS)}
              disabled={disabled}
              aria-label="Skip forward 5 seconds"
              title="Skip forward 5 seconds (f)"
            >
              <Redo2 size={18} aria-hidden />
            </button>
            <span className="waveform__timer" data-testid="waveform-timer" role="timer" aria-label={`Time ${timer}`}>
              {timer}
            </span>
          </div>
          <fieldset className="waveform__zoom" aria-label="Zoom">
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.zoomOut()}
              disabled={disabled || atFit}
              aria-label="Zoom out"
              title="Zoom out"
            >
              <ZoomOut size={18} aria-hidden />
            </button>
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.zoomIn()}
              disabled={disabled || atMax}
              aria-label="Zoom in"
              title="Zoom in"
            >
              <ZoomIn size={18} aria-hidden />
            </button>
            <button
              type="button"
              className="icon-btn"
              onClick={() => controller?.fit()}
              disabled={disabled || atFit}
              aria-label="Fit to width"
              title="Fit to width"
            >
              <Maximize2 size={16} aria-hidden />
            </button>
          </fieldset>
        </div>
        {children}
        {solo && (
          <p className="waveform__keys subtle">
            {keysOn ? (
              <span>
                Keys: <kbd>p</kbd> play or pause, <kbd>r</kbd> back 5 s, <kbd>f</kbd> forward 5 s.
              </span>
            ) : (
              <span>The single-key shortcuts are off.</span>
            )}{' '}
            {/* One button whose words change: the focus stays on it when it is pressed. */}
            <button type="button" className="link-btn" onClick={() => setKeysOn(!keysOn)}>
              {keysOn ? 'Turn off these keys' : 'Turn them on'}
            </button>
          </p>
        )}
        <p className="visually-hidden" role="status">
          {state.highlight ? `${state.highlight.count} moment${state.highlight.count === 1 ? '' : 's'} highlighted on the waveform` : ''}
        </p>
      </section>
    </div>
  );
}
