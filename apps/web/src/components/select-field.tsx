import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, type FieldFrameProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'id' | 'className'> {
  value: string;
  options: ReadonlyArray<SelectOption>;
  onValueChange?: (value: string) => void;
  /** Text of an empty first option. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  hint,
  error,
  optional,
  id,
  className,
  value,
  options,
  onValueChange,
  placeholder,
  ref,
  ...rest
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} id={id} className={className}>
      {(control) => (
        <select ref={ref} {...control} className="select" value={value} onChange={(e) => onValueChange?.(e.target.value)} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
