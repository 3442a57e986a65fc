import { polar } from './geometry';
import './radar.css';

export const RADAR_RINGS = [2, 4, 6, 8, 10] as const;

const C = 130;
const R = 88;

type TRadarScores = ReadonlyArray<{ name: string; score: number }>;

/** One shape of an overlaid radar (a take on the compare page): its legend label and its scores, in the same vibe order. */
export interface TRadarSeries {
  /** Unique among the series (labels may repeat: two takes can share a title). */
  id: string;
  label: string;
  scores: TRadarScores;
}

/** Most series an overlaid radar draws: each has its own colour and line pattern (series-0 to series-3 in CSS). */
export const RADAR_MAX_SERIES = 4;

const clampScore = (v: number) => Math.min(10, Math.max(0, v));

/**
 * A radar of vibe scores (0-10) with rings at 2, 4, 6, 8 and 10; the table after it is its text
 * alternative. With `series` it overlays 2 to 4 shapes, told apart by colour and line pattern, with
 * a legend, and the table has a column per series.
 */
export function Radar({
  title,
  scores,
  series,
  tone,
}: {
  title: string;
  tone: 'positive' | 'negative';
} & ({ scores: TRadarScores; series?: undefined } | { scores?: undefined; series: readonly TRadarSeries[] })) {
  const overlaid = series !== undefined;
  const shapes: readonly TRadarSeries[] = series
    ? series.slice(0, RADAR_MAX_SERIES)
    : [{ id: 'scores', label: title, scores: scores ?? [] }];
  const axes = shapes[0]?.scores ?? [];
  const n = axes.length;
  const angle = (i: number) => -90 + (360 * i) / n;
  const points = (values: readonly number[]) =>
    values
      .map((v, i) => polar(C, C, (R * clampScore(v)) / 10, angle(i)))
      .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
      .join(' ');
  const scoreOf = (s: TRadarSeries, name: string) => s.scores.find((x) => x.name === name)?.score ?? 0;
  return (
    <div className={`radar radar--${tone}${overlaid ? ' radar--overlaid' : ''}`}>
      <svg viewBox="-34 0 328 260" role="img" aria-label={`${title} radar chart, scores 0 to 10; values in the table that follows`}>
        {RADAR_RINGS.map((v) => (
          <polygon key={v} className="radar__ring" points={points(axes.map(() => v))} />
        ))}
        {axes.map((s, i) => {
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
        {shapes.map((shape, k) => (
          <g key={shape.id} className={overlaid ? `radar__series radar__series--${k}` : undefined} data-testid="radar-shape">
            <polygon className="radar__shape" points={points(axes.map((a) => scoreOf(shape, a.name)))} />
            {axes.map((a, i) => {
              const p = polar(C, C, (R * clampScore(scoreOf(shape, a.name))) / 10, angle(i));
              return <circle key={a.name} className="radar__dot" cx={p.x} cy={p.y} r="2.5" />;
            })}
          </g>
        ))}
        {axes.map((s, i) => {
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
      {overlaid && (
        <ul className="radar__legend" aria-label={`${title} legend`} data-testid="radar-legend">
          {shapes.map((shape, k) => (
            <li key={shape.id} className={`radar__legend-item radar__series--${k}`}>
              <svg width="28" height="10" aria-hidden>
                <line x1="1" y1="5" x2="27" y2="5" className="radar__legend-line" />
              </svg>
              {shape.label}
            </li>
          ))}
        </ul>
      )}
      {/* The box is hidden, not the table: a table ignores the 1 px width and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Vibe</th>
              {overlaid ? (
                shapes.map((s) => (
                  <th key={s.id} scope="col">
                    {s.label} (0-10)
                  </th>
                ))
              ) : (
                <th scope="col">Score (0-10)</th>
              )}
            </tr>
          </thead>
          <tbody>
            {axes.map((a) => (
              <tr key={a.name}>
                <td>{a.name}</td>
                {shapes.map((s) => (
                  <td key={s.id}>{scoreOf(s, a.name).toFixed(1)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
