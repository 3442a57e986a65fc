import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import type { TGlance } from './metric-glance';
import './metric-group.css';

/**
 * A folded group of metric cards (issue 41): its heading lists each metric's figure and whether it
 * is in its ideal band, so the page reads at a glance; the cards, their tooltips and their
 * waveform links open on demand. A native <details>: keyboard, screen readers and find-in-page
 * (which opens it) work as they do everywhere.
 */
export function MetricGroup({
  id,
  title,
  glances,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  glances: readonly TGlance[];
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details
      className="card metric-group"
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== open) onToggle(now);
      }}
      data-testid={`metric-group-${id}`}
    >
      <summary className="metric-group__summary">
        <ChevronRight className="metric-group__icon" size={18} aria-hidden />
        <h2 className="metric-group__title">{title}</h2>
        <ul className="metric-group__glance">
          {glances.map((g) => (
            <li key={g.key} className={`glance glance--${g.tone}`}>
              <span className="glance__label">{g.label}</span> <strong className="glance__value">{g.value}</strong>
              {g.tone !== 'plain' && (
                <span className="visually-hidden">{g.tone === 'ideal' ? ', in the ideal band' : ', outside the ideal band'}</span>
              )}
            </li>
          ))}
        </ul>
      </summary>
      <div className="metric-group__body">{children}</div>
    </details>
  );
}
