import { useId } from 'react';
import { arcPath, clamp, one } from './geometry';
import './dial.css';

const START = 150;
const SWEEP = 240;

export interface DialProps {
  title: string;
  value: number | null;
  max?: number;
  /** At or above this the value reads as good (ideals idealMin). */
  goodFrom?: number;
}

/** A 0-10 dial with the score to one decimal (001 section 9: dial default maximum 10). */
export function Dial({ title, value, max = 10, goodFrom = 7 }: DialProps) {
  const id = useId();
  const label = value == null ? `${title}: not available` : `${title}: ${one(value)} out of ${max}`;
  const v = value == null ? 0 : clamp(value, 0, max);
  const end = START + (SWEEP * v) / max;
  const tone = value == null ? 'none' : v >= goodFrom ? 'good' : v >= goodFrom - 2.5 ? 'fair' : 'low';
  return (
    <svg className={`dial dial--${tone}`} viewBox="0 0 160 130" role="img" aria-label={label} aria-describedby={`${id}-d`}>
      <desc id={`${id}-d`}>{`Scale 0 to ${max}; ${goodFrom} or more is in the ideal range.`}</desc>
      <path className="dial__track" d={arcPath(80, 78, 62, START, START + SWEEP)} />
      {v > 0 && <path className="dial__value" d={arcPath(80, 78, 62, START, Math.max(end, START + 0.5))} />}
      <text className="dial__number" x="80" y="86" textAnchor="middle" aria-hidden>
        {value == null ? '—' : one(value)}
      </text>
      <text className="dial__max" x="80" y="106" textAnchor="middle" aria-hidden>
        out of {max}
      </text>
    </svg>
  );
}
