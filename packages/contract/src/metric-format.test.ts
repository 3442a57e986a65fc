import { describe, expect, it } from 'vitest';
import { NEGATIVE_VIBES, POSITIVE_VIBES } from './constants.js';
import { idealText, metricNumberText, summaryValue } from './metric-format.js';
import type { TIdeal, TMetricKey, TSpeakerScores } from './results.js';

// Issue 12 item 21: the Summary tab's Result and Ideal columns are written in the same unit, so a
// reader can compare them ("4.1 syllables per second" beside "3.5-5.2 syllables per second").

const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v) => [v, 5])) as TSpeakerScores['vibes'];
const variety = (value: number) => ({ inBand: 85, belowBand: 10, aboveBand: 5, value });
const scores: TSpeakerScores = {
  overall: 7.4,
  strengthOfOpening: 6.2,
  clarity: 8,
  pace: 4.1,
  pauseToTalk: 32,
  upspeak: 12,
  reading: null,
  varietyVolume: variety(6.1),
  varietyPace: variety(14),
  varietyPitch: variety(3.2),
  talkVsListen: 48,
  convoSwitches: 3,
  questions: 2,
  waitTime: 1.2,
  wordSpotting: { 'uh/um': 3, actually: 1 },
  vibes,
  isEmptyResults: false,
};
const ideal = (idealMin: number, idealMax: number): TIdeal => ({ min: 0, max: 100, idealMin, idealMax });

const PAIRS: [TMetricKey, TIdeal, string, string][] = [
  ['overall', ideal(7, 10), '7.4 out of 10', '7-10 out of 10'],
  ['strengthOfOpening', ideal(7, 10), '6.2 out of 10', '7-10 out of 10'],
  ['clarity', ideal(7, 10), '8.0 out of 10', '7-10 out of 10'],
  ['pace', ideal(3.5, 5.2), '4.1 syllables per second (Ideal)', '3.5-5.2 syllables per second'],
  ['pauseToTalk', ideal(15, 45), '32% pause to talk (Ideal)', '15-45% pause to talk'],
  ['upspeak', ideal(0, 15), '12% of phrases (Some)', '0-15% of phrases'],
  ['varietyVolume', ideal(5, 10), '6.1 dB variation (85% of segments in the ideal band)', '5-10 dB variation'],
  ['varietyPace', ideal(8, 25), '14.0% pace variation (85% of segments in the ideal band)', '8-25% pace variation'],
  ['varietyPitch', ideal(2, 5), '3.2 semitones variation (85% of segments in the ideal band)', '2-5 semitones variation'],
  ['talkVsListen', ideal(40, 60), '48% talking (Balanced)', '40-60% talking'],
  ['convoSwitches', ideal(1, 4), '3 switches (Ideal)', '1-4 switches'],
  ['questions', ideal(0, 2), '2 questions (Ideal)', '0-2 questions'],
  ['waitTime', ideal(0.5, 3), '1.2 s', '0.5-3 s'],
  ['positiveVibes', ideal(6, 10), 'assertive 5.0, authentic 5.0, captivating 5.0 (out of 10)', '6-10 out of 10 each'],
  ['negativeVibes', ideal(0, 4), 'arrogant 5.0, belligerent 5.0, boring 5.0 (out of 10)', '0-4 out of 10 each'],
  ['wordSpotting', ideal(0, 2), 'uh/um: 3 times, actually: 1 time', ''],
];

describe('summaryValue and idealText', () => {
  it.each(PAIRS)('%s: value and ideal share one unit', (key, range, value, idealRange) => {
    expect(summaryValue(key, scores, range)).toBe(value);
    expect(idealText(key, range)).toBe(idealRange);
  });

  it('a variety metric is never a percentage beside an ideal in dB', () => {
    expect(summaryValue('varietyVolume', scores, ideal(5, 10))).not.toMatch(/^\d+% in the ideal band$/);
  });

  it('no ideal, no ideal text', () => {
    expect(idealText('pace', undefined)).toBe('');
  });
});

describe('metricNumberText: one rounding for one figure on every view', () => {
  it('writes shares and counts whole and every other figure to one decimal', () => {
    expect(metricNumberText('overall', 8)).toBe('8.0');
    expect(metricNumberText('pace', 4.25)).toBe('4.3');
    expect(metricNumberText('upspeak', 33.3)).toBe('33');
    expect(metricNumberText('pauseToTalk', 31.6)).toBe('32');
    expect(metricNumberText('questions', 2)).toBe('2');
    expect(metricNumberText('positiveVibes', 6.04)).toBe('6.0');
  });
});
