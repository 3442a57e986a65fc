import { useId, type ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import './field.css';

/** The props every field of the family shares: its label, hint and error, around one control. */
export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** A message shown under the field; marks the control aria-invalid. */
  error?: ReactNode;
  optional?: boolean;
  id?: string;
  className?: string;
}

/** What the frame hands its control: the id the label points at and the aria wiring. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The design system's field: a label (with "(optional)"), one control, a hint and an error
 * message, wired together by ids. TextField, TextAreaField and SelectField are this frame around
 * their control. `invalid` marks the control invalid without a message.
 */
export function Field({
  label,
  hint,
  error,
  invalid,
  optional,
  id,
  className,
  children,
}: FieldFrameProps & { invalid?: boolean; children: (control: FieldControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
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
