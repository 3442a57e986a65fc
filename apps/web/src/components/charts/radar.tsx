import { polar } from './geometry';

export const RADAR_RINGS = [2, 4, 6, 8, 10] as const;

const C = 130;
const R = 88;

/** A radar of vibe scores (0-10) with rings at 2, 4, 6, 8 and 10; the table after it is its text alternative. */
export function Radar({
  title,
  scores,
  tone,
}: {
  title: string;
  scores: ReadonlyArray<{ name: string; score: number }>;
  tone: 'positive' | 'negative';
}) {
  const n = scores.length;
  const angle = (i: number) => -90 + (360 * i) / n;
  const ring = (v: number) =>
    scores
      .map((_, i) => polar(C, C, (R * v) / 10, angle(i)))
      .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
      .join(' ');
  const shape = scores
    .map((s, i) => polar(C, C, (R * Math.min(10, Math.max(0, s.score))) / 10, angle(i)))
    .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
  return (
    <div className={`radar radar--${tone}`}>
      <svg viewBox="-34 0 328 260" role="img" aria-label={`${title} radar chart, scores 0 to 10; values in the table that follows`}>
        {RADAR_RINGS.map((v) => (
          <polygon key={v} className="radar__ring" points={ring(v)} />
        ))}
        {scores.map((s, i) => {
          const end = polar(C, C, R, angle(i));
          return <line key={s.name} className="radar__spoke" x1={C} y1={C} x2={end.x} y2={end.y} />;
        })}
        {RADAR_RINGS.map((v) => {
          const p = polar(C, C, (R * v) / 10, -90);
          return (
            <text key={v} className="radar__ring-label" x={p.x + 3} y={p.y + 3} aria-hidden>
              {v}
            </text>
          );
        })}
        <polygon className="radar__shape" points={shape} />
        {scores.map((s, i) => {
          const p = polar(C, C, (R * Math.min(10, Math.max(0, s.score))) / 10, angle(i));
          return <circle key={s.name} className="radar__dot" cx={p.x} cy={p.y} r="2.5" />;
        })}
        {scores.map((s, i) => {
          const a = angle(i);
          const p = polar(C, C, R + 14, a);
          const cos = Math.cos((a * Math.PI) / 180);
          const anchor = Math.abs(cos) < 0.2 ? 'middle' : cos > 0 ? 'start' : 'end';
          return (
            <text key={s.name} className="radar__label" x={p.x} y={p.y + 4} textAnchor={anchor} aria-hidden>
              {s.name}
            </text>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Vibe</th>
            <th scope="col">Score (0-10)</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((s) => (
            <tr key={s.name}>
              <td>{s.name}</td>
              <td>{s.score.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
