import { Fragment, memo, useDeferredValue, useMemo, type MouseEvent } from 'react';
import { Printer } from 'lucide-react';
import {
  CONVERSATIONAL_SUMMARY,
  METRIC_TITLES,
  SINGLE_SPEAKER_SUMMARY,
  type TMetricKey,
  type TResults,
  type TSpeakerScores,
  VIBE_SCORE_CAPTION,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Tabs } from '../../components/tabs';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import { idealText, SPEAKER_NAMES, summaryValue } from '@rostrum/contract';
import { WORK_ON_TITLES } from './next-steps';
import { spottedPhraseHits } from './spotted-words';

export type TResultsTab = 'transcript' | 'next' | 'summary';
const TABS = [
  { key: 'transcript', label: 'Transcript' },
  { key: 'next', label: 'Next Steps' },
  { key: 'summary', label: 'Summary' },
] as const;

/** Transcript, Next Steps and Summary, with the print button (001 section 2). */
export function ResultsTabs({
  results,
  scores,
  ownerView,
  tab,
  onTab,
}: {
  results: TResults;
  scores: TSpeakerScores;
  ownerView: boolean;
  tab: TResultsTab;
  onTab: (tab: TResultsTab) => void;
}) {
  return (
    <section className="card results-tabs" id="results-tabs" aria-label="Transcript, next steps and summary">
      <div className="results-tabs__bar">
        <Tabs items={TABS} selected={tab} onSelect={onTab} label="Results details" idPrefix="results" />
        <Button variant="secondary" size="sm" className="no-print" icon={<Printer size={16} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div
        role="tabpanel"
        id="results-panel-transcript"
        aria-labelledby="results-tab-transcript"
        hidden={tab !== 'transcript'}
        className="results-tabs__panel"
      >
        <h2 className="print-only section-title">Transcript</h2>
        <Transcript results={results} />
      </div>
      <div
        role="tabpanel"
        id="results-panel-next"
        aria-labelledby="results-tab-next"
        hidden={tab !== 'next'}
        className="results-tabs__panel"
      >
        <h2 className="print-only section-title">Next Steps</h2>
        <NextSteps results={results} ownerView={ownerView} />
      </div>
      <div
        role="tabpanel"
        id="results-panel-summary"
        aria-labelledby="results-tab-summary"
        hidden={tab !== 'summary'}
        className="results-tabs__panel"
      >
        <h2 className="print-only section-title">Summary</h2>
        <Summary results={results} scores={scores} />
      </div>
    </section>
  );
}

type TWord = TResults['diarizedTranscript'][number];
type TSpotted = Map<TWord, { phrase: string; continued: boolean }>;
interface TParagraph {
  speaker: number;
  words: TWord[];
  start: number;
  end: number;
}
const NO_PARAGRAPHS: TParagraph[] = [];

function Transcript({ results }: { results: TResults }) {
  const controller = useWaveform();
  const { time } = useWaveformState();
  const items = results.diarizedTranscript;
  const conv = results.isConversational;
  // Group words into paragraphs at speaker changes (conversational) or long pauses.
  const paragraphs = useMemo(() => {
    const out: TParagraph[] = [];
    let prevEnd = 0;
    for (const w of items) {
      const last = out[out.length - 1];
      const breakHere = !last || (conv && last.speaker !== w.speaker) || (!conv && w.start - prevEnd > 1.5 && last.words.length > 12);
      if (breakHere) out.push({ speaker: w.speaker, words: [w], start: w.start, end: w.end });
      else {
        last.words.push(w);
        last.end = Math.max(last.end, w.end);
      }
      prevEnd = w.end;
    }
    return out;
  }, [items, conv]);
  // The words of each spotted phrase where the analysis heard it (by word and time), with the
  // phrase they belong to; the later words of a phrase join the mark across the space before them.
  const spotted = useMemo(() => {
    const hot = results.timestamped.metrics.wordSpotting?.hotSpots ?? [];
    const out: TSpotted = new Map();
    for (const hit of spottedPhraseHits(items, Object.keys(results.scores.wordSpotting), hot))
      hit.indices.forEach((i, k) => {
        if (!out.has(items[i]!)) out.set(items[i]!, { phrase: hit.phrase, continued: k > 0 });
      });
    return out;
  }, [items, results]);
  // A long talk's thousands of words render after the page has painted, without holding up the
  // player and the scores (React renders the deferred list in the background).
  const shown = useDeferredValue(paragraphs, NO_PARAGRAPHS);
  // A click on a word plays from it (a pointer shortcut: keyboard users seek with the player's
  // keys and buttons, since a tab stop per word would bury the page).
  const seekFromWord = (e: MouseEvent<HTMLDivElement>) => {
    const start = (e.target as HTMLElement).closest<HTMLElement>('.word[data-start]')?.dataset.start;
    if (start !== undefined) controller?.seek(Number(start));
  };
  if (!items.length) {
    return (
      <div className="transcript" data-testid="transcript">
        <p className="muted">{results.data.transcript || 'No words were recognised.'}</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="transcript__legend text-sm">
        Click a word to play from there. <span className="word word--filler">Filler words</span> and{' '}
        <span className="word word--spotted">spotted phrases</span> are marked (point at one to see its phrase).
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the words' pointer shortcut, delegated (see seekFromWord). */}
      <div className="transcript transcript--words" data-testid="transcript" aria-busy={shown !== paragraphs} onClick={seekFromWord}>
        {/* biome-ignore-start lint/suspicious/noArrayIndexKey: a recording's transcript never changes or reorders, and its words have no ids. */}
        {shown.map((p, i) => (
          <TranscriptParagraph
            key={i}
            paragraph={p}
            speakerLabel={conv ? (SPEAKER_NAMES[p.speaker - 1] ?? String(p.speaker)) : null}
            spotted={spotted}
            // Only the paragraph under the playhead re-renders as it moves.
            time={time >= p.start && time < p.end ? time : -1}
          />
        ))}
        {/* biome-ignore-end lint/suspicious/noArrayIndexKey: see above */}
      </div>
    </div>
  );
}

const TranscriptParagraph = memo(function TranscriptParagraph({
  paragraph,
  speakerLabel,
  spotted,
  time,
}: {
  paragraph: TParagraph;
  speakerLabel: string | null;
  spotted: TSpotted;
  /** The playhead when it is within this paragraph, else -1. */
  time: number;
}) {
  // One element a word (a long talk has thousands): the space before it is a plain text node, and
  // clicks are handled once by the transcript (seekFromWord).
  return (
    <p>
      {speakerLabel && <span className="transcript__speaker">{speakerLabel}:</span>}
      {/* biome-ignore-start lint/suspicious/noArrayIndexKey: see the transcript above. */}
      {paragraph.words.map((w, j) => {
        if (w.type === 'punctuation' || w.isPunctuation) return <span key={j}>{w.text}</span>;
        const current = time >= w.start && time < w.end;
        const spot = spotted.get(w);
        const cls = ['word', w.type === 'filler' && 'word--filler', spot && 'word--spotted', current && 'word--current']
          .filter(Boolean)
          .join(' ');
        return (
          <Fragment key={j}>
            {spot?.continued ? <span className="word-join--spotted"> </span> : ' '}
            <span
              className={cls}
              data-start={w.start}
              data-phrase={spot?.phrase}
              title={spot ? `Spotted: ${spot.phrase}` : w.type === 'filler' ? 'Filler word' : undefined}
            >
              {w.text}
            </span>
          </Fragment>
        );
      })}
      {/* biome-ignore-end lint/suspicious/noArrayIndexKey: see above */}
    </p>
  );
});

function NextSteps({ results, ownerView }: { results: TResults; ownerView: boolean }) {
  const { workOn, tips } = results.tips.main;
  if (!ownerView) return <p className="muted">Next steps are written for the recording's owner.</p>;
  return (
    <div className="stack">
      {workOn.length > 0 && (
        <div>
          <h3 className="vibe-list__title">Work on</h3>
          <ul className="chips">
            {workOn.map((k) => (
              <li key={k} className="chip work-on__item">
                {WORK_ON_TITLES[k] ?? k}
              </li>
            ))}
          </ul>
        </div>
      )}
      {tips.length > 0 ? (
        <ol className="next-steps">
          {tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      ) : (
        <p className="muted">Nothing to work on: well done.</p>
      )}
    </div>
  );
}

function Summary({ results, scores }: { results: TResults; scores: TSpeakerScores }) {
  const keys: readonly TMetricKey[] = results.isConversational ? CONVERSATIONAL_SUMMARY : SINGLE_SPEAKER_SUMMARY;
  return (
    <table className="table summary-table" data-testid="results-summary">
      <caption className="visually-hidden">Summary of the results</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Result</th>
          <th scope="col">Ideal</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => {
          const ideal = results.ideals[k];
          return (
            <tr key={k}>
              <th scope="row">
                {METRIC_TITLES[k]}
                {k === 'overall' && <span className="metric-caption">{VIBE_SCORE_CAPTION}</span>}
              </th>
              <td>{summaryValue(k, scores, ideal)}</td>
              <td className="muted">{idealText(k, ideal)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
