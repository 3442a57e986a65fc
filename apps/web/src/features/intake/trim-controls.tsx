import { useId } from 'react';
import { Scissors } from 'lucide-react';
import { TRIM_LIMITS, formatTimer, normaliseEnd, trimEndChanged, trimStartChanged, trimmedDuration, type TTrim } from '@rostrum/contract';

/** Audio Clipping Controls: start and end sliders with the spec's coupling (at least 10 s kept). */
export function TrimControls({
  duration,
  trim,
  onChange,
  disabled,
}: {
  duration: number;
  trim: TTrim;
  onChange: (t: TTrim) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const max = Math.max(TRIM_LIMITS.minClip, Math.min(TRIM_LIMITS.maxEnd, Math.ceil(duration)));
  const end = Math.min(normaliseEnd(trim.to), max);
  const kept = trimmedDuration(duration, trim);
  return (
    <fieldset className="trim" disabled={disabled}>
      <legend className="trim__legend">
        <Scissors size={16} aria-hidden /> Audio Clipping Controls
      </legend>
      <p className="subtle">
        Analyse only part of the file. Keeps {formatTimer(kept)} of {formatTimer(duration)}.
      </p>
      <div className="trim__row">
        <label htmlFor={`${id}-start`}>Start</label>
        <input
          id={`${id}-start`}
          type="range"
          min={0}
          max={Math.max(0, Math.min(TRIM_LIMITS.maxStart, max - TRIM_LIMITS.minClip))}
          step={1}
          value={trim.from}
          aria-valuetext={formatTimer(trim.from)}
          onChange={(e) => {
            const next = trimStartChanged({ from: trim.from, to: end }, Number(e.target.value));
            onChange({ from: next.from, to: Math.min(next.to, max) });
          }}
        />
        <output htmlFor={`${id}-start`} className="trim__value">
          {formatTimer(trim.from)}
        </output>
      </div>
      <div className="trim__row">
        <label htmlFor={`${id}-end`}>End</label>
        <input
          id={`${id}-end`}
          type="range"
          min={TRIM_LIMITS.minClip}
          max={max}
          step={1}
          value={end}
          aria-valuetext={formatTimer(end)}
          onChange={(e) => onChange(trimEndChanged(trim, Number(e.target.value)))}
        />
        <output htmlFor={`${id}-end`} className="trim__value">
          {formatTimer(end)}
        </output>
      </div>
    </fieldset>
  );
}
