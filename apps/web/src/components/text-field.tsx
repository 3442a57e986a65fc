import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { AlertCircle } from 'lucide-react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  /** A message shown under the field; marks the input aria-invalid. */
  error?: ReactNode;
  /** Marks the field invalid without a message (error style only). */
  invalid?: boolean;
  optional?: boolean;
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  invalid,
  optional,
  mono,
  ref,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={['input', mono && 'input--mono'].filter(Boolean).join(' ')}
        value={value}
        onChange={(e) => onValueChange?.(e.target.value)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <AlertCircle size={14} aria-hidden />
          {error}
        </p>
      )}
    </div>
  );
}
