import { useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './line-chart.css';

// A line chart of one series as an SVG: y ticks at 0, 20, 40, 60, 80 and 100 percent of the range,
// an optional band per point (the ideal zone), x labels that may link somewhere, a tooltip per
// point on hover and on keyboard focus, an optional reference line (such as a group median), and a
// visually hidden table of the same data.

/** The drawing's aspect ratio (a 1100 by 700 canvas); narrow screens keep a minimum height. */
const BASE_WIDTH = 1100;
const BASE_HEIGHT = 700;
const MIN_HEIGHT = 280;
const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1] as const;

export interface LineChartPoint {
  id: string;
  /** The x label (and the tooltip heading). */
  label: string;
  /** Where the x label leads, inside the app. */
  href?: string;
  /** A second tooltip and table line, such as a date. */
  meta?: string;
  value: number;
  /** The band drawn behind the line at this point (the ideal zone). */
  band?: { low: number; high: number } | null;
}

export interface LineChartProps {
  /** The chart's accessible name and the hidden table's caption. */
  label: string;
  /** Name of the plotted value, for the tooltip and the table header. */
  seriesLabel: string;
  /** What the x labels are (table header). */
  categoryLabel?: string;
  bandLabel?: string;
  points: readonly LineChartPoint[];
  min: number;
  max: number;
  format?: (value: number) => string;
  /** The y axis's tick labels (0, 2, ... 10); the values' own `format` when not given. */
  tickFormat?: (value: number) => string;
  /** A horizontal dashed line across the plot, named in its title and the hidden table's caption. */
  reference?: { value: number; label: string } | null;
  /** Height over width of the drawing (small multiples draw flatter); at least `minHeight` px high. */
  aspect?: number;
  minHeight?: number;
}

const defaultFormat = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function truncate(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1)).trimEnd()}…`;
}

/** The container's width, followed as it resizes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(BASE_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

export function LineChart({
  label,
  seriesLabel,
  categoryLabel = 'Item',
  bandLabel = 'Ideal zone',
  points,
  min,
  max,
  format = defaultFormat,
  tickFormat = format,
  reference = null,
  aspect = BASE_HEIGHT / BASE_WIDTH,
  minHeight = MIN_HEIGHT,
}: LineChartProps) {
  const navigate = useNavigate();
  const tooltipId = useId();
  const [wrapRef, measured] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);

  const width = Math.max(280, measured);
  const height = Math.max(minHeight, Math.round(width * aspect));
  const compact = width < 600;
  const fontSize = compact ? 11 : 13;
  const n = points.length;

  const left = compact ? 44 : 64;
  const right = compact ? 12 : 28;
  const top = 20;
  const plotW = width - left - right;
  const slot = plotW / Math.max(1, n);
  // Labels sit flat while they have room; crowded ones turn and are cut short (full text on hover).
  const flat = slot >= (compact ? 72 : 120);
  const maxChars = flat ? Math.max(6, Math.floor(slot / (fontSize * 0.58))) : compact ? 12 : 22;
  const bottom = flat ? 44 : compact ? 78 : 128;
  const plotH = height - top - bottom;

  const span = max - min || 1;
  const xAt = (i: number) => left + slot * (i + 0.5);
  const yAt = (v: number) => top + plotH * (1 - (Math.min(max, Math.max(min, v)) - min) / span);

  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xAt(i).toFixed(1)},${yAt(p.value).toFixed(1)}`).join(' ');
  const hasBand = n > 0 && points.every((p) => p.band);
  let bandPath = '';
  if (hasBand) {
    const highs = points.map((p, i) => [xAt(i), yAt(p.band!.high)] as const);
    const lows = points.map((p, i) => [xAt(i), yAt(p.band!.low)] as const);
    const first = points[0]!.band!;
    const last = points[n - 1]!.band!;
    const upper = [[left, yAt(first.high)] as const, ...highs, [left + plotW, yAt(last.high)] as const];
    const lower = [[left + plotW, yAt(last.low)] as const, ...lows.reverse(), [left, yAt(first.low)] as const];
    bandPath = `${[...upper, ...lower].map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} Z`;
  }

  const go = (e: MouseEvent, href: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };

  const activePoint = active !== null ? points[active] : undefined;
  const tipX = active !== null ? xAt(active) / width : 0;
  const tipAlign = tipX < 0.2 ? 'start' : tipX > 0.8 ? 'end' : 'middle';

  return (
    <figure className="line-chart">
      <div className="line-chart__canvas" ref={wrapRef}>
        {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; the group names the chart around its focusable points. */}
        <svg
          className="line-chart__svg"
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          role="group"
          aria-label={label}
          style={{ aspectRatio: `${width} / ${height}`, fontSize }}
        >
          {TICKS.map((t) => {
            const y = top + plotH * (1 - t);
            return (
              <g key={t} className="line-chart__tick">
                <line x1={left} x2={left + plotW} y1={y} y2={y} className={t === 0 ? 'line-chart__axis' : 'line-chart__grid'} />
                <text x={left - 10} y={y} dy="0.32em" textAnchor="end" className="line-chart__tick-label">
                  {tickFormat(min + span * t)}
                </text>
              </g>
            );
          })}
          {hasBand && (
            <path d={bandPath} className="line-chart__band" data-testid="line-chart-band">
              <title>{bandLabel}</title>
            </path>
          )}
          {reference && (
            <line
              x1={left}
              x2={left + plotW}
              y1={yAt(reference.value)}
              y2={yAt(reference.value)}
              className="line-chart__reference"
              data-testid="line-chart-reference"
            >
              <title>{`${reference.label}: ${format(reference.value)}`}</title>
            </line>
          )}
          {n > 1 && <path d={line} className="line-chart__line" />}
          {points.map((p, i) => {
            const x = xAt(i);
            const text = truncate(p.label, maxChars);
            const labelY = top + plotH + (flat ? 24 : 18);
            const content = (
              <text
                x={x}
                y={labelY}
                textAnchor={flat ? 'middle' : 'end'}
                transform={flat ? undefined : `rotate(-38 ${x} ${labelY})`}
                className="line-chart__x-label"
              >
                {text}
              </text>
            );
            return (
              <g key={p.id}>
                {p.href ? (
                  <a href={p.href} onClick={(e) => go(e, p.href!)} aria-label={p.label} className="line-chart__x-link">
                    {content}
                  </a>
                ) : (
                  content
                )}
              </g>
            );
          })}
          {points.map((p, i) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a focusable data point; focus shows its tooltip and the img role reads out its value.
            <g
              key={p.id}
              className={['line-chart__point', active === i && 'line-chart__point--active'].filter(Boolean).join(' ')}
              data-testid="line-chart-point"
              tabIndex={0}
              role="img"
              aria-label={`${p.label}${p.meta ? `, ${p.meta}` : ''}: ${seriesLabel} ${format(p.value)}`}
              aria-describedby={active === i ? tooltipId : undefined}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive((a) => (a === i ? null : a))}
              onFocus={() => setActive(i)}
              onBlur={() => setActive((a) => (a === i ? null : a))}
              onKeyDown={(e) => e.key === 'Escape' && setActive(null)}
            >
              <circle cx={xAt(i)} cy={yAt(p.value)} r={18} className="line-chart__hit" />
              <circle cx={xAt(i)} cy={yAt(p.value)} r={compact ? 5 : 6} className="line-chart__dot" />
            </g>
          ))}
        </svg>
        {activePoint && active !== null && (
          <div
            id={tooltipId}
            role="tooltip"
            className={`line-chart__tooltip line-chart__tooltip--${tipAlign}`}
            data-testid="line-chart-tooltip"
            style={{ left: `${tipX * 100}%`, top: `${(yAt(activePoint.value) / height) * 100}%` }}
          >
            <span className="line-chart__tooltip-title">{activePoint.label}</span>
            {activePoint.meta && <span className="line-chart__tooltip-meta">{activePoint.meta}</span>}
            <span className="line-chart__tooltip-value">
              {seriesLabel}: <strong>{format(activePoint.value)}</strong>
            </span>
            {activePoint.band && (
              <span className="line-chart__tooltip-meta">
                {bandLabel}: {format(activePoint.band.low)} to {format(activePoint.band.high)}
              </span>
            )}
          </div>
        )}
      </div>
      {/* Wrapped: a table ignores the 1 px box of .visually-hidden and would widen the page. */}
      <div className="visually-hidden">
        <table data-testid="line-chart-table">
          <caption>
            {label}
            {reference ? `. ${reference.label}: ${format(reference.value)}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">{categoryLabel}</th>
              <th scope="col">{seriesLabel}</th>
              {hasBand && <th scope="col">{bandLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  {p.label}
                  {p.meta ? ` (${p.meta})` : ''}
                </th>
                <td>{format(p.value)}</td>
                {hasBand && (
                  <td>
                    {format(p.band!.low)} to {format(p.band!.high)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
