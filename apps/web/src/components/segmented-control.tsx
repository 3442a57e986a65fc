import { useId } from 'react';
import './segmented-control.css';

/**
 * One choice among a few, as the project's segmented control (.segmented): a radio group, so the
 * arrow keys move between the options and the checked one is announced.
 */
export function SegmentedControl<T extends string>({
  label,
  values,
  labels,
  value,
  onChange,
  className,
}: {
  /** The group's accessible name. */
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={['segmented', className].filter(Boolean).join(' ')}>
      <legend className="visually-hidden">{label}</legend>
      {values.map((v) => (
        <label key={v} className="segmented__option">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          <span>{labels[v]}</span>
        </label>
      ))}
    </fieldset>
  );
}
