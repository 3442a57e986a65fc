import { useId, type ReactNode } from 'react';
import './checkbox.css';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  required?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  name?: string;
  /** The id of a note outside the label that describes the box. */
  describedBy?: string;
}

export function Checkbox({ checked, onCheckedChange, children, required, invalid, disabled, name, describedBy }: CheckboxProps) {
  const id = useId();
  return (
    <label className="checkbox" htmlFor={id}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <span>
        {children}
        {required && (
          <span className="checkbox__required" aria-hidden>
            *
          </span>
        )}
      </span>
    </label>
  );
}
