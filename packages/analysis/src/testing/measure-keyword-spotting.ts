// Measures word-spotting recall and precision on espeak speech, transcript alone versus transcript
// plus the keyword-spotting pass. Run: node --import tsx packages/analysis/src/testing/measure-keyword-spotting.ts
import { createPocketsphinxTranscriber } from '../asr/pocketsphinx.transcriber.js';
import type { TSpan } from '@rostrum/contract';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { analyzeProsody } from '../signal/prosody.js';
import { concatenate, keywordSentences, readMono, RATE, speak } from './speech-fixtures.js';

const KEYWORDS = process.argv[2]?.split(',') ?? ['actually', 'basically', 'literally', 'weather', 'you know', 'in other words', 'like'];
const VOICES = process.argv[3]?.split(',') ?? ['en-us', 'en-gb', 'en-us+m3'];

function score(hits: readonly TSpan[], spans: readonly { from: number; to: number; label: number }[]): { tp: number; fp: number } {
  const left = spans.map((s) => s.label);
  let tp = 0;
  for (const h of hits) {
    const mid = (h.from + h.to) / 2;
    const i = spans.findIndex((s) => mid >= s.from - 0.2 && mid <= s.to + 0.2);
    if (i >= 0 && (left[i] as number) > 0) {
      left[i] = (left[i] as number) - 1;
      tp++;
    }
  }
  return { tp, fp: hits.length - tp };
}

const total = { truth: 0, transcript: { tp: 0, fp: 0 }, merged: { tp: 0, fp: 0 } };
for (const keyword of KEYWORDS) {
  for (const voice of VOICES) {
    const sentences = keywordSentences(keyword);
    const pieces = await Promise.all(
      sentences.map(async ([text, n], i) => ({
        samples: await readMono(speak(text, { voice, rate: 165 })),
        gapBefore: i === 0 ? 0.5 : 0.8,
        label: n,
      })),
    );
    const { file, spans } = concatenate(`measure-kws-${keyword.replace(/\W+/g, '_')}-${voice}`, pieces);
    const samples = await readMono(file);
    const speech = analyzeProsody(samples, RATE).activity.speech;
    const t = await createPocketsphinxTranscriber().transcribeWithKeywords!({ samples, sampleRate: RATE, speech, keywords: [keyword] });
    const transcript = score(spotWords(t.words, [keyword]).hits[keyword] ?? [], spans);
    const merged = score(spotWords(t.words, [keyword], t.keywordHits).hits[keyword] ?? [], spans);
    const truth = sentences.reduce((s, [, n]) => s + n, 0);
    total.truth += truth;
    for (const [k, v] of [
      ['transcript', transcript],
      ['merged', merged],
    ] as const) {
      total[k].tp += v.tp;
      total[k].fp += v.fp;
    }
    const spotted = t.spotted.length > 0 ? 'kws' : 'transcript only';
    console.log(
      `${keyword.padEnd(15)} ${voice.padEnd(9)} ${spotted.padEnd(15)} truth ${truth}  transcript ${transcript.tp} (+${transcript.fp} false)  with kws ${merged.tp} (+${merged.fp} false)`,
    );
  }
}
const rate = (x: { tp: number; fp: number }): string =>
  `recall ${(x.tp / total.truth).toFixed(2)}, precision ${(x.tp / Math.max(1, x.tp + x.fp)).toFixed(2)}`;
console.log(`ALL (${total.truth} utterances): transcript ${rate(total.transcript)}; transcript + kws ${rate(total.merged)}`);
