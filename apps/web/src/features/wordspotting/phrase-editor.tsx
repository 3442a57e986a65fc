import { useId, useRef, useState } from 'react';
import { Lock, X } from 'lucide-react';
import { WORDSPOTTING_MSG } from '@rostrum/contract';
import { AlertDialog } from '../../components/dialog';
import './wordspotting.css';
import { MAX_PHRASES, MAX_PHRASE_LENGTH, changeBox, clickBox, leaveBox, phrasesToSave, removeBox, type TBoxEdit } from './phrase-rules';

/**
 * The wordspotting phrase editor (002 section 5): one box per phrase, "uh/um" first and always
 * kept (the spec's alert when it is cleared or removed), an empty box at the end, at most 25.
 * Controlled: the parent keeps the boxes (initialBoxes) and saves phrasesToSave(boxes).
 */
export function PhraseEditor({
  boxes,
  onBoxesChange,
  label = 'Phrases',
  hint,
  disabled,
}: {
  boxes: string[];
  onBoxesChange: (boxes: string[]) => void;
  label?: string;
  hint?: string;
  disabled?: boolean;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const hintId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const apply = (edit: TBoxEdit) => {
    onBoxesChange(edit.boxes);
    if (edit.fillerRestored) setAlert(WORDSPOTTING_MSG.fillerRestored);
  };
  const count = phrasesToSave(boxes).length;
  return (
    <fieldset className="phrase-editor" disabled={disabled} aria-describedby={hintId}>
      <legend className="phrase-editor__legend">{label}</legend>
      <p className="phrase-editor__hint" id={hintId}>
        {hint ?? `One word or phrase per box, at most ${MAX_PHRASE_LENGTH} characters each. Empty boxes are ignored.`}{' '}
        <span className="phrase-editor__count" aria-live="polite">
          {count} of {MAX_PHRASES} phrases
        </span>
      </p>
      <ol className="phrase-editor__list">
        {boxes.map((value, i) => {
          const filler = i === 0;
          return (
            // Boxes have no identity of their own beyond their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the box
            <li key={i} className={['phrase-editor__row', filler && 'phrase-editor__row--filler'].filter(Boolean).join(' ')}>
              <span className="phrase-editor__number" aria-hidden>
                {i + 1}
              </span>
              <input
                ref={(el) => {
                  inputs.current[i] = el;
                }}
                className="input phrase-editor__input"
                aria-label={`Phrase ${i + 1}`}
                value={value}
                maxLength={MAX_PHRASE_LENGTH}
                autoComplete="off"
                spellCheck={false}
                placeholder={i === boxes.length - 1 ? 'Add a word or phrase' : undefined}
                onChange={(e) => apply(changeBox(boxes, i, e.target.value))}
                onBlur={() => apply(leaveBox(boxes, i))}
                onClick={() => {
                  const next = clickBox(boxes, i);
                  if (next.length !== boxes.length) onBoxesChange(next);
                }}
              />
              {filler && (
                <span className="phrase-editor__lock" title="Always counted">
                  <Lock size={14} aria-hidden />
                  <span className="phrase-editor__lock-text">Always counted</span>
                </span>
              )}
              <button
                type="button"
                className="btn btn--ghost btn--sm phrase-editor__remove"
                aria-label={`Remove phrase ${i + 1}`}
                onClick={() => {
                  apply(removeBox(boxes, i));
                  // Keep the keyboard where it was: on the box that took this one's place.
                  if (i > 0) window.requestAnimationFrame(() => inputs.current[Math.min(i, boxes.length - 2)]?.focus());
                }}
              >
                <X size={16} aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {boxes.length >= MAX_PHRASES && <p className="phrase-editor__hint">You have reached the limit of {MAX_PHRASES} phrases.</p>}
      <AlertDialog message={alert} onClose={() => setAlert(null)} />
    </fieldset>
  );
}
