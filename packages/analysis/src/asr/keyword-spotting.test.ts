import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { createPocketsphinxTranscriber } from './pocketsphinx.transcriber.js';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { concatenate, keywordSentences, readMono, speak } from '../testing/speech-fixtures.js';
import {
  dedupeHits,
  keywordDictionaryFile,
  keywordFile,
  kwsThreshold,
  loadDictionary,
  mergeHits,
  parseKeywordHits,
  planKeywordSpotting,
  verifyKeywordHits,
} from './keyword-spotting.js';
import type { TKeywordHit } from './transcriber.js';

const hit = (phrase: string, start: number, end: number): TKeywordHit => ({ phrase, start, end, confidence: 0.8 });

describe('keyword spotting plan', () => {
  it('listens for in-dictionary phrases with a length-scaled threshold and leaves the rest to the transcript', () => {
    const dict = loadDictionary();
    expect(dict.get('actually')?.[0]).toBe('AE K CH UW AH L IY');
    // No letter-to-sound here: "zorblax" stays out of the keyword pass.
    const plan = planKeywordSpotting(['uh/um', 'Actually', 'you know/basically', 'zorblax', 'like', 'so/weather'], dict, () => null);
    expect(plan.spotted).toEqual(['Actually', 'you know/basically']);
    expect(plan.lines.map((l) => [l.text, l.phones])).toEqual([
      ['actually', 7],
      ['you know', 4],
      ['basically', 7],
      ['weather', 4],
    ]);
    expect(plan.lines.find((l) => l.text === 'weather')?.phrases).toEqual(['so/weather']);
    expect(kwsThreshold(4)).toBeCloseTo(1e-6, 20);
    expect(plan.dictionary.get('know')).toBe('N OW');
    // Variants of the short words of a phrase, each with a threshold for its own length; not of long words.
    expect(planKeywordSpotting(['to be honest', 'as a result'], dict).lines.map((l) => l.text)).toEqual([
      'to be honest',
      'to_be_honest',
      'to(2) be honest',
      'to_be_honest(2)',
      'to(3) be honest',
      'to_be_honest(3)',
      'as a result',
      'as_a_result',
      'as(2) a result',
      'as_a_result(2)',
      'as a(2) result',
      'as_a_result(3)',
    ]);
    // Three words or more: also one joined word with the phones concatenated, at the same per-phone threshold.
    const joined = planKeywordSpotting(['to be honest'], dict).lines.find((l) => l.text === 'to_be_honest(3)');
    expect([joined?.phones, joined?.threshold, joined?.phrases]).toEqual([9, kwsThreshold(9), ['to be honest']]);
    expect(keywordDictionaryFile(planKeywordSpotting(['to be honest'], dict))).toContain('to_be_honest(3) T AH B IY AA N AH S T\n');
    expect(keywordFile(plan)).toContain('actually /1e-30/\n');
  });

  it('parses keyword hits and merges them with transcript hits without double counting', () => {
    const plan = planKeywordSpotting(['you know', 'actually']);
    expect(dedupeHits([hit('actually', 1, 1.5), hit('actually', 1.1, 1.6), hit('you know', 1.1, 1.6)])).toHaveLength(2);
    const stdout =
      'actually  you know  actually \nactually  12.400 13.020 0.823392\nyou know  3.520 3.900 0.834919\nactually  0.180 0.590 0.842721\n';
    const hits = parseKeywordHits(stdout, plan, 10);
    expect(hits.map((h) => [h.phrase, h.start])).toEqual([
      ['actually', 10.18],
      ['you know', 13.52],
      ['actually', 22.4],
    ]);
    const transcript = [{ from: 10.3, to: 10.6 }];
    expect(
      mergeHits(transcript, [
        { from: 10.18, to: 10.59 },
        { from: 22.4, to: 23 },
        { from: 22.6, to: 23.1 },
      ]),
    ).toHaveLength(2);
    const words = [
      { text: 'actually', start: 10.25, end: 10.6, confidence: 0.9, isFiller: false },
      { text: 'um', start: 11, end: 11.2, confidence: 0.9, isFiller: true },
    ];
    const spotted = spotWords(words, ['actually', 'you know'], hits);
    expect(spotted.counts).toEqual({ 'uh/um': 1, actually: 2, 'you know': 1 });
    expect(spotted.acousticOnly).toBe(2);
    expect(spotted.hits.actually?.map((h) => h.from)).toEqual([10.25, 22.4]);
  });

  it('keeps a keyword hit only where the words the transcript heard sound like it (or it heard none)', () => {
    const plan = planKeywordSpotting(['kind of']);
    const stdout = 'kind of  1.000 1.400 0.9\nkind of  5.000 5.400 0.9\nkind of  9.000 9.400 0.9\n';
    const hits = parseKeywordHits(stdout, plan, 0);
    expect(hits[0]?.phones).toBe('K AY N D AH V');
    const w = (text: string, start: number, end: number) => ({ text, start, end, confidence: 1, isFiller: false });
    const words = [
      // "kind to": close to "kind of" (2 of 6 phones differ).
      w('kind', 0.95, 1.2),
      w('to', 1.2, 1.4),
      // "the project on time": nothing like it.
      w('the', 4.9, 5.0),
      w('project', 5.0, 5.3),
      w('on', 5.3, 5.4),
      // Nothing heard at 9 s.
    ];
    expect(verifyKeywordHits(hits, words, loadDictionary()).map((h) => h.start)).toEqual([1, 9]);
    // A hit without a pronunciation (another recogniser's) is kept.
    expect(verifyKeywordHits([hit('kind of', 5, 5.4)], words, loadDictionary())).toHaveLength(1);
    // So is one across a cut between transcription pieces (the transcript heard it in halves).
    expect(verifyKeywordHits(hits, words, loadDictionary(), [5.5]).map((h) => h.start)).toEqual([1, 5, 9]);
    expect(verifyKeywordHits(hits, words, loadDictionary(), [6]).map((h) => h.start)).toEqual([1, 9]);
  });
});

// flite's voices, taking turns: espeak-ng's formant speech is so far from the acoustic model that
// the transcript is mostly wrong (word error rate 0.7-0.85 in the word-spotting benchmark), and the
// keyword pass's hits are checked against what the transcript heard.
const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal16'];

describe('keyword spotting on synthetic speech', () => {
  it('counts a keyword said 8 times among 13 sentences, no fewer than the transcript alone', async () => {
    // 13 of the 20 sentences (about 50 s) keep the recogniser's share of the suite time down.
    const sentences = keywordSentences('actually').filter((_, i) => i < 12 || i === 18);
    const pieces = await Promise.all(
      sentences.map(async ([text, n], i) => ({
        samples: await readMono(speak(text, { synth: 'flite', voice: FLITE_VOICES[i % FLITE_VOICES.length], rate: 165 })),
        gapBefore: i === 0 ? 0.5 : 0.8,
        label: n,
      })),
    );
    const { file, spans } = concatenate('keyword-spotting-flite-v1', pieces);
    const truth = sentences.reduce((s, [, n]) => s + n, 0);
    const withKws = await analyze(file, { wordSpotting: ['actually', 'you know', 'zorblax'], transcriber: 'pocketsphinx' });
    const transcriptOnly =
      spotWords(
        withKws.diarizedTranscript.map((w) => ({
          text: w.text,
          start: w.start,
          end: w.end,
          confidence: w.confidence,
          isFiller: w.type === 'filler',
        })),
        ['actually'],
      ).counts.actually ?? 0;
    const fillerStarts = new Set(withKws.diarizedTranscript.filter((w) => w.type === 'filler').map((w) => w.start));
    const hotSpots = (withKws.timestamped.metrics.wordSpotting?.hotSpots ?? []).filter((h) => !fillerStarts.has(h.from));
    // True positive: a hot spot inside a sentence that still has an unmatched keyword.
    const left = spans.map((s) => s.label);
    let truePositives = 0;
    for (const h of hotSpots) {
      const i = spans.findIndex((s) => (h.from + h.to) / 2 >= s.from - 0.2 && (h.from + h.to) / 2 <= s.to + 0.2);
      if (i >= 0 && (left[i] as number) > 0) {
        left[i] = (left[i] as number) - 1;
        truePositives++;
      }
    }
    const counted = withKws.scores.wordSpotting.actually ?? 0;
    const spotted = counted + (withKws.scores.wordSpotting['you know'] ?? 0);
    const recall = truePositives / truth;
    const precision = spotted ? truePositives / spotted : 1;
    console.info(
      `keyword spotting: truth ${truth}, transcript ${transcriptOnly}, merged ${counted}, you know ${withKws.scores.wordSpotting['you know']}, recall ${recall.toFixed(2)}, precision ${precision.toFixed(2)}`,
    );
    expect(Object.keys(withKws.scores.wordSpotting)).toEqual(['uh/um', 'actually', 'you know', 'zorblax']);
    expect(withKws.scores.wordSpotting.zorblax).toBe(0);
    expect(withKws.timestamped.metrics.wordSpotting?.hotSpots).toHaveLength(spotted + (withKws.scores.wordSpotting['uh/um'] ?? 0));
    expect(counted).toBeGreaterThanOrEqual(transcriptOnly);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(precision).toBeGreaterThanOrEqual(0.8);
  });
});

describe('keyword spotting at a cut between pieces', () => {
  it('hears a phrase the transcriber cut in two, once', async () => {
    const around = await readMono(speak('We talked for an hour and then', { voice: 'en-us', rate: 165 }));
    const word = await readMono(speak('actually', { voice: 'en-us', rate: 165 }));
    // The same words before and after: with no pause to cut at, the cut falls in the middle of "actually".
    const { file, spans } = concatenate('kws-at-cut-v2', [
      { samples: around, gapBefore: 0.3 },
      { samples: word, gapBefore: 0 },
      { samples: around, gapBefore: 0 },
    ]);
    const samples = await readMono(file);
    const duration = samples.length / 16_000;
    const at = spans[1] as { from: number; to: number };
    expect(duration / 2).toBeGreaterThan(at.from);
    expect(duration / 2).toBeLessThan(at.to);
    const t = await createPocketsphinxTranscriber({ parallel: 2 }).transcribeWithKeywords!({
      samples,
      sampleRate: 16_000,
      speech: [{ from: 0.3, to: duration - 0.5 }],
      keywords: ['actually'],
    });
    const hits = t.keywordHits.filter((h) => h.phrase === 'actually');
    expect(hits).toHaveLength(1);
    expect((hits[0]!.start + hits[0]!.end) / 2).toBeGreaterThan(at.from - 0.3);
    expect((hits[0]!.start + hits[0]!.end) / 2).toBeLessThan(at.to + 0.3);
  });
});
