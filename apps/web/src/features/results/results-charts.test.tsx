import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { METRIC_TITLES, SINGLE_SPEAKER_SUMMARY, VIBES, type TMetricKey, type TResults, type TSpeakerScores } from '@rostrum/contract';
import { WaveformContext } from '../../components/waveform/waveform-context';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { ResultsCharts } from './results-charts';
import { word } from './results-fixtures';

// Every single-speaker chart (001 section 9) shows its tips in its tooltip and, when its metric
// has moments, a link that highlights them on the waveform; a second click turns it off (001 section 2).

const variety = { inBand: 60, belowBand: 20, aboveBand: 20, value: 3 };
const scores: TSpeakerScores = {
  overall: 6.4,
  strengthOfOpening: 6,
  clarity: 7.5,
  pace: 4.1,
  pauseToTalk: 22,
  upspeak: 5,
  reading: 10,
  varietyVolume: variety,
  varietyPace: variety,
  varietyPitch: variety,
  talkVsListen: null,
  convoSwitches: null,
  questions: null,
  waitTime: null,
  wordSpotting: { 'uh/um': 2 },
  vibes: Object.fromEntries(VIBES.map((v, i) => [v, (i % 10) + 0.5])) as TSpeakerScores['vibes'],
  isEmptyResults: false,
};
const ideal = { min: 0, max: 10, idealMin: 7, idealMax: 10 };
/** Two moments for each metric, at a place of its own. */
const spans = (k: number) => [
  { from: k, to: k + 0.5, spread: -3 },
  { from: k + 1, to: k + 1.5, spread: 3 },
];
const segments = Array.from({ length: 20 }, (_, i) => ({ from: i, to: i + 1, spread: (i % 5) - 2 }));

function resultsWith(moments: (key: TMetricKey, k: number) => boolean): TResults {
  const metrics = Object.fromEntries(
    SINGLE_SPEAKER_SUMMARY.map((key, k) => [key, { hotSpots: moments(key, k) ? spans(k) : [], segments }]),
  ) as TResults['timestamped']['metrics'];
  metrics.wordSpotting = moments('wordSpotting', 0)
    ? { hotSpots: [spans(9)[0]!, spans(9)[1]!].map((s) => ({ ...s, label: 'uh/um' })), segments: [] }
    : { hotSpots: [], segments: [] };
  return {
    isConversational: false,
    algorithm: 'rostrum-default',
    numSpeakers: 1,
    scores: { ...scores, perSpeaker: null },
    tips: {
      main: { workOn: [], tips: [] },
      byMetric: Object.fromEntries(SINGLE_SPEAKER_SUMMARY.map((key) => [key, [`Tip about ${METRIC_TITLES[key]}.`]])),
    },
    timestamped: { metrics, vibes: {} },
    ideals: Object.fromEntries(SINGLE_SPEAKER_SUMMARY.map((key) => [key, ideal])),
    diarizedTranscript: [word('uh', 9, 9.5, 'filler'), word('um', 10, 10.5, 'filler')],
    data: {
      duration: 30,
      speechDuration: 25,
      syllables: 100,
      wordsPerMinute: 150,
      transcriber: 'pocketsphinx',
      transcript: 'uh um',
      features: {},
      vibes: {},
      speakers: [],
      labels: { pace: 'Ideal', pauseToTalk: 'Ideal', upspeak: 'None', reading: 'No' },
    },
  };
}

function renderCharts(results: TResults) {
  const controller = new WaveformController();
  render(
    <WaveformContext.Provider value={controller}>
      <ResultsCharts results={results} scores={results.scores} ownerView />
    </WaveformContext.Provider>,
  );
  return controller;
}

afterEach(cleanup);

describe('results charts: tips tooltip and highlight link on every single-speaker chart', () => {
  it('each of the twelve charts has its tips in a tooltip and a link that toggles its moments', async () => {
    const controller = renderCharts(resultsWith(() => true));
    for (const key of SINGLE_SPEAKER_SUMMARY) {
      const title = METRIC_TITLES[key];
      const card = within(screen.getByTestId(`chart-${key}`));
      const trigger = card.getByRole('button', { name: `Tips for ${title}` });
      fireEvent.focus(trigger);
      expect((await card.findByRole('tooltip')).textContent).toBe(`Tip about ${title}.`);
      fireEvent.blur(trigger);
      const link = card.getByRole('button', { name: new RegExp(`^Highlight on waveform\\s*: ${title}$`) });
      fireEvent.click(link);
      expect(controller.getState().highlight).toEqual({ key, count: 2 });
      expect(link.getAttribute('aria-pressed')).toBe('true');
      fireEvent.click(link);
      expect(controller.getState().highlight).toBeNull();
      expect(link.getAttribute('aria-pressed')).toBe('false');
    }
    // Twelve charts rendered and opened one by one: slower than one assertion on a busy machine.
  }, 20_000);

  it('shows no link on a chart whose metric has no moments, and keeps its tooltip', () => {
    renderCharts(resultsWith((key) => key !== 'clarity' && key !== 'overall'));
    for (const key of ['clarity', 'overall'] as const) {
      const card = within(screen.getByTestId(`chart-${key}`));
      expect(card.getByRole('button', { name: `Tips for ${METRIC_TITLES[key]}` })).toBeTruthy();
      expect(card.queryByRole('button', { name: /Highlight on waveform/ })).toBeNull();
    }
    expect(within(screen.getByTestId('chart-pace')).getByRole('button', { name: /Highlight on waveform/ })).toBeTruthy();
  });
});

describe('results charts: folded groups (issue 41)', () => {
  it('start folded with each figure and its band in the heading; Open all scores opens every group', () => {
    renderCharts(resultsWith(() => true));
    const groups = ['scores', 'delivery', 'variety', 'words'].map((id) => screen.getByTestId(`metric-group-${id}`) as HTMLDetailsElement);
    expect(groups.map((g) => g.open)).toEqual([false, false, false, false]);
    // Ideal 7-10 for every metric here: 6.4 is outside it, 7.5 inside; 60% of variety segments in band.
    const scores = within(groups[0]!.querySelector('summary')!);
    expect(scores.getByText('Vocal Delivery').parentElement!.textContent).toBe('Vocal Delivery 6.4, outside the ideal band');
    expect(scores.getByText('Clarity').parentElement!.textContent).toBe('Clarity 7.5, in the ideal band');
    expect(groups[2]!.querySelector('summary')!.textContent).toContain('Variety of Pitch 60% in band');
    expect(groups[3]!.querySelector('summary')!.textContent).toContain('Word Spotting 2 spotted');

    fireEvent.click(screen.getByRole('button', { name: 'Open all scores' }));
    expect(groups.map((g) => g.open)).toEqual([true, true, true, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Fold all scores' }));
    expect(groups.map((g) => g.open)).toEqual([false, false, false, false]);
  });
});
