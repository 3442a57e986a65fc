import {
  type FocusEvent,
  Fragment,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Printer } from 'lucide-react';
import {
  CONVERSATIONAL_SUMMARY,
  isMostlyUncertain,
  isUncertainWord,
  METRIC_TITLES,
  SINGLE_SPEAKER_SUMMARY,
  type TMetricKey,
  type TResults,
  type TSpeakerScores,
  UNCERTAIN_TRANSCRIPT_NOTICE,
  uncertainWordHint,
  VIBE_SCORE_CAPTION,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Tabs } from '../../components/tabs';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import { idealText, SPEAKER_NAMES, summaryValue } from '@rostrum/contract';
import { WORK_ON_TITLES } from './next-steps';
import { spottedPhraseHits } from './spotted-words';
import './results-tabs.css';

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
  /** Transcript index of its first word. */
  first: number;
}
const NO_PARAGRAPHS: TParagraph[] = [];

/** The word the hover or keyboard focus is on, and where its hint shows (px inside the transcript box). */
interface TTip {
  index: number;
  left: number;
  top: number;
}

function Transcript({ results }: { results: TResults }) {
  const controller = useWaveform();
  const { time } = useWaveformState();
  const items = results.diarizedTranscript;
  const conv = results.isConversational;
  const tipId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<TTip | null>(null);
  // Group words into paragraphs at speaker changes (conversational) or long pauses.
  const paragraphs = useMemo(() => {
    const out: TParagraph[] = [];
    let prevEnd = 0;
    for (const [i, w] of items.entries()) {
      const last = out[out.length - 1];
      const breakHere = !last || (conv && last.speaker !== w.speaker) || (!conv && w.start - prevEnd > 1.5 && last.words.length > 12);
      if (breakHere) out.push({ speaker: w.speaker, words: [w], start: w.start, end: w.end, first: i });
      else {
        last.words.push(w);
        last.end = Math.max(last.end, w.end);
      }
      prevEnd = w.end;
    }
    return out;
  }, [items, conv]);
  // The first uncertain word is the one tab stop into them; the arrow keys go on from there.
  const firstUncertain = useMemo(() => items.findIndex((w) => isUncertainWord(w)), [items]);
  // The analysis decides (the owner's words); results made before it ship without, and the whole transcript decides.
  const mostlyUncertain = results.data.wordConfidence?.mostlyUncertain ?? isMostlyUncertain(items);
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
  // Uncertain words show their hint on hover and on keyboard focus (delegated, like the clicks).
  const uncertainAt = (target: EventTarget | null) => (target as HTMLElement | null)?.closest?.<HTMLElement>('.word--uncertain') ?? null;
  const showTip = (el: HTMLElement) => {
    const outer = box.current?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    setTip({ index: Number(el.dataset.index), left: r.left - (outer?.left ?? 0), top: r.bottom - (outer?.top ?? 0) + 4 });
  };
  const onOver = (e: MouseEvent<HTMLDivElement>) => {
    const el = uncertainAt(e.target);
    if (el && Number(el.dataset.index) !== tip?.index) showTip(el);
  };
  const onOut = (e: MouseEvent<HTMLDivElement>) => {
    if (uncertainAt(e.target) && !uncertainAt(e.relatedTarget) && document.activeElement !== e.target) setTip(null);
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const el = uncertainAt(e.target);
    if (el) showTip(el);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!uncertainAt(e.relatedTarget)) setTip(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = uncertainAt(e.target);
    if (!el) return;
    if (e.key === 'Escape') {
      setTip(null);
      return;
    }
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const all = [...(box.current?.querySelectorAll<HTMLElement>('.word--uncertain') ?? [])];
    const next = all[all.indexOf(el) + step];
    if (!next) return;
    e.preventDefault();
    // Roving tab stop: Tab comes back to the word last visited.
    el.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  };
  if (!items.length) {
    return (
      <div className="transcript" data-testid="transcript">
        <p className="muted">{results.data.transcript || 'No words were recognised.'}</p>
      </div>
    );
  }
  const tipWord = tip ? items[tip.index] : undefined;
  return (
    <div className="stack">
      {mostlyUncertain && (
        <p className="transcript__uncertain" data-testid="transcript-uncertain">
          {UNCERTAIN_TRANSCRIPT_NOTICE}
        </p>
      )}
      <p className="transcript__legend text-sm">
        Click a word to play from there. <span className="word word--filler">Filler words</span> and{' '}
        <span className="word word--spotted">spotted phrases</span> are marked (point at one to see its phrase).
        {firstUncertain >= 0 && (
          <>
            {' '}
            <span className="word word--uncertain word--legend">Faded words</span> are uncertain: point at one, or Tab to it and use the
            arrow keys, to see what else the recogniser heard.
          </>
        )}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the words' pointer shortcut and the uncertain words' hints, delegated (see seekFromWord); the words themselves take focus. */}
      <div
        ref={box}
        className="transcript transcript--words"
        data-testid="transcript"
        aria-busy={shown !== paragraphs}
        onClick={seekFromWord}
        onMouseOver={onOver}
        onMouseOut={onOut}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      >
        {/* biome-ignore-start lint/suspicious/noArrayIndexKey: a recording's transcript never changes or reorders, and its words have no ids. */}
        {shown.map((p, i) => (
          <TranscriptParagraph
            key={i}
            paragraph={p}
            speakerLabel={conv ? (SPEAKER_NAMES[p.speaker - 1] ?? String(p.speaker)) : null}
            spotted={spotted}
            // Only the paragraph under the playhead re-renders as it moves.
            time={time >= p.start && time < p.end ? time : -1}
            firstUncertain={firstUncertain}
            describedBy={tip && tip.index >= p.first && tip.index < p.first + p.words.length ? { index: tip.index, id: tipId } : null}
          />
        ))}
        {/* biome-ignore-end lint/suspicious/noArrayIndexKey: see above */}
        {tipWord && tip && (
          <div role="tooltip" id={tipId} className="transcript__tip" data-testid="word-tip" style={{ left: tip.left, top: tip.top }}>
            {uncertainWordHint(tipWord.alternatives)}
          </div>
        )}
      </div>
    </div>
  );
}

const TranscriptParagraph = memo(function TranscriptParagraph({
  paragraph,
  speakerLabel,
  spotted,
  time,
  firstUncertain,
  describedBy,
}: {
  paragraph: TParagraph;
  speakerLabel: string | null;
  spotted: TSpotted;
  /** The playhead when it is within this paragraph, else -1. */
  time: number;
  /** Transcript index of the first uncertain word (the tab stop), -1 when none. */
  firstUncertain: number;
  /** The word of this paragraph whose hint is showing, and the hint's id. */
  describedBy: { index: number; id: string } | null;
}) {
  // One element a word (a long talk has thousands): the space before it is a plain text node, and
  // clicks are handled once by the transcript (seekFromWord).
  return (
    <p>
      {speakerLabel && <span className="transcript__speaker">{speakerLabel}:</span>}
      {/* biome-ignore-start lint/suspicious/noArrayIndexKey: see the transcript above. */}
      {paragraph.words.map((w, j) => {
        if (w.type === 'punctuation' || w.isPunctuation) return <span key={j}>{w.text}</span>;
        const index = paragraph.first + j;
        const current = time >= w.start && time < w.end;
        const spot = spotted.get(w);
        const uncertain = isUncertainWord(w);
        const cls = [
          'word',
          w.type === 'filler' && 'word--filler',
          spot && 'word--spotted',
          uncertain && 'word--uncertain',
          current && 'word--current',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Fragment key={j}>
            {spot?.continued ? <span className="word-join--spotted"> </span> : ' '}
            <span
              className={cls}
              data-start={w.start}
              data-phrase={spot?.phrase}
              data-index={uncertain ? index : undefined}
              tabIndex={uncertain ? (index === firstUncertain ? 0 : -1) : undefined}
              aria-describedby={describedBy?.index === index ? describedBy.id : undefined}
              title={spot ? `Spotted: ${spot.phrase}` : w.type === 'filler' && !uncertain ? 'Filler word' : undefined}
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
