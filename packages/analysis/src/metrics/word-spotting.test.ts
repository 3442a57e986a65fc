import { describe, expect, it } from 'vitest';
import type { TKeywordHit } from '../asr/transcriber.js';
import type { TWord } from '../asr/transcriber.js';
import { spotWords } from './word-spotting.metric.js';

/** Words 0.4 s apart, each 0.3 s long. */
const said = (text: string): TWord[] =>
  text.split(' ').map((w, i) => ({ text: w, start: i * 0.4, end: i * 0.4 + 0.3, confidence: 1, isFiller: w === 'um' }));

const hit = (phrase: string, start: number, end: number): TKeywordHit => ({ phrase, start, end, confidence: 0.8 });

describe('word spotting rules', () => {
  it('ignores case and punctuation in the transcript and in the list', () => {
    const r = spotWords(said('So, you know, SO! it works'), ['so', 'You know,']);
    expect(r.counts).toEqual({ 'uh/um': 0, so: 2, 'You know,': 1 });
  });

  it('counts one utterance once when an alternative lies inside another ("you know/know")', () => {
    expect(spotWords(said('you know what I know'), ['you know/know']).counts['you know/know']).toBe(2);
  });

  it('lets the longest phrase win: "know" inside a counted "you know" is not counted again', () => {
    const r = spotWords(said('you know I know it'), ['know', 'you know']);
    expect(r.counts).toEqual({ 'uh/um': 0, know: 1, 'you know': 1 });
    expect(r.hits.know?.map((h) => h.from.toFixed(1))).toEqual(['1.2']);
  });

  it('drops a keyword hit of a shorter phrase inside a longer phrase heard there', () => {
    const r = spotWords(said('you know it'), ['know', 'you know'], [hit('know', 0.4, 0.7), hit('you know', 0, 0.7)]);
    expect(r.counts).toEqual({ 'uh/um': 0, know: 0, 'you know': 1 });
    expect(r.acousticOnly).toBe(0);
  });

  it('counts a phrase listed twice (ignoring case) once, both keys showing the count', () => {
    const r = spotWords(said('so it goes so'), ['so', 'So']);
    expect(r.counts).toEqual({ 'uh/um': 0, so: 2, So: 2 });
    expect(Object.keys(r.hits)).toEqual(['uh/um', 'so']);
  });

  it('matches hyphens, typographic apostrophes and numbers either way', () => {
    const r = spotWords(said("send an email don't wait ten minutes"), ['e-mail', 'don’t', '10 minutes']);
    expect(r.counts).toEqual({ 'uh/um': 0, 'e-mail': 1, 'don’t': 1, '10 minutes': 1 });
    expect(spotWords(said('twenty one days'), ['21 days']).counts['21 days']).toBe(1);
  });

  it('adds keyword hits the transcript missed, once per utterance', () => {
    const r = spotWords(said('we basic league did it'), ['basically'], [hit('basically', 0.35, 1.1), hit('basically', 0.4, 1.0)]);
    expect(r.counts.basically).toBe(1);
    expect(r.acousticOnly).toBe(1);
  });

  it('drops a keyword hit heard inside one longer transcript word that is not the phrase', () => {
    const words: TWord[] = [
      { text: 'quickly', start: 1, end: 1.8, confidence: 1, isFiller: false },
      { text: 'me', start: 3, end: 3.2, confidence: 1, isFiller: false },
      { text: 'sick', start: 3.2, end: 3.5, confidence: 1, isFiller: false },
    ];
    // Inside "quickly": dropped. Across "me sick" (no one word holds 75% of it): kept.
    const r = spotWords(words, ['basically'], [hit('basically', 1.2, 1.6), hit('basically', 3, 3.5)]);
    expect(r.hits.basically?.map((h) => h.from)).toEqual([3]);
    // A transcript word that is one of the phrase's own words does not veto it.
    expect(spotWords(said('so an example'), ['for example'], [hit('for example', 0.7, 1.1)]).counts['for example']).toBe(1);
  });
});
