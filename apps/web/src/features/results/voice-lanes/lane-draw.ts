import { LANES_LOUDNESS_FLOOR_DB, type TLaneKey, type TLanes } from '@rostrum/contract';
import type { TWaveformView } from '../../../components/waveform/waveform-controller';
import { timeToX, visiblePoints, visibleSpans, type TLanePoint } from './lane-geometry';
import { designToken } from '../../../components/design-tokens';

// Each lane drawn on its own canvas for the shown stretch of the recording. Colours come from
// the design tokens.

/** Lane heights in CSS pixels. */
export const LANE_HEIGHTS: Record<TLaneKey, number> = { pitch: 56, loudness: 36, rate: 44, pauses: 24, marks: 32 };
/** The top of every lane carries its name; the thin lanes draw below it. */
const LABEL_SPACE = 13;

/** The speaking rate lane's scale, syllables per second: the pace gauge's own range. */
export const RATE_SCALE = { min: 1, max: 8 } as const;
/** Pauses this long or longer are drawn as long (the pausing metric's hot spots). */
const LONG_PAUSE_SECONDS = 2;

export interface TLanePalette {
  line: string;
  band: string;
  ideal: string;
  idealLine: string;
  area: string;
  grid: string;
  pause: string;
  longPause: string;
  filler: string;
  word: string;
  upspeak: string;
}

export function readPalette(): TLanePalette {
  const v = designToken;
  return {
    line: v('--color-primary-600', '#4a45c4'),
    band: v('--color-primary-50', '#f0f1ff'),
    ideal: v('--color-success-50', '#eaf7ef'),
    idealLine: v('--color-success-600', '#17834d'),
    area: v('--color-primary-200', '#c5caff'),
    grid: v('--color-grey-200', '#e3e6ec'),
    pause: v('--color-grey-300', '#cdd2db'),
    longPause: v('--color-warning-700', '#a15c07'),
    filler: v('--color-accent-500', '#e0731b'),
    word: v('--color-primary-700', '#3a36a3'),
    upspeak: v('--color-danger-600', '#c8333a'),
  };
}

interface TDrawArgs {
  ctx: CanvasRenderingContext2D;
  lanes: TLanes;
  view: TWaveformView;
  width: number;
  height: number;
  palette: TLanePalette;
}

/** Draws one lane; the canvas is already scaled to CSS pixels and cleared. */
export function drawLane(key: TLaneKey, args: TDrawArgs): void {
  if (key === 'pitch') drawPitch(args);
  else if (key === 'loudness') drawLoudness(args);
  else if (key === 'rate') drawRate(args);
  else if (key === 'pauses') drawPauses(args);
  else drawMarks(args);
}

/** A line through the points, broken where the series has no value. */
function strokeSeries(ctx: CanvasRenderingContext2D, points: (TLanePoint | null)[], y: (v: number) => number): void {
  ctx.beginPath();
  let open = false;
  for (const p of points) {
    if (!p) {
      open = false;
      continue;
    }
    if (open) ctx.lineTo(p.x, y(p.mean));
    else ctx.moveTo(p.x, y(p.mean));
    open = true;
    // A folded column that spans a range shows it, so a quick jump is not averaged away.
    if (p.max - p.min > 0) {
      ctx.moveTo(p.x, y(p.min));
      ctx.lineTo(p.x, y(p.max));
      ctx.moveTo(p.x, y(p.mean));
    }
  }
  ctx.stroke();
}

function horizontal(ctx: CanvasRenderingContext2D, y: number, width: number, color: string, dash: number[] = []): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, Math.round(y) + 0.5);
  ctx.lineTo(width, Math.round(y) + 0.5);
  ctx.stroke();
  ctx.restore();
}

/** The scale of the pitch lane: semitones either side of the median, wide enough for the range. */
export function pitchReach(lanes: TLanes): number {
  return Math.max(6, Math.abs(lanes.pitchRange.low) + 3, Math.abs(lanes.pitchRange.high) + 3);
}

function drawPitch({ ctx, lanes, view, width, height, palette }: TDrawArgs): void {
  const reach = pitchReach(lanes);
  const pad = 4;
  const y = (tenths: number) => {
    const st = Math.max(-reach, Math.min(reach, tenths / 10));
    return pad + ((reach - st) / (2 * reach)) * (height - 2 * pad);
  };
  // The speaker's usual range, and their median.
  ctx.fillStyle = palette.band;
  const top = y(lanes.pitchRange.high * 10);
  ctx.fillRect(0, top, width, y(lanes.pitchRange.low * 10) - top);
  horizontal(ctx, y(0), width, palette.grid, [3, 3]);
  ctx.strokeStyle = palette.line;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = 'round';
  strokeSeries(ctx, visiblePoints(lanes.pitch, lanes.step, view, width), y);
}

function drawLoudness({ ctx, lanes, view, width, height, palette }: TDrawArgs): void {
  const floor = LANES_LOUDNESS_FLOOR_DB;
  const y = (db: number) => height - ((Math.min(6, db) - floor) / (6 - floor)) * (height - 2);
  ctx.fillStyle = palette.area;
  // A bar per value when zoomed in, per pixel column otherwise (its loudest value).
  const bar = Math.max(1, (lanes.step / (view.end - view.start)) * width);
  for (const p of visiblePoints(lanes.loudness, lanes.step, view, width)) {
    if (!p || p.max <= floor) continue;
    const top = y(p.max);
    ctx.fillRect(p.x - bar / 2, top, bar, height - top);
  }
  horizontal(ctx, y(0), width, palette.grid, [3, 3]);
}

function drawRate({ ctx, lanes, view, width, height, palette }: TDrawArgs): void {
  const pad = 3;
  const y = (tenths: number) => {
    const v = Math.max(RATE_SCALE.min, Math.min(RATE_SCALE.max, tenths / 10));
    return pad + ((RATE_SCALE.max - v) / (RATE_SCALE.max - RATE_SCALE.min)) * (height - 2 * pad);
  };
  // The pace metric's ideal band.
  const top = y(lanes.rateIdeal.max * 10);
  ctx.fillStyle = palette.ideal;
  ctx.fillRect(0, top, width, y(lanes.rateIdeal.min * 10) - top);
  ctx.strokeStyle = palette.idealLine;
  ctx.lineWidth = 1.75;
  ctx.lineJoin = 'round';
  strokeSeries(ctx, visiblePoints(lanes.rate, lanes.rateStep, view, width), y);
}

function drawPauses({ ctx, lanes, view, width, height, palette }: TDrawArgs): void {
  for (const [x, w] of visibleSpans(lanes.pauses, view, width)) {
    const seconds = (w / width) * (view.end - view.start);
    ctx.fillStyle = seconds >= LONG_PAUSE_SECONDS ? palette.longPause : palette.pause;
    ctx.fillRect(x, LABEL_SPACE, w, height - LABEL_SPACE - 3);
  }
}

function drawMarks({ ctx, lanes, view, width, height, palette }: TDrawArgs): void {
  const mid = LABEL_SPACE + (height - LABEL_SPACE) / 2;
  for (const m of lanes.marks) {
    const t = (m.from + m.to) / 2;
    if (t < view.start || t > view.end) continue;
    const x = timeToX(t, view, width);
    ctx.beginPath();
    if (m.kind === 'filler') {
      ctx.fillStyle = palette.filler;
      ctx.moveTo(x, mid + 5);
      ctx.lineTo(x - 5, mid - 4);
      ctx.lineTo(x + 5, mid - 4);
      ctx.closePath();
      ctx.fill();
    } else if (m.kind === 'word') {
      ctx.fillStyle = palette.word;
      ctx.arc(x, mid, 4, 0, Math.PI * 2);
      ctx.fill();
    } else {
      // A rising phrase end: an upward arrow.
      ctx.strokeStyle = palette.upspeak;
      ctx.lineWidth = 2;
      ctx.moveTo(x, mid + 6);
      ctx.lineTo(x, mid - 6);
      ctx.moveTo(x - 4, mid - 2);
      ctx.lineTo(x, mid - 6);
      ctx.lineTo(x + 4, mid - 2);
      ctx.stroke();
    }
  }
}
