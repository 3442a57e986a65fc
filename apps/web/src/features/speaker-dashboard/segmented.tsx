/** The project's segmented control (.segmented): a radio group that looks like a row of buttons. */
export function Segmented<T extends string>({
  label,
  name,
  values,
  labels,
  value,
  onChange,
  className,
}: {
  label: string;
  /** The radio group's name; unique on the page. */
  name: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className ? `segmented ${className}` : 'segmented'}>
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
