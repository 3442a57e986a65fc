import {
  idealText,
  type TRecording,
  type TResults,
  type TSpeakerScores,
  VIBE_SCORE_CAPTION,
  verdict,
  vibeScoreText,
} from '@rostrum/contract';
import type { TTake } from '../compare/compare-takes';
import { FocusOn } from './focus-on';
import { VibeChange } from './take-changes';
import './take-summary.css';

/** What the band says of a Vibe score, in words (never colour alone). */
function bandText(results: TResults, s: TSpeakerScores): string | null {
  const ideal = results.ideals.overall;
  const v = verdict('overall', s.overall ?? null, ideal);
  if (!v || !ideal) return null;
  const range = idealText('overall', ideal);
  return v.band === 'ideal'
    ? `In the ideal band (${range})`
    : v.band === 'low'
      ? `Below the ideal band (${range})`
      : `Above the ideal band (${range})`;
}

/**
 * The top of the results (issue 41): the Vibe score with what its band says and, once there is a
 * previous take, its change; the three things to work on (each with its moment on the waveform).
 * The scores that moved since the previous take follow the player (take-changes.tsx).
 * Conversations have no Vibe score: their summary is what to work on.
 */
export function TakeSummary({
  recording,
  results,
  scores,
  ownerView,
  previousTakeId,
  onShowNextSteps,
}: {
  recording?: TRecording;
  results: TResults;
  scores: TSpeakerScores;
  ownerView: boolean;
  previousTakeId?: string | null;
  onShowNextSteps?: () => void;
}) {
  const conv = results.isConversational;
  const band = conv ? null : bandText(results, scores);
  const take: TTake | null = recording ? { recording, results, scores } : null;
  return (
    <section className="card take-summary" aria-label="Summary of this take" data-testid="take-summary">
      <div className="take-summary__top">
        {!conv && (
          <div className="take-summary__score" data-testid="take-summary-score">
            <p className="eyebrow">Vibe score</p>
            <p className="take-summary__value">
              <span className="take-summary__number">{vibeScoreText(scores.overall)}</span>
              <span className="take-summary__of"> out of 10</span>
            </p>
            <p className="take-summary__caption">Vocal Delivery, {VIBE_SCORE_CAPTION}</p>
            {band && <p className="take-summary__band">{band}</p>}
            {ownerView && take && previousTakeId && <VibeChange previousId={previousTakeId} take={take} />}
          </div>
        )}
        {ownerView && <FocusOn tips={results.tips} results={results} onShowNextSteps={onShowNextSteps} />}
      </div>
    </section>
  );
}
