import type { ReactNode } from 'react';
import './stat-tiles.css';

export interface TStatTile {
  icon: ReactNode;
  label: string;
  /** Undefined while loading: a placeholder shows. */
  value: number | undefined;
}

/** A row of headline numbers (the dashboards' four stats): two per row below 992 px. */
export function StatTiles({ label, items }: { label: string; items: TStatTile[] }) {
  const loading = items.some((i) => i.value === undefined);
  return (
    <section className="stat-tiles" aria-label={label} aria-busy={loading || undefined}>
      {items.map((i) => (
        <div key={i.label} className="stat-tile" data-testid="stat-tile">
          <span className="icon-tile stat-tile__icon">{i.icon}</span>
          <dl className="stat-tile__text">
            <dt className="stat-tile__label">{i.label}</dt>
            <dd className="stat-tile__value">
              {i.value ?? <span className="stat-tile__placeholder" role="img" aria-label="Loading..." />}
            </dd>
          </dl>
        </div>
      ))}
    </section>
  );
}
