import { ArrowDownRight, ArrowUpRight, Check, GitCompare, Minus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  COMPARE_METRICS,
  compareHref,
  compareMetricLabel,
  compareValueText,
  distanceFromIdeal,
  TAKE_CHANGE_WORDS,
  type TTakeChange,
} from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { compareRow, takeLoad } from '../compare/compare-takes';
import { useRecording } from './results-recording.queries';
import type { TTake } from '../compare/compare-takes';

const ICONS: Record<TTakeChange, ReactNode> = {
  'in-band': <Check size={14} aria-hidden />,
  closer: <ArrowUpRight size={14} aria-hidden />,
  further: <ArrowDownRight size={14} aria-hidden />,
  same: <Minus size={14} aria-hidden />,
  unknown: <Minus size={14} aria-hidden />,
};

/** The rows in reading order: what moved (closer, further), then what is in the band, then the rest. */
const ORDER: Record<TTakeChange, number> = { closer: 0, further: 1, 'in-band': 2, same: 3, unknown: 4 };

/** The previous take, as the compare page reads it; null until it loads or when it cannot be compared. */
function usePreviousAsTake(previousId: string): TTake | null {
  const previous = useRecording(previousId);
  const load = takeLoad(previousId, previous);
  return load.kind === 'take' ? load.take : null;
}

/** Under the Vibe score: its change since the previous take, judged by its ideal band. */
export function VibeChange({ previousId, take }: { previousId: string; take: TTake }) {
  const before = usePreviousAsTake(previousId);
  if (!before) return null;
  const [was, now] = compareRow('overall', [before, take]);
  if (!now?.change || now.change === 'unknown' || was?.value == null || now.value == null) return null;
  const diff = Math.round((now.value - was.value) * 10) / 10;
  const delta = diff === 0 ? 'no change' : `${diff > 0 ? '+' : '−'}${Math.abs(diff).toFixed(1)}`;
  return (
    <p className={`take-summary__delta take-change take-change--${now.change}`} data-testid="vibe-change">
      {ICONS[now.change]} {delta} since the previous take ({TAKE_CHANGE_WORDS[now.change]})
    </p>
  );
}

/**
 * This take against the previous one (issue 41), inline on the results page: every score's value
 * before and now, judged by its ideal band as the compare page does, with a link to that page.
 */
export function TakeChanges({ previousId, take }: { previousId: string; take: TTake }) {
  const before = usePreviousAsTake(previousId);
  const [showAll, setShowAll] = useState(false);
  if (!before) return null;
  const rows = COMPARE_METRICS.map((key) => {
    const [was, now] = compareRow(key, [before, take]);
    return { key, was: was!.value, now: now!.value, change: now!.change ?? 'unknown' };
  })
    .filter((r) => r.change !== 'unknown')
    .sort((a, b) => ORDER[a.change] - ORDER[b.change]);
  // Better: closer to the band, or into it from outside; worse: further from it.
  const cameIn = (r: (typeof rows)[number]) => {
    const ideal = take.results.ideals[r.key] ?? before.results.ideals[r.key];
    return r.change === 'in-band' && r.was != null && !!ideal && distanceFromIdeal(r.was, ideal) > 0;
  };
  const moved = rows.filter((r) => r.change === 'closer' || r.change === 'further' || cameIn(r));
  const better = moved.filter((r) => r.change !== 'further').length;
  const worse = moved.length - better;
  const shown = showAll ? rows : moved;
  const scores = (n: number) => `${n} score${n === 1 ? '' : 's'}`;
  return (
    <section className="card take-changes" aria-labelledby="take-changes-title" data-testid="take-changes">
      <div className="take-changes__head">
        <h2 id="take-changes-title" className="take-changes__title">
          {take.recording.access.isOwner ? 'Since your previous take' : 'Since the previous take'}
        </h2>
        <ButtonLink
          to={compareHref([previousId, take.recording.recordingId])}
          variant="ghost"
          size="sm"
          icon={<GitCompare size={14} aria-hidden />}
          data-testid="compare-previous"
        >
          Compare with previous take
        </ButtonLink>
      </div>
      <p className="take-changes__lead">
        Against <strong>{before.recording.title}</strong>:{' '}
        {better + worse === 0
          ? 'no score moved against its ideal band.'
          : [better && `${scores(better)} better`, worse && `${scores(worse)} worse`].filter(Boolean).join(', ')}
        {better + worse > 0 && '.'}
      </p>
      {shown.length > 0 && (
        <table className="take-changes__table">
          <caption className="visually-hidden">
            Each score of the previous take and of this one, and how it changed against its ideal band
          </caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">Before</th>
              <th scope="col">Now</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.key} data-change={r.change}>
                <th scope="row">{compareMetricLabel(r.key)}</th>
                <td>{compareValueText(r.key, r.was)}</td>
                <td>{compareValueText(r.key, r.now)}</td>
                <td>
                  <span className={`take-change take-change--${r.change}`}>
                    {ICONS[r.change]} {TAKE_CHANGE_WORDS[r.change]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > moved.length && (
        <div>
          <button type="button" className="link-btn no-print" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show only what moved' : `Show all ${rows.length} scores`}
          </button>
        </div>
      )}
    </section>
  );
}
