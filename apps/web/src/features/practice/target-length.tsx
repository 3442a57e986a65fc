import { formatTimer, suggestedLengthText } from '@rostrum/contract';
import './practice.css';

/** Where a take stands against the prompt's suggested length. */
export function targetLengthStage(elapsed: number, target: number): 'early' | 'near' | 'reached' | 'over' {
  const share = elapsed / target;
  if (share >= 1.25) return 'over';
  if (share >= 1) return 'reached';
  if (share >= 0.8) return 'near';
  return 'early';
}

const STAGE_TEXT = {
  early: '',
  near: 'Nearly there: start your close',
  reached: 'Suggested length reached: finish your sentence',
  over: 'Past the suggested length: wrap up now',
} as const;

/**
 * While recording a practice prompt: the time against the suggested length, as a bar that fills
 * up to the target and a line of text once the end is near (the text says it, not only the colour).
 */
export function TargetLength({ elapsed, target }: { elapsed: number; target: number }) {
  const stage = targetLengthStage(elapsed, target);
  const filled = Math.min(100, (elapsed / target) * 100);
  return (
    <div className={`target-length target-length--${stage}`} data-testid="target-length">
      {/* The native meter for assistive technology; the bar beside it is its picture. */}
      <meter
        className="visually-hidden"
        aria-label="Time against the suggested length"
        min={0}
        max={target}
        value={Math.min(elapsed, target)}
        aria-valuetext={`${formatTimer(elapsed)} of about ${suggestedLengthText(target)}`}
      />
      <div className="target-length__bar" aria-hidden>
        <span className="target-length__fill" style={{ width: `${filled}%` }} />
      </div>
      <p className="target-length__text">
        <span>Target about {suggestedLengthText(target)}</span>
        <span aria-live="polite">{STAGE_TEXT[stage]}</span>
      </p>
    </div>
  );
}
