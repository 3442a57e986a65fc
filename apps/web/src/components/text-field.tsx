import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldFrameProps } from './field';

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id' | 'className'> {
  value: string;
  onValueChange?: (value: string) => void;
  /** Marks the field invalid without a message (error style only). */
  invalid?: boolean;
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  hint,
  error,
  invalid,
  optional,
  id,
  className,
  value,
  onValueChange,
  mono,
  ref,
  ...rest
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} invalid={invalid} optional={optional} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={['input', mono && 'input--mono'].filter(Boolean).join(' ')}
          value={value}
          onChange={(e) => onValueChange?.(e.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}
