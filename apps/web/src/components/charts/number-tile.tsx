import './number-tile.css';

/** A counted metric (conversation switches, questions) with its ideal range. */
export function NumberTile({
  title,
  value,
  unit,
  idealText,
  tone,
}: {
  title: string;
  value: string;
  unit?: string;
  idealText?: string;
  tone?: 'ideal' | 'off';
}) {
  return (
    <div className="number-tile" role="img" aria-label={`${title}: ${value}${unit ? ` ${unit}` : ''}${idealText ? `; ${idealText}` : ''}`}>
      <span className="number-tile__value" aria-hidden>
        {value}
      </span>
      {unit && (
        <span className="number-tile__unit" aria-hidden>
          {unit}
        </span>
      )}
      {idealText && (
        <span className={`number-tile__ideal number-tile__ideal--${tone ?? 'ideal'}`} aria-hidden>
          {idealText}
        </span>
      )}
    </div>
  );
}
