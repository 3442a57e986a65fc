import { describe, expect, it } from 'vitest';
import { analyze, type TTranscribedPrefix } from '../analyze.js';
import { decodePcm } from '../decode/decode-pcm.js';
import { analyzeProsody } from '../signal/prosody.js';
import type { TInterval } from '../signal/voice-activity.js';
import { speak } from '../testing/speech-fixtures.js';
import { createPocketsphinxTranscriber } from './pocketsphinx.transcriber.js';
import type { TTranscribeInput, TTranscriber, TWord } from './transcriber.js';
import {
  LIVE_MAX_WINDOW_SECONDS,
  LIVE_MIN_WINDOW_SECONDS,
  LIVE_TAIL_GUARD_SECONDS,
  mergeTranscription,
  nextLiveWindow,
  transcribeWindow,
} from './transcribe-window.js';

const TALK =
  'Good morning everyone. Today I want to talk about why speaking clearly matters. ' +
  'When we rush, people stop listening. So slow down, pause, and let your ideas land. ' +
  'A good talk has a clear beginning. It has a middle that builds, and an end people remember. ' +
  'Practice out loud, record yourself, and listen back. Thank you for listening.';

/** A fake recogniser: one word per second of the audio it is given, and the windows it was asked for. */
function fakeTranscriber() {
  const calls: { seconds: number; window: TInterval | undefined }[] = [];
  const transcriber: TTranscriber = {
    name: 'fake',
    async transcribe(input: TTranscribeInput): Promise<TWord[]> {
      const seconds = input.samples.length / input.sampleRate;
      calls.push({ seconds, window: input.window });
      return Array.from({ length: Math.floor(seconds) }, (_, i) => ({
        text: `w${i}`,
        start: i + 0.1,
        end: i + 0.6,
        confidence: 1,
        isFiller: false,
      }));
    },
  };
  return { transcriber, calls };
}

describe('nextLiveWindow', () => {
  // Speech with pauses at 4-4.6, 9-9.5, 15-16 and 40-41 s.
  const speech: TInterval[] = [
    { from: 0.5, to: 4 },
    { from: 4.6, to: 9 },
    { from: 9.5, to: 15 },
    { from: 16, to: 40 },
    { from: 41, to: 70 },
  ];

  it('cuts at the latest pause that ends the guard before the end, at least the minimum after the start', () => {
    expect(nextLiveWindow(speech, 0, 12, false)).toEqual({ from: 0, to: 9.25 });
    // The pause at 15-16 s ends less than the guard before 17.5 s: not yet.
    expect(nextLiveWindow(speech, 0, 17.5, false)).toEqual({ from: 0, to: 9.25 });
    expect(nextLiveWindow(speech, 0, 18.5, false)).toEqual({ from: 0, to: 15.5 });
    // The pause at 4.3 s would leave a window under the minimum.
    expect(nextLiveWindow(speech, 0, 8, false)).toBeNull();
    expect(LIVE_MIN_WINDOW_SECONDS).toBeGreaterThan(4.3);
    expect(LIVE_TAIL_GUARD_SECONDS).toBeGreaterThanOrEqual(1);
  });

  it('forces a cut at the maximum when there is no pause, and takes the rest once complete', () => {
    expect(nextLiveWindow(speech, 15.5, 40, false)).toBeNull();
    expect(nextLiveWindow(speech, 15.5, 15.5 + LIVE_MAX_WINDOW_SECONDS + LIVE_TAIL_GUARD_SECONDS, false)).toEqual({
      from: 15.5,
      to: 40.5,
    });
    expect(nextLiveWindow(speech, 40.5, 70, false)).toBeNull();
    expect(nextLiveWindow(speech, 40.5, 73, false)).toEqual({ from: 40.5, to: 40.5 + LIVE_MAX_WINDOW_SECONDS });
    expect(nextLiveWindow(speech, 40.5, 60, true)).toEqual({ from: 40.5, to: 60 });
    expect(nextLiveWindow(speech, 60, 60, true)).toBeNull();
  });
});

describe('transcribeWindow', () => {
  it('gives a recogniser without windows only the window, with times in the recording', async () => {
    const { transcriber, calls } = fakeTranscriber();
    const samples = new Float32Array(16_000 * 20);
    const out = await transcribeWindow(transcriber, { samples, sampleRate: 16_000, speech: [], window: { from: 12, to: 17 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.seconds).toBeCloseTo(5, 3);
    expect(calls[0]!.window).toBeUndefined();
    expect(out.words.map((w) => w.start)).toEqual([12.1, 13.1, 14.1, 15.1, 16.1]);
  });

  it('merges a prefix and a tail, counting a keyword hit heard by both once', () => {
    const hit = { phrase: 'basically', start: 9.8, end: 10.3, confidence: 0.9 };
    const word = (text: string, start: number) => ({ text, start, end: start + 0.3, confidence: 1, isFiller: false });
    const merged = mergeTranscription(
      { words: [word('a', 1), word('b', 9)], keywordHits: [hit] },
      { words: [word('c', 11)], keywordHits: [{ ...hit, start: 9.81 }] },
    );
    expect(merged.words.map((w) => w.text)).toEqual(['a', 'b', 'c']);
    expect(merged.keywordHits).toHaveLength(1);
  });
});

describe('analyze with a transcribed prefix', () => {
  it('asks the recogniser only for the tail', async () => {
    const file = speak(TALK, { synth: 'flite', rate: 150 });
    const whole = fakeTranscriber();
    const full = await analyze(file, { transcriber: whole.transcriber });
    const duration = full.data.duration;
    expect(duration).toBeGreaterThan(20);
    const tail = fakeTranscriber();
    const until = 14;
    const prefixWords = Array.from({ length: until }, (_, i) => ({
      text: `p${i}`,
      start: i + 0.2,
      end: i + 0.7,
      confidence: 1,
      isFiller: false,
    }));
    const results = await analyze(file, {
      transcriber: tail.transcriber,
      transcribedPrefix: { until, words: prefixWords, keywordHits: [], keywords: [] },
    });
    expect(tail.calls).toHaveLength(1);
    expect(tail.calls[0]!.seconds).toBeCloseTo(duration - until, 1);
    const items = results.diarizedTranscript.filter((w) => !w.isPunctuation);
    const texts = items.map((w) => w.text.toLowerCase());
    // Every prefix word is kept, unless the acoustic filler detector heard a hesitation over it
    // (flite's flat vowels can pass for one): then a filler item stands in its place.
    const fillers = items.filter((w) => w.type === 'filler');
    const missing = prefixWords.filter((p) => !texts.includes(p.text));
    for (const p of missing) expect(fillers.some((f) => f.start < p.end && f.end > p.start)).toBe(true);
    expect(texts.filter((t) => t.startsWith('p')).length + missing.length).toBe(until);
    expect(texts.filter((t) => t.startsWith('w'))).toHaveLength(Math.floor(duration - until));
  });

  it('decodes while a prefix given as a promise is still on its way, then transcribes only the tail', async () => {
    const file = speak(TALK, { synth: 'flite', rate: 150 });
    const tail = fakeTranscriber();
    const events: string[] = [];
    let deliver: (p: TTranscribedPrefix) => void = () => undefined;
    const prefix = new Promise<TTranscribedPrefix>((resolve) => {
      deliver = resolve;
    });
    const results = analyze(file, {
      transcriber: tail.transcriber,
      transcribedPrefix: prefix,
      onDecoded: ({ samples, sampleRate }) => {
        events.push(`decoded ${Math.round(samples.length / sampleRate)} s`);
        // The live transcription's last window ends after the decode.
        setTimeout(() => {
          events.push('prefix');
          deliver({ until: 10, words: [], keywordHits: [], keywords: [] });
        }, 200);
      },
    });
    const done = await results;
    expect(events[0]).toMatch(/^decoded \d+ s$/);
    expect(events[1]).toBe('prefix');
    expect(tail.calls).toHaveLength(1);
    expect(tail.calls[0]!.seconds).toBeCloseTo(done.data.duration - 10, 1);
  });

  it('transcribes everything when the prefix listened for other phrases', async () => {
    const file = speak(TALK, { synth: 'flite', rate: 150 });
    const fake = fakeTranscriber();
    await analyze(file, {
      transcriber: fake.transcriber,
      wordSpotting: ['clearly'],
      transcribedPrefix: { until: 10, words: [], keywordHits: [], keywords: ['basically'] },
    });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.seconds).toBeGreaterThan(20);
  });

  it('hears the same words with a live-transcribed prefix as without, on real speech', async () => {
    const file = speak(TALK, { synth: 'flite', rate: 150 });
    const phrases = ['clearly', 'listening'];
    const recogniser = createPocketsphinxTranscriber({ parallel: 1 });
    const full = await analyze(file, { transcriber: recogniser, wordSpotting: phrases });
    // The prefix as the live worker makes it: windows cut at pauses of the audio so far.
    const pcm = await decodePcm(file);
    const samples = pcm.channels[0]!;
    const speech = analyzeProsody(samples, pcm.sampleRate).activity.speech;
    const end = samples.length / pcm.sampleRate;
    let until = 0;
    let prefix = { words: [] as TWord[], keywordHits: [] as Awaited<ReturnType<typeof transcribeWindow>>['keywordHits'] };
    for (let received = 8; received < end; received += 3) {
      const w = nextLiveWindow(speech, until, received, false);
      if (!w) continue;
      const part = await transcribeWindow(recogniser, { samples, sampleRate: pcm.sampleRate, speech, keywords: phrases, window: w });
      prefix = mergeTranscription(prefix, part);
      until = w.to;
    }
    expect(until).toBeGreaterThan(end / 2);
    const withPrefix = await analyze(file, {
      transcriber: recogniser,
      wordSpotting: phrases,
      transcribedPrefix: { until, ...prefix, keywords: phrases },
    });
    const words = (r: typeof full) => r.diarizedTranscript.filter((w) => !w.isPunctuation).map((w) => w.text.toLowerCase());
    const a = words(full);
    const b = words(withPrefix);
    const common = lcs(a, b);
    // Shorter pieces give the language model less context: on this voice about 4 words in 5 come
    // out the same (0.79 measured), which is the variation a different cut of the audio gives too.
    expect(common / Math.max(a.length, b.length)).toBeGreaterThan(0.7);
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(Math.ceil(a.length * 0.1));
    expect(withPrefix.scores.wordSpotting).toEqual(full.scores.wordSpotting);
  }, 240_000);
});

/** Length of the longest common subsequence of two word lists. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let prev = 0;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j]!;
      row[j] = x === b[j - 1] ? prev + 1 : Math.max(row[j]!, row[j - 1]!);
      prev = keep;
    }
  }
  return row[b.length]!;
}
