import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, type FieldFrameProps } from './field';
import './textarea-field.css';

export interface TextAreaFieldProps
  extends FieldFrameProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id' | 'className'> {
  value: string;
  onValueChange?: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field. */
export function TextAreaField({ label, hint, error, optional, id, className, value, onValueChange, ref, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} id={id} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          className="input textarea"
          value={value}
          onChange={(e) => onValueChange?.(e.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}
