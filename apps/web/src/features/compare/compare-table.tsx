import type { ReactNode } from 'react';
import { CircleCheck, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { COMPARE_METRICS, compareMetricLabel, compareValueText, idealText, TAKE_CHANGE_WORDS, type TTakeChange } from '@rostrum/contract';
import { compareRow, type TTake } from './compare-takes';

const CHANGE_ICONS: Record<TTakeChange, ReactNode> = {
  'in-band': <CircleCheck size={15} aria-hidden />,
  closer: <TrendingUp size={15} aria-hidden />,
  further: <TrendingDown size={15} aria-hidden />,
  same: <Minus size={15} aria-hidden />,
  unknown: null,
};

/** Every score of the takes, with each later take's change against the first: icon and words, colour only as a third cue. */
export function CompareTable({ takes }: { takes: readonly TTake[] }) {
  const first = takes[0]!;
  return (
    <div className="table-wrap compare-table-wrap">
      <table className="table compare-table" data-testid="compare-table">
        <caption className="visually-hidden">Scores of each take; later takes against the first</caption>
        <thead>
          <tr>
            <th scope="col">Score</th>
            {takes.map((t, i) => (
              <th key={t.recording.recordingId} scope="col" className={`radar__series--${i}`}>
                <span className="compare-table__take">
                  <span className="compare-take__swatch" aria-hidden />
                  Take {i + 1}
                </span>
                <span className="compare-table__take-title">{t.recording.title}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARE_METRICS.map((key) => {
            const cells = compareRow(key, takes);
            const ideal = idealText(key, first.results.ideals[key]);
            return (
              <tr key={key} data-testid={`compare-row-${key}`}>
                <th scope="row">
                  {compareMetricLabel(key)}
                  {ideal && <span className="compare-table__ideal">Ideal {ideal}</span>}
                </th>
                {cells.map((c, i) => (
                  <td key={takes[i]!.recording.recordingId}>
                    <span className="compare-table__value">{compareValueText(key, c.value)}</span>
                    {c.change && (
                      <span className={`compare-change compare-change--${c.change}`} data-testid="compare-change">
                        {CHANGE_ICONS[c.change]}
                        {TAKE_CHANGE_WORDS[c.change]}
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
