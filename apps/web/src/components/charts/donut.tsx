import { arcPath } from './geometry';
import './donut.css';

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--chart-6)'];

/** Word spotting: each phrase's share of the spotted words, with a legend that doubles as the text alternative. */
export function Donut({ title, counts }: { title: string; counts: ReadonlyArray<[string, number]> }) {
  const total = counts.reduce((n, [, c]) => n + c, 0);
  let at = -90;
  // Each phrase keeps the colour of its place in the list, so its arc and legend entry match
  // whatever comes before it at zero.
  const parts = counts.flatMap(([phrase, c], i) => {
    if (c <= 0) return [];
    const from = at;
    at += (360 * c) / total;
    return [{ phrase, c, from, to: at, color: COLORS[i % COLORS.length]! }];
  });
  const label = `${title}: ${total} spotted ${total === 1 ? 'word' : 'words'}${counts.length ? `; ${counts.map(([p, c]) => `${p} ${c}`).join(', ')}` : ''}`;
  return (
    <div className="donut">
      <svg viewBox="0 0 120 120" role="img" aria-label={label}>
        <circle className="donut__track" cx="60" cy="60" r="44" />
        {parts.length === 1 ? (
          <circle cx="60" cy="60" r="44" fill="none" stroke={parts[0]!.color} strokeWidth="16" />
        ) : (
          parts.map((p) => (
            <path key={p.phrase} d={arcPath(60, 60, 44, p.from + 0.6, p.to - 0.6)} stroke={p.color} className="donut__part" />
          ))
        )}
        <text className="donut__total" x="60" y="64" textAnchor="middle" aria-hidden>
          {total}
        </text>
        <text className="donut__caption" x="60" y="80" textAnchor="middle" aria-hidden>
          spotted
        </text>
      </svg>
      <ul className="donut__legend" aria-hidden>
        {counts.length === 0 && <li className="muted">No phrases to spot</li>}
        {counts.map(([phrase, c], i) => (
          <li key={phrase}>
            <span className="donut__swatch" style={{ background: c > 0 ? COLORS[i % COLORS.length] : 'var(--color-grey-200)' }} />
            <span className="donut__phrase">{phrase}</span>
            <span className="donut__count">{c}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
