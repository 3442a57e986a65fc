import { useMemo } from 'react';
import {
  METRIC_TITLES,
  type TResults,
  type TSpeakerScores,
  type TWordspottingUsed,
  uncertainSpottingLine,
  wordspottingListLabel,
} from '@rostrum/contract';
import { ChartCard, type ChartCardProps } from '../../components/charts/chart-card';
import { Donut } from '../../components/charts/donut';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import { spansByPhrase, wordSpottingCounts } from './spotted-words';
import './word-spotting-card.css';

/** The Donut's legend colour of its i-th entry (components/charts/donut.tsx cycles --chart-1 to --chart-6). */
const donutColor = (i: number) => `var(--chart-${(i % 6) + 1})`;

/** The waveform highlight key of one phrase's hot spots (the card's own link uses 'wordSpotting'). */
export const phraseHighlightKey = (phrase: string) => `wordSpotting:${phrase}`;

interface WordSpottingCardProps {
  results: TResults;
  scores: TSpeakerScores;
  /** The list the results counted (null when the recording predates lists, or the viewer may not hear it). */
  used: TWordspottingUsed | null;
  ownerView: boolean;
  /** The card's frame props from the charts (title, tips, test id, the all-phrases highlight link). */
  card: Omit<ChartCardProps, 'children'>;
}

/**
 * Word Spotting (001 section 2): the donut with every phrase of the list, the ones not heard at 0;
 * which list was counted; and, beside the card's all-phrases link, one highlight per phrase so
 * the hot spots of "so" and "you know" can be told apart on the waveform.
 */
export function WordSpottingCard({ results, scores, used, ownerView, card }: WordSpottingCardProps) {
  const controller = useWaveform();
  const { highlight } = useWaveformState();
  const counts = wordSpottingCounts(scores.wordSpotting, used);
  const notHeard = counts.filter(([, c]) => c === 0).map(([p]) => p);
  // The analysis counted, for the owner, how many of each phrase's utterances rest on uncertain words.
  const uncertain = ownerView ? uncertainSpottingLine(Object.fromEntries(counts), results.data.wordConfidence?.wordSpotting) : null;
  const spans = useMemo(() => {
    const hot = results.timestamped.metrics.wordSpotting?.hotSpots ?? [];
    return spansByPhrase(results.diarizedTranscript, Object.keys(results.scores.wordSpotting), hot);
  }, [results]);
  // In the donut's order, each with its legend colour. One phrase heard: the card's own link
  // already shows exactly its moments.
  const perPhrase =
    ownerView && controller && spans.size > 1
      ? counts.flatMap(([phrase], i) => {
          const list = spans.get(phrase);
          return list ? [{ phrase, list, color: donutColor(i) }] : [];
        })
      : [];
  return (
    <ChartCard
      {...card}
      caption="Times each phrase was heard"
      footer={
        <div className="word-list" data-testid="word-list">
          {used && (
            <p className="word-list__line">
              Counted with: <strong data-testid="word-list-label">{wordspottingListLabel(used)}</strong>
            </p>
          )}
          {notHeard.length > 0 && (
            <p className="word-list__line" data-testid="word-list-not-heard">
              Not heard: {notHeard.join(', ')}
            </p>
          )}
          {uncertain && (
            <p className="word-list__line" data-testid="word-list-uncertain">
              {uncertain}
            </p>
          )}
          {perPhrase.length > 0 && (
            <fieldset className="word-list__phrases no-print">
              <legend className="word-list__legend">Highlight one phrase</legend>
              {perPhrase.map(({ phrase, list, color }) => {
                const key = phraseHighlightKey(phrase);
                const on = highlight?.key === key;
                return (
                  <button
                    key={phrase}
                    type="button"
                    className={['phrase-chip', on && 'phrase-chip--active'].filter(Boolean).join(' ')}
                    aria-pressed={on}
                    onClick={() => controller?.toggleHighlight(key, list)}
                  >
                    <span className="phrase-chip__swatch" style={{ background: color }} aria-hidden />
                    {phrase} <span className="phrase-chip__count">{list.length}</span>
                  </button>
                );
              })}
            </fieldset>
          )}
        </div>
      }
    >
      <Donut title={METRIC_TITLES.wordSpotting} counts={counts} />
    </ChartCard>
  );
}
