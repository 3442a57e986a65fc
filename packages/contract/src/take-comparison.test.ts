import { describe, expect, it } from 'vitest';
import { NEGATIVE_VIBES, POSITIVE_VIBES } from './constants.js';
import type { TIdeal, TSpeakerScores } from './results.js';
import {
  compareHref,
  compareValue,
  compareValueText,
  isEarlierTakeOf,
  judgeTakeChange,
  parseCompareIds,
  takeBaseTitle,
  takeVersion,
  titleFamily,
} from './take-comparison.js';

const band = (idealMin: number, idealMax: number): TIdeal => ({ min: 0, max: 10, idealMin, idealMax });
const PACE = band(3.5, 5.0);

describe('judgeTakeChange', () => {
  it('calls moving down into the band better, not worse (6.0 -> 5.0 syllables/s, band 3.5-5.0)', () => {
    expect(judgeTakeChange(6.0, 5.0, PACE)).toBe('in-band');
  });
  it('judges by the distance to the band, whichever way the number moves', () => {
    expect(judgeTakeChange(6.0, 5.4, PACE)).toBe('closer');
    expect(judgeTakeChange(5.4, 6.0, PACE)).toBe('further');
    expect(judgeTakeChange(2.0, 3.0, PACE)).toBe('closer');
    expect(judgeTakeChange(3.0, 2.0, PACE)).toBe('further');
  });
  it('crossing the band compares distances on both sides', () => {
    // 3.0 is 0.5 below; 5.8 is 0.8 above: further.
    expect(judgeTakeChange(3.0, 5.8, PACE)).toBe('further');
    // 3.0 is 0.5 below; 5.3 is 0.3 above: closer.
    expect(judgeTakeChange(3.0, 5.3, PACE)).toBe('closer');
  });
  it('inside the band is in the ideal band, whatever the first take was', () => {
    expect(judgeTakeChange(4.0, 4.5, PACE)).toBe('in-band');
    expect(judgeTakeChange(8, 8, band(7, 10))).toBe('in-band');
  });
  it('no change outside the band, including changes too small to show', () => {
    expect(judgeTakeChange(6.0, 6.0, PACE)).toBe('same');
    expect(judgeTakeChange(6.01, 6.04, PACE)).toBe('same');
    // Same distance on the other side of the band.
    expect(judgeTakeChange(3.0, 5.5, PACE)).toBe('same');
  });
  it('without a value or an ideal it is unknown', () => {
    expect(judgeTakeChange(null, 4, PACE)).toBe('unknown');
    expect(judgeTakeChange(4, null, PACE)).toBe('unknown');
    expect(judgeTakeChange(4, 5, undefined)).toBe('unknown');
  });
});

const vibes = Object.fromEntries([...POSITIVE_VIBES.map((v) => [v, 8]), ...NEGATIVE_VIBES.map((v) => [v, 2])]) as TSpeakerScores['vibes'];
const scores: TSpeakerScores = {
  overall: 7.4,
  strengthOfOpening: null,
  clarity: 8,
  pace: 4.1,
  pauseToTalk: 32.4,
  upspeak: 12,
  reading: null,
  varietyVolume: { inBand: 85, belowBand: 10, aboveBand: 5, value: 6.1 },
  varietyPace: null,
  varietyPitch: { inBand: 85, belowBand: 10, aboveBand: 5, value: 3.2 },
  talkVsListen: null,
  convoSwitches: null,
  questions: null,
  waitTime: null,
  wordSpotting: {},
  vibes,
  isEmptyResults: false,
};

describe('compareValue', () => {
  it('reads each metric in the unit of its ideal', () => {
    expect(compareValue('overall', scores)).toBe(7.4);
    expect(compareValue('strengthOfOpening', scores)).toBeNull();
    expect(compareValue('varietyVolume', scores)).toBe(6.1);
    expect(compareValue('varietyPace', scores)).toBeNull();
    expect(compareValue('positiveVibes', scores)).toBe(8);
    expect(compareValue('negativeVibes', scores)).toBe(2);
  });
  it('writes values to one decimal, percentages whole', () => {
    expect(compareValueText('pace', 4.16)).toBe('4.2');
    expect(compareValueText('pauseToTalk', 32.4)).toBe('32%');
    expect(compareValueText('clarity', null)).toBe('—');
  });
});

describe('title families', () => {
  it('ignore a trailing version number and case', () => {
    expect(titleFamily('Talk (2)')).toBe('talk');
    expect(titleFamily('Pitch deck - v12')).toBe('pitch deck');
    expect(titleFamily('Pitch deck v3')).toBe('pitch deck');
    expect(titleFamily('  Weekly Talk ')).toBe('weekly talk');
    // A number that is part of the title stays.
    expect(titleFamily('Chapter 3')).toBe('chapter 3');
    expect(titleFamily('Version2')).toBe('version2');
    // "take N" numbers a take too, and a note in brackets describes it.
    expect(titleFamily('take 1')).toBe('take');
    expect(titleFamily('Take 2 (faster)')).toBe('take');
    expect(titleFamily('Board update - take 3')).toBe('board update');
    expect(titleFamily('Board update (slower)')).toBe('board update');
    expect(titleFamily('Board update (2) (slower)')).toBe('board update');
    expect(takeBaseTitle('Weekly Talk - v3')).toBe('Weekly Talk');
    expect([
      takeVersion('Talk'),
      takeVersion('Talk - v3'),
      takeVersion('Talk v4'),
      takeVersion('Talk (5)'),
      takeVersion('take 6 (faster)'),
      takeVersion('Chapter 3'),
    ]).toEqual([1, 3, 4, 5, 6, 1]);
  });
  it('an earlier take shares the title family or the assignment', () => {
    const take = { title: 'Talk (3)', assignmentId: null };
    expect(isEarlierTakeOf(take, { title: 'talk', assignmentId: null })).toBe(true);
    expect(isEarlierTakeOf(take, { title: 'Talk - v1', assignmentId: null })).toBe(true);
    expect(isEarlierTakeOf(take, { title: 'Other talk', assignmentId: null })).toBe(false);
    const inAssignment = { title: 'Anything', assignmentId: 'a1' };
    expect(isEarlierTakeOf(inAssignment, { title: 'Something else', assignmentId: 'a1' })).toBe(true);
    expect(isEarlierTakeOf(inAssignment, { title: 'Something else', assignmentId: 'a2' })).toBe(false);
    expect(isEarlierTakeOf({ title: '(2)', assignmentId: null }, { title: '(1)', assignmentId: null })).toBe(false);
    expect(isEarlierTakeOf({ title: 'take 2 (faster)', assignmentId: null }, { title: 'take 1', assignmentId: null })).toBe(true);
  });
  it('takes of one practice prompt are takes of each other, whatever their titles', () => {
    const take = { title: 'My pitch', assignmentId: null, practicePromptId: 'p1' };
    expect(isEarlierTakeOf(take, { title: 'Something else', assignmentId: null, practicePromptId: 'p1' })).toBe(true);
    expect(isEarlierTakeOf(take, { title: 'Something else', assignmentId: null, practicePromptId: 'p2' })).toBe(false);
    expect(isEarlierTakeOf(take, { title: 'My pitch - v1', assignmentId: null, practicePromptId: null })).toBe(true);
  });
});

describe('compare address', () => {
  it('keeps distinct ids in order, at most four', () => {
    expect(parseCompareIds('a, b,a,,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseCompareIds(null)).toEqual([]);
    expect(compareHref(['a', 'b'])).toBe('/compare?ids=a,b');
  });
});
