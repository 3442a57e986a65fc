import { describe, expect, it } from 'vitest';
import {
  isMostlyUncertain,
  isUncertainWord,
  UNCERTAIN_WORD_CONFIDENCE,
  uncertainCountNote,
  uncertainShare,
  uncertainSpottingLine,
  uncertainWordHint,
} from './word-confidence.js';

const w = (confidence: number, type: 'word' | 'filler' | 'punctuation' = 'word') => ({
  confidence,
  type,
  isPunctuation: type === 'punctuation',
});

describe('word confidence', () => {
  it('calls a word uncertain below the measured threshold, never punctuation', () => {
    expect(isUncertainWord(w(UNCERTAIN_WORD_CONFIDENCE - 0.01))).toBe(true);
    expect(isUncertainWord(w(UNCERTAIN_WORD_CONFIDENCE))).toBe(false);
    expect(isUncertainWord(w(0, 'punctuation'))).toBe(false);
    expect(isUncertainWord(w(0, 'filler'))).toBe(true);
  });

  it('says a transcript is mostly uncertain only when more than half of its words are', () => {
    const low = UNCERTAIN_WORD_CONFIDENCE / 2;
    expect(uncertainShare([w(low), w(1), w(0, 'punctuation')])).toBe(0.5);
    expect(isMostlyUncertain([w(low), w(1)])).toBe(false);
    expect(isMostlyUncertain([w(low), w(low), w(1)])).toBe(true);
    expect(isMostlyUncertain([])).toBe(false);
  });

  it('writes the hover, the tip note and the card line from what the recogniser gave', () => {
    expect(uncertainWordHint([{ text: 'open' }, { text: 'source' }])).toBe('Uncertain word. The recogniser also heard: open, source');
    expect(uncertainWordHint([])).toBe('Uncertain word: the recogniser could not make it out');
    const noun = { one: 'filler counted', many: 'fillers counted' };
    expect(uncertainCountNote(0, 4, noun)).toBeNull();
    expect(uncertainCountNote(1, 4, noun)).toBe('1 of the 4 fillers counted rests on uncertain words.');
    expect(uncertainCountNote(4, 4, noun)).toBe('All 4 fillers counted rest on uncertain words.');
    expect(uncertainSpottingLine({ 'uh/um': 3, so: 2, like: 0 }, { 'uh/um': 1, so: 0, like: 0 })).toBe(
      'Resting on uncertain words: uh/um (1 of 3)',
    );
    expect(uncertainSpottingLine({ so: 2 }, undefined)).toBeNull();
  });
});
