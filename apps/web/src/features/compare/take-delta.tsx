import { isEarlierTakeOf, type TRecordingSummary } from '@rostrum/contract';
import './compare-selection.css';

type TListed = Pick<
  TRecordingSummary,
  'recordingId' | 'title' | 'assignmentId' | 'practicePromptId' | 'createdDate' | 'overallScore' | 'processing' | 'failed'
>;

/**
 * Each analysed recording's Vibe score change against its previous take in the same list (the
 * newest earlier analysed take of the same prompt, assignment or title family, as the results
 * page's "Since your previous take"), one decimal as shown; absent without a previous take.
 */
export function vibeChangesInList(list: readonly TListed[]): Map<string, number> {
  const analysed = list
    .filter((r) => !r.processing && !r.failed && r.overallScore != null)
    .sort((a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate));
  const out = new Map<string, number>();
  analysed.forEach((r, i) => {
    const previous = analysed
      .slice(0, i)
      .reverse()
      .find((e) => isEarlierTakeOf(r, e));
    if (previous) out.set(r.recordingId, Math.round((r.overallScore! - previous.overallScore!) * 10) / 10);
  });
  return out;
}

/** "+0.6" beside a Vibe score: its change since the previous take, in words for screen readers. */
export function TakeDelta({ change }: { change: number | undefined }) {
  if (change === undefined) return null;
  const text = change === 0 ? '±0.0' : `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}`;
  const words =
    change === 0
      ? 'the same as the previous take'
      : `${Math.abs(change).toFixed(1)} ${change > 0 ? 'higher' : 'lower'} than the previous take`;
  const tone = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <span className={`take-delta take-delta--${tone}`} data-testid="take-delta">
      <span aria-hidden>{text}</span>
      <span className="visually-hidden">, {words}</span>
    </span>
  );
}
