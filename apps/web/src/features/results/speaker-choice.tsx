import { useId } from 'react';
import { SPEAKER_NAMES } from '@rostrum/contract';
import { SPEAKER_COLORS } from '../../components/waveform/waveform-controller';
import './speaker-choice.css';

export interface SpeakerChoiceProps {
  numSpeakers: number;
  selected: number;
  onSelect: (speaker: number) => void;
  /** The owner's speaker (speakerNum); null when the owner has released their claim. */
  ownerSpeaker: number | null;
  /** The owner may claim or release a speaker (PUT recordings/{id}/speaker). */
  canClaim: boolean;
  onClaim: (speaker: number) => void;
  onRelease: () => void;
  claiming?: boolean;
}

/**
 * Whose results the page shows in a conversation (labels ONE to FIVE), with the lanes' colours and
 * the speaker-identification link (001 section 6): the owner claims the selected speaker, or
 * releases the speaker they claimed.
 */
export function SpeakerChoice({
  numSpeakers,
  selected,
  onSelect,
  ownerSpeaker,
  canClaim,
  onClaim,
  onRelease,
  claiming,
}: SpeakerChoiceProps) {
  const name = useId();
  const speakers = Array.from({ length: numSpeakers }, (_, i) => i + 1);
  return (
    <div className="speaker-choice">
      <fieldset className="speaker-choice__set">
        <legend className="speaker-choice__legend">Show results for speaker</legend>
        <div className="speaker-choice__options">
          {speakers.map((n) => (
            <label key={n} className="speaker-choice__option">
              <input type="radio" name={name} value={n} checked={selected === n} onChange={() => onSelect(n)} />
              <span
                className="speaker-choice__swatch"
                style={{ background: SPEAKER_COLORS[(n - 1) % SPEAKER_COLORS.length] }}
                aria-hidden
              />
              <span>{SPEAKER_NAMES[n - 1]}</span>
              {n === ownerSpeaker && <span className="speaker-choice__you">(you)</span>}
            </label>
          ))}
        </div>
      </fieldset>
      {canClaim && (
        <p className="speaker-choice__mine" data-testid="owner-speaker" role="status">
          {ownerSpeaker === null ? 'You have not said which speaker you are.' : `You are speaker ${SPEAKER_NAMES[ownerSpeaker - 1]}.`}
        </p>
      )}
      {canClaim &&
        (selected === ownerSpeaker ? (
          <button type="button" className="link-btn" onClick={onRelease} disabled={claiming}>
            I am not speaker {SPEAKER_NAMES[selected - 1]}
          </button>
        ) : (
          <button type="button" className="link-btn" onClick={() => onClaim(selected)} disabled={claiming}>
            I am speaker {SPEAKER_NAMES[selected - 1]}
          </button>
        ))}
    </div>
  );
}
