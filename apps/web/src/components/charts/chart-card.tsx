import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Highlighter, Info } from 'lucide-react';
import './chart-card.css';

export const TOOLTIP_DELAY_MS = 500;

export interface ChartCardProps {
  title: string;
  /** The chart (SVG with its own text alternative). */
  children: ReactNode;
  /** Tips shown in the tooltip (tips.byMetric). */
  tips?: readonly string[];
  /** Number of moments the highlight link marks on the waveform; no link when 0 or undefined. */
  highlightCount?: number;
  highlighted?: boolean;
  onHighlight?: () => void;
  footer?: ReactNode;
  /** A line under the title naming the score another way ("your Vibe score"). */
  subtitle?: string;
  /** What the chart's axes or scale mean, with units ("Scale 0-10; ideal 7-10 out of 10"). */
  caption?: string;
  className?: string;
  testId?: string;
}

/** A chart's frame: title, a tooltip with the metric's tips (hover or keyboard focus) and the waveform highlight link. */
export function ChartCard({
  title,
  children,
  tips,
  highlightCount,
  highlighted,
  onHighlight,
  footer,
  subtitle,
  caption,
  className,
  testId,
}: ChartCardProps) {
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };
  const hasTips = !!tips && tips.length > 0;
  return (
    <article className={['chart-card', highlighted && 'chart-card--highlighted', className].filter(Boolean).join(' ')} data-testid={testId}>
      <header className="chart-card__header">
        <div className="chart-card__heading">
          <h3 className="chart-card__title">{title}</h3>
          {subtitle && <p className="chart-card__subtitle">{subtitle}</p>}
        </div>
        {hasTips && (
          // biome-ignore lint/a11y/noStaticElementInteractions: pointer hover over the button and its bubble keeps the tooltip open (WCAG 1.4.13); keyboard users get it from the button's focus.
          <span className="chart-tip" onMouseEnter={() => show(TOOLTIP_DELAY_MS)} onMouseLeave={hide}>
            <button
              type="button"
              className="chart-tip__trigger"
              aria-label={`Tips for ${title}`}
              aria-describedby={tipId}
              aria-expanded={open}
              onFocus={() => show(0)}
              onBlur={hide}
              onClick={() => setOpen((o) => !o)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') hide();
              }}
            >
              <Info size={16} aria-hidden />
            </button>
            <span role="tooltip" id={tipId} className="chart-tip__bubble" hidden={!open}>
              {tips!.map((t) => (
                <span key={t} className="chart-tip__line">
                  {t}
                </span>
              ))}
            </span>
          </span>
        )}
      </header>
      <div className="chart-card__body">{children}</div>
      {caption && <p className="chart-card__caption">{caption}</p>}
      {(footer || (onHighlight && highlightCount)) && (
        <footer className="chart-card__footer">
          {footer}
          {onHighlight && !!highlightCount && (
            <button
              type="button"
              className={['link-btn', highlighted && 'link-btn--active'].filter(Boolean).join(' ')}
              aria-pressed={!!highlighted}
              onClick={onHighlight}
            >
              <Highlighter size={14} aria-hidden />
              {highlighted ? 'Hide highlights' : 'Highlight on waveform'}
              <span className="visually-hidden">: {title}</span>
            </button>
          )}
        </footer>
      )}
    </article>
  );
}
