import { useId, type ReactNode } from 'react';
import './switch.css';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/** An on/off switch (role="switch") with its label and an optional description. */
export function Switch({ checked, onCheckedChange, label, description, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch">
      <div className="switch__text">
        <span className="switch__label" id={`${id}-label`}>
          {label}
        </span>
        {description && (
          <span className="switch__description" id={`${id}-desc`}>
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch__control"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      />
    </div>
  );
}
