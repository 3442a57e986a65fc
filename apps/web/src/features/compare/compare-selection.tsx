import { useId } from 'react';
import { GitCompare } from 'lucide-react';
import { COMPARE_LIMITS, compareHref } from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import './compare-selection.css';

export const COMPARE_HINT = `Select ${COMPARE_LIMITS.min} to ${COMPARE_LIMITS.max} analysed recordings to compare them.`;

/** Whether this many selected recordings can be compared (issue 20: two to four). */
export function canCompare(count: number): boolean {
  return count >= COMPARE_LIMITS.min && count <= COMPARE_LIMITS.max;
}

/** A recordings list's Compare button: to /compare with the selected recordings, disabled with a hint outside 2 to 4. */
export function CompareSelection({ selected }: { selected: readonly string[] }) {
  const hintId = useId();
  const ok = canCompare(selected.length);
  const label = selected.length ? `Compare (${selected.length})` : 'Compare';
  return (
    <div className="compare-selection">
      {ok ? (
        <ButtonLink
          to={compareHref(selected)}
          variant="secondary"
          icon={<GitCompare size={16} aria-hidden />}
          data-testid="compare-selected"
        >
          {label}
        </ButtonLink>
      ) : (
        <Button
          variant="secondary"
          icon={<GitCompare size={16} aria-hidden />}
          disabled
          aria-describedby={hintId}
          data-testid="compare-selected"
        >
          {label}
        </Button>
      )}
      <p id={hintId} className="compare-selection__hint subtle" aria-live="polite">
        {ok ? `${selected.length} recordings selected.` : COMPARE_HINT}
      </p>
    </div>
  );
}

/** The selection after a click: added or removed, never more than the limit allows beyond it (the button then says why). */
export function toggleSelected(selected: readonly string[], id: string, on: boolean): string[] {
  return on ? (selected.includes(id) ? [...selected] : [...selected, id]) : selected.filter((x) => x !== id);
}
