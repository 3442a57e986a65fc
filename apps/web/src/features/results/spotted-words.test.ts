import { describe, expect, it } from 'vitest';
import { word } from './results-fixtures';
import { phraseSpans, spansByPhrase, spottedPhraseHits, spottedWordIndices, wordSpottingCounts } from './spotted-words';

// Issue 12 item 20: a transcript word is marked as spotted when it is (part of) a spotted phrase
// and the analysis heard that phrase there; a word merely next to a hit is not.

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

// 002 section 2.9: each phrase's hits are told apart (the transcript's titles, the waveform's
// per-phrase highlights), and the donut shows every phrase of the list counted.
describe('spottedPhraseHits and phraseSpans', () => {
  const items = [
    word('So', 0.5, 0.8),
    word('you', 1.0, 1.2),
    word(',', 1.2, 1.2, 'punctuation'),
    word('know', 1.2, 1.5),
    word('so', 3.0, 3.3),
    word('you', 4.0, 4.2),
    word('know', 4.2, 4.5),
  ];
  const hot = [
    { from: 0.5, to: 1.5, spread: 1 },
    { from: 3.0, to: 3.3, spread: 1 },
  ];

  it('gives each heard utterance its phrase, its words (not the punctuation between them) and its time', () => {
    expect(spottedPhraseHits(items, ['so', 'you know'], hot)).toEqual([
      { phrase: 'so', indices: [0], from: 0.5, to: 0.8 },
      { phrase: 'so', indices: [4], from: 3.0, to: 3.3 },
      { phrase: 'you know', indices: [1, 3], from: 1.0, to: 1.5 },
    ]);
  });

  it("groups the hits into each phrase's waveform spans", () => {
    const spans = phraseSpans(spottedPhraseHits(items, ['so', 'you know', 'basically'], hot));
    expect([...spans.keys()]).toEqual(['so', 'you know']);
    expect(spans.get('you know')).toEqual([{ from: 1.0, to: 1.5, spread: 1 }]);
    expect(spans.get('so')).toHaveLength(2);
  });
});

describe('wordSpottingCounts', () => {
  it('adds the phrases of the list the scores lack at 0 and puts the heard phrases first', () => {
    const used = { words: ['uh/um', 'so', 'product name', 'you know'] };
    expect(wordSpottingCounts({ 'uh/um': 0, so: 2, 'you know': 1 }, used)).toEqual([
      ['so', 2],
      ['you know', 1],
      ['uh/um', 0],
      ['product name', 0],
    ]);
  });

  it('keeps a scored phrase the list does not name, and works without a list', () => {
    expect(wordSpottingCounts({ 'uh/um': 1, legacy: 0 }, { words: ['uh/um'] })).toEqual([
      ['uh/um', 1],
      ['legacy', 0],
    ]);
    expect(wordSpottingCounts({ 'uh/um': 0, so: 1 }, null)).toEqual([
      ['so', 1],
      ['uh/um', 0],
    ]);
  });
});

describe('spansByPhrase: hot spots that name their phrase', () => {
  const items = [word('so', 0, 0.3), word('you', 0.3, 0.5), word('know', 0.5, 0.8), word('so', 2, 2.3)];
  it('groups the labelled hot spots by phrase, a hit without transcript words included', () => {
    const hot = [
      { from: 0, to: 0.3, spread: 1, label: 'so' },
      { from: 0.3, to: 0.8, spread: 1, label: 'you know' },
      { from: 2, to: 2.3, spread: 1, label: 'so' },
      { from: 5, to: 5.4, spread: 1, label: 'so' },
    ];
    const spans = spansByPhrase(items, ['so', 'you know'], hot);
    expect(spans.get('so')?.map((s) => s.from)).toEqual([0, 2, 5]);
    expect(spans.get('you know')?.map((s) => s.from)).toEqual([0.3]);
  });

  it('marks a word only under the phrase its hot spot names', () => {
    // "know" is listed too, but the analysis counted this utterance as "you know" (longest wins).
    const hot = [{ from: 0.3, to: 0.8, spread: 1, label: 'you know' }];
    expect(spottedPhraseHits(items, ['know', 'you know'], hot).map((h) => h.phrase)).toEqual(['you know']);
  });

  it('older results without labels fall back to the transcript under the merged hot spots', () => {
    const hot = [{ from: 0, to: 0.8, spread: 1 }];
    expect([...spansByPhrase(items, ['so', 'you know'], hot).keys()]).toEqual(['so', 'you know']);
  });
});
