import { describe, expect, it } from 'vitest';
import type { TTranscriptItem } from '@rostrum/contract';
import { spottedWordIndices } from './spotted-words';

// Issue 12 item 20: a transcript word is marked as spotted when it is (part of) a spotted phrase
// and the analysis heard that phrase there; a word merely next to a hit is not.

const word = (text: string, start: number, end: number, type: TTranscriptItem['type'] = 'word'): TTranscriptItem => ({
  speaker: 1,
  text,
  start,
  end,
  confidence: 0.9,
  type,
  isPunctuation: type === 'punctuation',
  alternatives: [],
});

describe('spottedWordIndices', () => {
  it('filler then word: marks the filler, not the word right after it', () => {
    const items = [word('So', 0.5, 1.0), word('um', 1.0, 1.3, 'filler'), word('weather', 1.3, 1.8), word('matters', 1.8, 2.3)];
    const spotted = spottedWordIndices(items, ['uh/um', 'actually'], [{ from: 1.0, to: 1.3, spread: 1 }]);
    expect([...spotted]).toEqual([1]);
  });

  it('a spotted phrase of two words marks both, and only where it was heard', () => {
    const items = [
      word('you', 0, 0.2),
      word('know', 0.2, 0.5),
      word(',', 0.5, 0.5, 'punctuation'),
      word('it', 0.5, 0.7),
      word('is', 0.7, 0.9),
      word('You', 3.0, 3.2),
      word('know', 3.2, 3.5),
    ];
    const spotted = spottedWordIndices(items, ['uh/um', 'you know/basically'], [{ from: 0, to: 0.5, spread: 1 }]);
    expect([...spotted].sort()).toEqual([0, 1]);
  });

  it('a hit the transcript has no word for (the acoustic pass) marks nothing beside it', () => {
    const items = [word('the', 1.0, 1.2), word('weather', 1.2, 1.7)];
    expect([...spottedWordIndices(items, ['uh/um', 'actually'], [{ from: 1.15, to: 1.6, spread: 1 }])]).toEqual([]);
  });

  it('matches ignoring case and punctuation, across punctuation items', () => {
    const items = [word('Actually,', 2.0, 2.4), word('.', 2.4, 2.4, 'punctuation')];
    expect([...spottedWordIndices(items, ['uh/um', 'actually'], [{ from: 2.0, to: 2.4, spread: 1 }])]).toEqual([0]);
  });
});
