import { Play } from 'lucide-react';
import type { TMetricKey, TResults, TSpan, TTips } from '@rostrum/contract';
import { useWaveform } from '../../components/waveform/waveform-context';
import { focusOn } from './next-steps';
import './focus-on.css';

/** Where a tip's moments are: its metric's hot spots; filler words are word spotting's. */
function momentsOf(results: TResults, key: string | null): readonly TSpan[] {
  if (!key) return [];
  const metric = (key === 'fillerWords' ? 'wordSpotting' : key) as TMetricKey;
  return results.timestamped.metrics[metric]?.hotSpots ?? [];
}

/**
 * "Focus on": the three most useful fixes, the top Next Steps tips, at the top of the results
 * (issue 41). Each one with moments plays its first moment and marks them all on the waveform.
 * The full list stays in the Next Steps tab.
 */
export function FocusOn({ tips, results, onShowNextSteps }: { tips: TTips; results?: TResults; onShowNextSteps?: () => void }) {
  const controller = useWaveform();
  const items = focusOn(tips);
  if (!items.length) return null;
  return (
    <section className="focus-on" aria-labelledby="focus-on-title" data-testid="focus-on">
      <div className="focus-on__head">
        <h2 id="focus-on-title" className="section-title">
          Focus on
        </h2>
        {onShowNextSteps && (
          <button type="button" className="link-btn no-print" onClick={onShowNextSteps}>
            All Next Steps
          </button>
        )}
      </div>
      <ol className="focus-on__list">
        {items.map((f) => {
          const moments = results && controller ? momentsOf(results, f.key) : [];
          const first = moments[0];
          return (
            <li key={f.tip}>
              <span>
                {f.title && <strong className="focus-on__metric">{f.title}: </strong>}
                {f.tip}
              </span>
              {first && f.key && (
                <button
                  type="button"
                  className="link-btn focus-on__play no-print"
                  onClick={() => {
                    controller?.clearHighlight();
                    controller?.toggleHighlight(`focus-${f.key}`, moments);
                    // A moment is often a word or two: play it with a little before and after.
                    controller?.playSpan(Math.max(0, first.from - 0.5), Math.max(first.to + 0.5, first.from + 3));
                  }}
                  aria-label={`Play the moment: ${f.title ?? f.tip}`}
                >
                  <Play size={12} aria-hidden /> <span className="focus-on__play-text">Play the moment</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
