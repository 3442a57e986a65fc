import { useId } from 'react';
import { formatTimer, varietyBarScore, VARIETY_SEGMENTS, type TSpan } from '@rostrum/contract';
import './variety-bars.css';

const H = 96;
const W = 220;
const BAND_LOW = 2;
const BAND_HIGH = 6;
const y = (score: number) => H - (score / 8) * H;

/** Variety over 20 segments: bar = 4 + spread clamped 0-8, the ideal band between 2 and 6. */
export function VarietyBars({ title, segments, summary }: { title: string; segments: readonly TSpan[]; summary: string }) {
  const id = useId();
  const n = Math.max(segments.length, 1);
  const slot = W / Math.max(n, VARIETY_SEGMENTS / 2);
  const bars = segments.map((s, i) => {
    const score = varietyBarScore(s.spread);
    const inBand = score >= BAND_LOW && score <= BAND_HIGH;
    return { s, i, score, inBand };
  });
  return (
    <figure className="variety">
      <svg viewBox={`0 0 ${W} ${H + 4}`} role="img" aria-label={`${title}: ${summary}`} aria-describedby={`${id}-d`}>
        <desc
          id={`${id}-d`}
        >{`${segments.length} segments; bars between the dashed lines are in the ideal band. Details in the table that follows.`}</desc>
        <rect className="variety__band" x="0" y={y(BAND_HIGH)} width={W} height={y(BAND_LOW) - y(BAND_HIGH)} />
        <line className="variety__band-edge" x1="0" x2={W} y1={y(BAND_HIGH)} y2={y(BAND_HIGH)} />
        <line className="variety__band-edge" x1="0" x2={W} y1={y(BAND_LOW)} y2={y(BAND_LOW)} />
        {bars.map((b) => (
          <rect
            key={b.i}
            className={b.inBand ? 'variety__bar' : 'variety__bar variety__bar--out'}
            x={b.i * slot + slot * 0.15}
            width={slot * 0.7}
            y={y(Math.max(b.score, 0.15))}
            height={H - y(Math.max(b.score, 0.15))}
            rx="2"
          />
        ))}
        <line className="variety__axis" x1="0" x2={W} y1={H} y2={H} />
      </svg>
      <table className="visually-hidden">
        <caption>{title} by segment</caption>
        <thead>
          <tr>
            <th scope="col">Segment</th>
            <th scope="col">Score (0-8)</th>
            <th scope="col">In band</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.i}>
              <td>{`${formatTimer(b.s.from)} to ${formatTimer(b.s.to)}`}</td>
              <td>{b.score.toFixed(1)}</td>
              <td>{b.inBand ? 'yes' : b.score < BAND_LOW ? 'below' : 'above'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="variety__summary">{summary}</figcaption>
    </figure>
  );
}
