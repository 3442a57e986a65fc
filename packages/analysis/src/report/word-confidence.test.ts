import { UNCERTAIN_WORD_CONFIDENCE } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import type { TTranscriber, TWord } from '../asr/transcriber.js';
import { speak } from '../testing/speech-fixtures.js';

// The Results say which of the owner's words the recogniser was unsure of, carry the
// recogniser's alternatives (and none it did not give), count the word-spotting utterances that
// rest on uncertain words, and qualify the word-based tips.

const LOW = UNCERTAIN_WORD_CONFIDENCE / 3;

/** A recogniser that hears the given words, whatever the audio. */
const hearing = (words: TWord[]): TTranscriber => ({ name: 'fixed', transcribe: async () => words.map((w) => ({ ...w })) });

describe('word confidence in the Results', () => {
  const file = speak('Um, so we start on Monday. Um, everything is ready, so we go.', { rate: 150 });

  it('passes alternatives through, marks most of the transcript uncertain, and says what rests on uncertain words', async () => {
    const words: TWord[] = [
      { text: 'um', start: 0.3, end: 0.6, confidence: LOW, isFiller: true },
      { text: 'so', start: 0.7, end: 0.9, confidence: 0.95, isFiller: false },
      { text: 'we', start: 1.0, end: 1.1, confidence: LOW, isFiller: false, alternatives: [{ text: 'wee', confidence: 0.4 }] },
      { text: 'start', start: 1.2, end: 1.5, confidence: LOW, isFiller: false, alternatives: [] },
      { text: 'um', start: 2.5, end: 2.8, confidence: 0.9, isFiller: true },
      { text: 'ready', start: 3.4, end: 3.8, confidence: LOW, isFiller: false },
    ];
    const results = await analyze(file, { transcriber: hearing(words), wordSpotting: ['so'] });
    expect(results.diarizedTranscript.map((w) => w.alternatives)).toEqual([[], [], [{ text: 'wee', confidence: 0.4 }], [], [], []]);
    expect(results.data.wordConfidence).toEqual({
      threshold: UNCERTAIN_WORD_CONFIDENCE,
      words: 6,
      uncertain: 4,
      mostlyUncertain: true,
      wordSpotting: { 'uh/um': 1, so: 0 },
    });
    const spottingTips = results.tips.byMetric.wordSpotting ?? [];
    expect(spottingTips.some((t) => t.endsWith('1 of the 2 fillers counted rests on uncertain words.'))).toBe(true);
    expect(spottingTips).toContain(
      'The recogniser could not make out most of your words, so the word counts may be off: listen back before you act on them.',
    );
  }, 60_000);

  it('says nothing of uncertainty when the recogniser was sure', async () => {
    const words: TWord[] = [
      { text: 'um', start: 0.3, end: 0.6, confidence: 0.9, isFiller: true },
      { text: 'so', start: 0.7, end: 0.9, confidence: 0.95, isFiller: false },
    ];
    const results = await analyze(file, { transcriber: hearing(words), wordSpotting: ['so'] });
    expect(results.data.wordConfidence).toMatchObject({ uncertain: 0, mostlyUncertain: false, wordSpotting: { 'uh/um': 0, so: 0 } });
    expect((results.tips.byMetric.wordSpotting ?? []).join(' ')).not.toMatch(/uncertain/);
  }, 60_000);
});
