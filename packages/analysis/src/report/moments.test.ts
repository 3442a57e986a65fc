import { describe, expect, it } from 'vitest';
import { SINGLE_SPEAKER_SUMMARY, type TMetricTimestamps, type TSpan } from '@rostrum/contract';
import { analyze } from '../analyze.js';
import { speak } from '../testing/speech-fixtures.js';
import { unclearStretches, weakestStretches } from './moments.js';

const word = (text: string, start: number, end: number, confidence: number, isFiller = false) => ({
  text,
  start,
  end,
  confidence,
  isFiller,
});

describe("Clarity's moments: the stretches the recogniser could hardly make out", () => {
  it('joins neighbouring unsure words into one stretch and leaves sure words and single slips out', () => {
    const words = [
      word('good', 0, 0.4, 0.9),
      word('mumbled', 0.5, 0.9, 0.1),
      word('words', 1.0, 1.4, 0.2),
      word('here', 1.5, 1.8, 0.15),
      word('clear', 2.5, 3, 0.95),
      word('slip', 4, 4.3, 0.1),
      word('again', 6, 6.4, 0.05),
      word('lost', 6.5, 7, 0.2),
    ];
    expect(unclearStretches(words)).toEqual([
      { from: 0.5, to: 1.8, spread: -0.85 },
      { from: 6, to: 7, spread: -0.88 },
    ]);
  });

  it('does not count fillers (word spotting has them) and finds none without a transcript', () => {
    expect(unclearStretches([word('um', 0, 0.3, 0.1, true), word('uh', 0.4, 0.6, 0.1, true)])).toEqual([]);
    expect(unclearStretches([])).toEqual([]);
  });
});

describe("Vocal Delivery's moments: its weakest stretches", () => {
  const seg = (spreads: number[]): TMetricTimestamps => ({
    hotSpots: [],
    segments: spreads.map((spread, i): TSpan => ({ from: i * 2, to: i * 2 + 2, spread })),
  });

  it('are the segments furthest outside the ideal bands over the delivery metrics, at most three, in time order', () => {
    const spots = weakestStretches({
      pace: seg([0, 3, 0, 4, 0, -4]),
      pauseToTalk: seg([0, -4, 0, 0, 0, -3]),
      varietyPitch: seg([1, 0, 2, 0, 0, 0]),
      varietyVolume: seg([0, 0, 0, 0, 2.5, 0]),
    });
    // Beyond the band (|spread| > 2): segment 1: 1 + 2, segment 3: 2, segment 4: 0.5, segment 5: 2 + 1.
    expect(spots).toEqual([
      { from: 2, to: 4, spread: -3 },
      { from: 6, to: 8, spread: -2 },
      { from: 10, to: 12, spread: -3 },
    ]);
  });

  it('are none when every segment is in its ideal band', () => {
    expect(weakestStretches({ pace: seg([1, -2, 2]), varietyPace: seg([0, 0, 0]) })).toEqual([]);
  });
});

describe('the Results carry moments and tips for every single-speaker chart', () => {
  it('Clarity and Vocal Delivery have their moments; every chart its tips', async () => {
    const file = speak(
      'Good morning everyone. Um, today I want to talk about shorter meetings. Uh, first we share an agenda, then we decide, and finally we measure how long every meeting takes.',
      { rate: 190 },
    );
    const results = await analyze(file, { transcriber: 'pocketsphinx' });
    const m = results.timestamped.metrics;
    const ownerWords = results.diarizedTranscript.map((w) => ({ ...w, isFiller: w.type === 'filler' }));
    expect(m.clarity!.hotSpots).toEqual(unclearStretches(ownerWords));
    expect(m.clarity!.hotSpots.length).toBeGreaterThan(0);
    expect(m.overall!.hotSpots).toEqual(weakestStretches(m));
    expect(m.overall!.hotSpots.length).toBeGreaterThan(0);
    for (const key of SINGLE_SPEAKER_SUMMARY) expect(results.tips.byMetric[key]?.length, key).toBeGreaterThan(0);
  }, 120_000);
});
