import { useId } from 'react';
import { gaugeAngle, type TIdeal } from '@rostrum/contract';
import { arcPath, polar } from './geometry';
import './gauge.css';

export interface GaugeProps {
  title: string;
  value: number | null;
  ideal: TIdeal | undefined;
  /** The value as read out ("4.5 syllables per second"). */
  valueText: string;
  /** The judgement ("Ideal", "Too fast", "Some"). */
  verdict: string | null;
  tone: 'ideal' | 'off';
  zoneLabels: [string, string, string];
}

/** A half-circle gauge: below ideal 0-60 degrees, ideal 60-120, above 120-180 (001 section 4). */
export function Gauge({ title, value, ideal, valueText, verdict, tone, zoneLabels }: GaugeProps) {
  const id = useId();
  const angle = value != null && ideal ? gaugeAngle(value, ideal) : null;
  const tip = angle == null ? null : polar(80, 84, 56, 180 + angle);
  const label = value == null ? `${title}: not available` : `${title}: ${valueText}${verdict ? `, ${verdict}` : ''}`;
  return (
    <div className="gauge">
      <svg viewBox="-14 0 188 104" role="img" aria-label={label} aria-describedby={`${id}-d`}>
        <desc id={`${id}-d`}>
          {ideal ? `Ideal range ${ideal.idealMin} to ${ideal.idealMax}, scale ${ideal.min} to ${ideal.max}.` : 'No ideal range.'}
        </desc>
        <path className="gauge__zone gauge__zone--low" d={arcPath(80, 84, 64, 180, 238)} />
        <path className="gauge__zone gauge__zone--ideal" d={arcPath(80, 84, 64, 242, 298)} />
        <path className="gauge__zone gauge__zone--high" d={arcPath(80, 84, 64, 302, 360)} />
        {tip && (
          <g className="gauge__needle">
            <line x1="80" y1="84" x2={tip.x.toFixed(2)} y2={tip.y.toFixed(2)} />
            <circle cx="80" cy="84" r="6" />
          </g>
        )}
        <text className="gauge__end" x="-12" y="102" textAnchor="start" aria-hidden>
          {zoneLabels[0]}
        </text>
        <text className="gauge__end" x="172" y="102" textAnchor="end" aria-hidden>
          {zoneLabels[2]}
        </text>
      </svg>
      <p className="gauge__value" aria-hidden>
        {value == null ? '—' : valueText}
      </p>
      {verdict && (
        <p className={`gauge__verdict gauge__verdict--${tone}`} aria-hidden>
          {verdict}
        </p>
      )}
    </div>
  );
}
