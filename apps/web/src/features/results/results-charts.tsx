import { type ReactNode, useState } from 'react';
import {
  METRIC_TITLES,
  type TMetricKey,
  type TResults,
  type TSpan,
  type TSpeakerScores,
  type TVibe,
  type TWordspottingUsed,
  VIBE_SCORE_CAPTION,
} from '@rostrum/contract';
import { ChartCard } from '../../components/charts/chart-card';
import { Dial } from '../../components/charts/dial';
import { Gauge } from '../../components/charts/gauge';
import { NumberTile } from '../../components/charts/number-tile';
import { Radar } from '../../components/charts/radar';
import { VarietyBars } from '../../components/charts/variety-bars';
import { useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import { idealText, metricNumberText, oneDecimalText as one, varietySummary, verdict, vibeScores, zoneLabels } from '@rostrum/contract';
import { ClarityMethod } from './clarity-method';
import { glance } from './metric-glance';
import { MetricGroup } from './metric-group';
import { WordSpottingCard } from './word-spotting-card';
import './results-charts.css';

// The results charts (001 section 2): dials, gauges, word spotting, variety bars and vibe radars
// for one speaker; the conversational set for multi-speaker recordings. Each chart's tooltip
// carries its tips and its link toggles the metric's hot spots on the waveform. The cards sit in
// folded groups (issue 41) whose headings show each figure; "Open all scores" opens every group.

interface ChartsProps {
  results: TResults;
  scores: TSpeakerScores;
  /** Hot spots and tips describe the recording's owner; other speakers' charts have no links. */
  ownerView: boolean;
  /** The wordspotting list the results counted. */
  wordList?: TWordspottingUsed | null;
  /** Shown above the groups: the word list's re-analysis offer or its progress. */
  wordListNotice?: ReactNode;
  /** The groups open at first (all are folded otherwise). */
  initiallyOpen?: readonly string[];
}

function useHighlight(ownerView: boolean) {
  const controller = useWaveform();
  const { highlight } = useWaveformState();
  return (key: string, spans: readonly TSpan[] | undefined) => {
    const list = ownerView && controller ? (spans ?? []) : [];
    return {
      highlightCount: list.length,
      highlighted: highlight?.key === key,
      onHighlight: list.length ? () => controller?.toggleHighlight(key, list) : undefined,
    };
  };
}

export function ResultsCharts({ results, scores: s, ownerView, wordList = null, wordListNotice, initiallyOpen = [] }: ChartsProps) {
  const hl = useHighlight(ownerView);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const hot = (key: TMetricKey) => results.timestamped.metrics[key]?.hotSpots;
  const tips = (key: TMetricKey) => (ownerView ? results.tips.byMetric[key] : undefined);
  const card = (key: TMetricKey) => ({ title: METRIC_TITLES[key], tips: tips(key), testId: `chart-${key}`, ...hl(key, hot(key)) });
  const ideals = results.ideals;
  const idealCaption = (key: TMetricKey) => {
    const text = idealText(key, ideals[key]);
    return text ? `Ideal ${text}` : undefined;
  };

  const gauge = (key: 'pace' | 'pauseToTalk' | 'upspeak' | 'talkVsListen', valueText: (v: number) => string) => {
    const value = s[key];
    const v = verdict(key, value, ideals[key]);
    return (
      <ChartCard {...card(key)} caption={idealCaption(key)}>
        <Gauge
          title={METRIC_TITLES[key]}
          value={value}
          ideal={ideals[key]}
          valueText={value == null ? '' : valueText(value)}
          verdict={v?.text ?? null}
          tone={v?.band === 'ideal' ? 'ideal' : 'off'}
          zoneLabels={zoneLabels(key)}
        />
      </ChartCard>
    );
  };
  // Vocal Delivery is the Vibe score the landing page promises (000 section 1); the caption connects the two names.
  const dial = (key: 'overall' | 'strengthOfOpening' | 'clarity') => (
    <ChartCard
      {...card(key)}
      subtitle={key === 'overall' ? VIBE_SCORE_CAPTION : undefined}
      caption={idealCaption(key)}
      footer={key === 'clarity' ? <ClarityMethod /> : undefined}
    >
      <Dial title={METRIC_TITLES[key]} value={s[key]} goodFrom={ideals[key]?.idealMin ?? 7} />
    </ChartCard>
  );
  const wordCard = <WordSpottingCard results={results} scores={s} used={wordList} ownerView={ownerView} card={card('wordSpotting')} />;
  const count = (key: 'convoSwitches' | 'questions', unit: string) => {
    const value = s[key];
    const v = verdict(key, value, ideals[key]);
    const ideal = ideals[key];
    return (
      <ChartCard {...card(key)}>
        <NumberTile
          title={METRIC_TITLES[key]}
          value={value == null ? '—' : String(value)}
          unit={unit}
          idealText={ideal ? `${v?.text ?? ''} · ideal ${ideal.idealMin}-${ideal.idealMax}` : undefined}
          tone={v?.band === 'ideal' ? 'ideal' : 'off'}
        />
      </ChartCard>
    );
  };

  const group = (id: string, title: string, keys: readonly TMetricKey[], body: ReactNode) => (
    <MetricGroup
      key={id}
      id={id}
      title={title}
      glances={keys.map((k) => glance(k, s, ideals[k]))}
      open={open.has(id)}
      onToggle={(o) => setOpen((prev) => withOpen(prev, id, o))}
    >
      {body}
    </MetricGroup>
  );
  const variety = (key: 'varietyVolume' | 'varietyPace' | 'varietyPitch') => (
    <ChartCard
      {...card(key)}
      caption={`Bars: 20 segments, start to end; between the dashed lines is the ideal band (${idealText(key, ideals[key]) || 'no ideal'})`}
    >
      <VarietyBars
        title={METRIC_TITLES[key]}
        segments={results.timestamped.metrics[key]?.segments ?? []}
        summary={varietySummary(s[key])}
      />
    </ChartCard>
  );
  const words = group(
    'words',
    'Words and vibes',
    ['wordSpotting', 'positiveVibes', 'negativeVibes'],
    <section className="chart-grid chart-grid--3" aria-label="Words and vibes">
      {wordCard}
      <VibeCharts results={results} scores={s} ownerView={ownerView} />
    </section>,
  );
  const groups = results.isConversational
    ? [
        group(
          'conversation',
          'Conversation scores',
          ['strengthOfOpening', 'pace', 'clarity'],
          <section className="chart-grid chart-grid--3" aria-label="Conversation scores">
            {dial('strengthOfOpening')}
            {gauge('pace', (v) => `${one(v)} syllables/s`)}
            {dial('clarity')}
          </section>,
        ),
        group(
          'balance',
          'Conversation balance',
          ['talkVsListen', 'convoSwitches', 'questions'],
          <section className="chart-grid chart-grid--3" aria-label="Conversation balance">
            {gauge('talkVsListen', (v) => `${metricNumberText('talkVsListen', v)}%`)}
            {count('convoSwitches', 'switches')}
            {count('questions', 'questions')}
          </section>,
        ),
        words,
      ]
    : [
        group(
          'scores',
          'Scores',
          ['overall', 'strengthOfOpening', 'clarity'],
          <section className="chart-grid chart-grid--3" aria-label="Scores">
            {dial('overall')}
            {dial('strengthOfOpening')}
            {dial('clarity')}
          </section>,
        ),
        group(
          'delivery',
          'Delivery',
          ['pace', 'pauseToTalk', 'upspeak'],
          <section className="chart-grid chart-grid--3" aria-label="Delivery">
            {gauge('pace', (v) => `${one(v)} syllables/s`)}
            {gauge('pauseToTalk', (v) => `${metricNumberText('pauseToTalk', v)}%`)}
            {gauge('upspeak', (v) => `${metricNumberText('upspeak', v)}% of phrases`)}
          </section>,
        ),
        group(
          'variety',
          'Variety',
          ['varietyVolume', 'varietyPace', 'varietyPitch'],
          <section className="chart-grid chart-grid--3" aria-label="Variety">
            {variety('varietyVolume')}
            {variety('varietyPace')}
            {variety('varietyPitch')}
          </section>,
        ),
        words,
      ];
  const ids = groups.map((g) => String(g.key));
  const allOpen = ids.every((id) => open.has(id));
  return (
    <section className="metric-groups" aria-labelledby="metric-groups-title" data-testid="metric-groups">
      <div className="metric-groups__bar">
        <h2 id="metric-groups-title" className="section-title">
          All scores
        </h2>
        <button type="button" className="link-btn no-print" aria-expanded={allOpen} onClick={() => setOpen(new Set(allOpen ? [] : ids))}>
          {allOpen ? 'Fold all scores' : 'Open all scores'}
        </button>
      </div>
      {/* The re-analysis offer stays in sight, above the folded word spotting it is about. */}
      {wordListNotice}
      {groups}
    </section>
  );
}

function withOpen(prev: ReadonlySet<string>, id: string, open: boolean): ReadonlySet<string> {
  const next = new Set(prev);
  if (open) next.add(id);
  else next.delete(id);
  return next;
}

const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;

function VibeCharts({ results, scores, ownerView }: ChartsProps) {
  const hl = useHighlight(ownerView);
  return (
    <>
      {(['positiveVibes', 'negativeVibes'] as const).map((key) => {
        const list = vibeScores(scores, key);
        const top = [...list].sort((a, b) => b.score - a.score)[0];
        // The radar's link marks the moments behind its strongest vibe.
        const spans = results.timestamped.metrics[key]?.hotSpots.length
          ? results.timestamped.metrics[key]?.hotSpots
          : top
            ? results.timestamped.vibes[top.name as TVibe]
            : undefined;
        return (
          <ChartCard
            key={key}
            title={METRIC_TITLES[key]}
            tips={ownerView ? results.tips.byMetric[key] : undefined}
            testId={`chart-${key}`}
            className="chart-card--radar"
            caption={`Scores 0-10 (rings at 2, 4, 6, 8, 10); ideal ${idealText(key, results.ideals[key]) || 'not set'}`}
            {...hl(key, spans)}
            footer={
              ownerView ? (
                <details className="chart-why">
                  <summary>Why these vibes?</summary>
                  <ul>
                    {[...list]
                      .sort((a, b) => b.score - a.score)
                      .map((v) => {
                        const ex = results.data.vibes[v.name as TVibe];
                        const parts = ex
                          ? [...ex.contributions]
                              .filter((c) => Math.abs(c.points) >= 0.05)
                              .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
                              .map((c) => `${c.label.toLowerCase()} ${signed(c.points)}`)
                          : [];
                        return (
                          <li key={v.name}>
                            <strong>
                              {v.name} {one(v.score)}
                            </strong>
                            {ex && `: base ${one(ex.base)}${parts.length ? `, ${parts.join(', ')}` : ''}`}
                          </li>
                        );
                      })}
                  </ul>
                </details>
              ) : undefined
            }
          >
            <Radar title={METRIC_TITLES[key]} scores={list} tone={key === 'positiveVibes' ? 'positive' : 'negative'} />
          </ChartCard>
        );
      })}
    </>
  );
}
