import { useLayoutEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { ChevronRight } from 'lucide-react';
import { HIDDEN_LANES_PREFERENCE, LANE_KEYS, LANE_LABELS, type TLaneKey } from '@rostrum/contract';
import { useSavePreferences } from '../../../app/preferences';
import { useViewer } from '../../../app/viewer';
import { useWaveform } from '../../../components/waveform/waveform-context';
import type { TWaveformView } from '../../../components/waveform/waveform-controller';
import { drawLane, LANE_HEIGHTS, readPalette } from './lane-draw';
import { markAt, timeToX, xToTime } from './lane-geometry';
import { describeMark, laneReading, lanesSummary } from './lane-text';
import { useLanes } from '../results-recording.queries';
import '../chip-toggle.css';
import './voice-lanes.css';

/** A pointer that moves further than this between down and up drags rather than clicks. */
const DRAG_PX = 4;
const PHONE = '(max-width: 767px)';

// The voice on the waveform (issue "Beyond every peer", part 2): lanes under the waveform that
// follow its zoom, scroll and playhead. They draw imperatively on the controller's view and tick
// channels, so playing or scrolling a 15-minute take never re-renders the page.

export function readHiddenLanes(stored: unknown): Set<TLaneKey> {
  return new Set(Array.isArray(stored) ? (stored.filter((k) => (LANE_KEYS as readonly unknown[]).includes(k)) as TLaneKey[]) : []);
}

interface TTip {
  x: number;
  top: number;
  text: string;
}

export function VoiceLanes({ lanesUrl }: { lanesUrl: string }) {
  const controller = useWaveform();
  const viewer = useViewer();
  const savePreferences = useSavePreferences();
  const hidden = readHiddenLanes(viewer.user.preferences[HIDDEN_LANES_PREFERENCE]);
  const shown = LANE_KEYS.filter((k) => !hidden.has(k));
  const lanes = useLanes(lanesUrl);
  const stageRef = useRef<HTMLDivElement>(null);
  /** A drag across the lanes while a comment's region is being picked. */
  const dragRef = useRef<{ startX: number; startTime: number; dragged: boolean } | null>(null);
  const playheadRef = useRef<HTMLDivElement>(null);
  const canvases = useRef(new Map<TLaneKey, HTMLCanvasElement>());
  const [tip, setTip] = useState<TTip | null>(null);
  // Marked on the element by the drawing itself (tests and the page benchmark wait for it): a
  // React state would mark it only at the next render, after whatever React renders first.
  const rootRef = useRef<HTMLDivElement>(null);
  const shownKey = shown.join(',');
  // On a phone the lanes start folded, so the summary and the player fit the first screen (issue 41);
  // one tap shows them. Decided once, at the page's first width: turning a phone does not fold them.
  const [folded, setFolded] = useState(() => window.matchMedia?.(PHONE).matches ?? false);

  const toggle = (key: TLaneKey) => {
    setTip(null);
    const next = new Set(hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    savePreferences({ [HIDDEN_LANES_PREFERENCE]: LANE_KEYS.filter((k) => next.has(k)) });
  };

  // Redraw on every view change and resize; the playhead follows each tick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: unfolding mounts the stage this effect draws on (stageRef), so it runs again then.
  useLayoutEffect(() => {
    const data = lanes.data;
    const stage = stageRef.current;
    if (!controller || !data || !stage) return;
    let view: TWaveformView = controller.getView();
    let frame = 0;
    let time = controller.getState().time;
    const placePlayhead = () => {
      const el = playheadRef.current;
      if (!el) return;
      const width = stage.clientWidth;
      const x = timeToX(time, view, width);
      el.style.transform = `translateX(${x}px)`;
      el.hidden = view.end <= view.start || x < 0 || x > width;
    };
    const draw = () => {
      frame = 0;
      const palette = readPalette();
      const dpr = window.devicePixelRatio || 1;
      for (const key of shownKey.split(',') as TLaneKey[]) {
        const canvas = canvases.current.get(key);
        if (!canvas) continue;
        const width = canvas.clientWidth;
        const height = LANE_HEIGHTS[key];
        if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
        if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
        const ctx = canvas.getContext('2d');
        if (!ctx) continue;
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.clearRect(0, 0, width, height);
        if (view.end > view.start) drawLane(key, { ctx, lanes: data, view, width, height, palette });
      }
      placePlayhead();
      const root = rootRef.current;
      if (root) {
        if (view.end > view.start) root.dataset.drawn = 'true';
        else delete root.dataset.drawn;
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    const offView = controller.onView((v) => {
      view = v;
      schedule();
    });
    const offTick = controller.onTick((t) => {
      time = t;
      placePlayhead();
    });
    const ro = new ResizeObserver(schedule);
    ro.observe(stage);
    schedule();
    return () => {
      offView();
      offTick();
      ro.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [controller, lanes.data, shownKey, folded]);

  if (!controller || !lanes.data) return null;
  const data = lanes.data;

  const pointer = (e: MouseEvent<HTMLDivElement>, key: TLaneKey) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const stage = stageRef.current?.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const view = controller.getView();
    const mark = key === 'marks' ? markAt(data.marks, x, view, rect.width) : null;
    return { x, time: xToTime(x, view, rect.width), mark, top: rect.top - (stage?.top ?? rect.top), view };
  };
  const onMove = (e: MouseEvent<HTMLDivElement>, key: TLaneKey) => {
    const p = pointer(e, key);
    const text = p.mark ? describeMark(p.mark) : laneReading(data, key, p.time);
    setTip(text ? { x: p.x, top: p.top, text } : null);
  };
  // While a comment's region is being picked ("Drag on waveform"), a drag across the lanes picks it
  // as a drag on the waveform does: the lanes share its timeline (issue 41).
  const onPointerDown = (e: PointerEvent<HTMLDivElement>, key: TLaneKey) => {
    if (!controller.getState().selecting || e.button !== 0) return;
    dragRef.current = { startX: e.clientX, startTime: pointer(e, key).time, dragged: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = dragRef.current;
    if (d && Math.abs(e.clientX - d.startX) > DRAG_PX) d.dragged = true;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>, key: TLaneKey) => {
    const d = dragRef.current;
    if (!d?.dragged) return;
    controller.draftFromDrag(d.startTime, pointer(e, key).time);
  };
  const onClick = (e: MouseEvent<HTMLDivElement>, key: TLaneKey) => {
    // The end of a drag is not a click on the lane.
    const dragged = dragRef.current?.dragged;
    dragRef.current = null;
    if (dragged) return;
    const p = pointer(e, key);
    // A mark plays its moment, with a second before it for context; elsewhere the click seeks.
    if (p.mark) controller.playSpan(Math.max(0, p.mark.from - 1), p.mark.to + 0.5);
    else controller.seek(Math.max(0, Math.min(data.duration, p.time)));
  };

  if (folded) {
    return (
      <div className="voice-lanes voice-lanes--folded" data-testid="voice-lanes">
        <button type="button" className="link-btn voice-lanes__unfold" aria-expanded={false} onClick={() => setFolded(false)}>
          <ChevronRight size={14} aria-hidden /> Show the voice lanes
        </button>
        <p className="visually-hidden">{lanesSummary(data)}</p>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="voice-lanes" data-testid="voice-lanes">
      {shown.length > 0 && (
        <div ref={stageRef} className="voice-lanes__stage">
          {shown.map((key) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcuts over a picture; the summary below and the transcript carry the same facts for keyboard and screen readers.
            // biome-ignore lint/a11y/useKeyWithClickEvents: as above; the waveform's own keys (p, r, f) move the playhead.
            <div
              key={key}
              className={`voice-lane voice-lane--${key}`}
              data-lane={key}
              onMouseMove={(e) => onMove(e, key)}
              onMouseLeave={() => setTip(null)}
              onPointerDown={(e) => onPointerDown(e, key)}
              onPointerMove={onPointerMove}
              onPointerUp={(e) => onPointerUp(e, key)}
              onClick={(e) => onClick(e, key)}
            >
              <span className="voice-lane__label">{LANE_LABELS[key]}</span>
              <canvas
                ref={(el) => {
                  if (el) canvases.current.set(key, el);
                  else canvases.current.delete(key);
                }}
                style={{ height: LANE_HEIGHTS[key] }}
                aria-hidden
              />
            </div>
          ))}
          <div ref={playheadRef} className="voice-lanes__playhead" hidden aria-hidden />
          {tip && (
            <div className="voice-lanes__tip" role="tooltip" style={{ left: tip.x, top: tip.top }}>
              {tip.text}
            </div>
          )}
        </div>
      )}
      <fieldset className="voice-lanes__toggles">
        <legend className="voice-lanes__legend">Voice lanes</legend>
        {LANE_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="chip-toggle"
            aria-pressed={!hidden.has(key)}
            data-lane-toggle={key}
            onClick={() => toggle(key)}
          >
            {LANE_LABELS[key]}
          </button>
        ))}
      </fieldset>
      <p className="visually-hidden">{lanesSummary(data)}</p>
    </div>
  );
}
