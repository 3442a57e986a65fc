import { useId, type ReactNode } from 'react';
import { PRIVACY_LEVEL_NAMES, type TPrivacyLevel } from '@rostrum/contract';

export interface PrivacyLevelFieldProps {
  legend: string;
  description: ReactNode;
  choices: readonly TPrivacyLevel[];
  effects: Partial<Record<TPrivacyLevel, string>>;
  value: TPrivacyLevel;
  onChange: (level: TPrivacyLevel) => void;
  /** Shown (and announced) when the other side's change moved this one. */
  coupledNote?: string | null;
}

/**
 * One side's privacy level as radio cards: the level's name and what it means (000 section 6).
 * Sharing Disabled (0) is the off state, not a level below Low (issue 41): it comes last, apart,
 * marked "Off" rather than numbered.
 */
export function PrivacyLevelField({ legend, description, choices, effects, value, onChange, coupledNote }: PrivacyLevelFieldProps) {
  const id = useId();
  const levels = choices.filter((level) => level !== 0);
  const offered = choices.includes(0);
  const option = (level: TPrivacyLevel) => (
    <label key={level} className={level === 0 ? 'privacy-option privacy-option--off' : 'privacy-option'}>
      <input
        type="radio"
        className="radio-dot"
        name={id}
        value={level}
        checked={value === level}
        onChange={() => onChange(level)}
        aria-labelledby={`${id}-${level}-name`}
        aria-describedby={`${id}-${level}`}
      />
      <span className="privacy-option__text">
        <span className="privacy-option__name" id={`${id}-${level}-name`}>
          {PRIVACY_LEVEL_NAMES[level]}
          <span className="privacy-option__level" aria-hidden>
            {level === 0 ? 'Off' : level}
          </span>
        </span>
        <span className="privacy-option__effect" id={`${id}-${level}`}>
          {effects[level]}
        </span>
      </span>
    </label>
  );
  return (
    <fieldset className="privacy-field">
      <legend className="privacy-field__legend">{legend}</legend>
      <p className="privacy-field__description">{description}</p>
      <div className="privacy-field__options">
        {levels.map(option)}
        {offered && (
          <>
            <p className="privacy-field__or" aria-hidden>
              Or turn sharing off
            </p>
            {option(0)}
          </>
        )}
      </div>
      <p className="privacy-field__coupled" role="status">
        {coupledNote}
      </p>
    </fieldset>
  );
}
