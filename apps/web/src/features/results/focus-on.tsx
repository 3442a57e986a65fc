import type { TTips } from '@rostrum/contract';
import { focusOn } from './next-steps';
import './focus-on.css';

/**
 * "Focus on": the top Next Steps tips right under the scores, so the actionable part is not
 * below twelve chart cards (issue 12 item 23). The full list stays in the Next Steps tab.
 */
export function FocusOn({ tips, onShowNextSteps }: { tips: TTips; onShowNextSteps?: () => void }) {
  const items = focusOn(tips);
  if (!items.length) return null;
  return (
    <section className="card focus-on" aria-labelledby="focus-on-title" data-testid="focus-on">
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
        {items.map((f) => (
          <li key={f.tip}>
            {f.title && <strong className="focus-on__metric">{f.title}: </strong>}
            {f.tip}
          </li>
        ))}
      </ol>
    </section>
  );
}
