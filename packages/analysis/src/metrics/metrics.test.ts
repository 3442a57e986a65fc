import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { concatenate, praatPitch, readMono, speak, RATE } from '../testing/speech-fixtures.js';
import { analyzeProsody } from '../signal/prosody.js';
import { finalRise, measureUpspeak, RISE_SEMITONES, STATEMENT_PAUSE, statementEnds } from './upspeak.metric.js';
import { trackFor, type TSpeechTrack } from './speech-track.js';

/** The same final-rise measure, on Praat's pitch track: the reference for the phrase end. */
function praatFinalRise(file: string, end: number): number {
  const st = praatPitch(file)
    .filter(([t, f]) => f > 0 && t >= end - 0.25 && t <= end)
    .map(([, f]) => 12 * Math.log2(f / 100));
  const last = st.slice(-3).sort((a, b) => a - b)[1] ?? Number.NaN;
  return last - Math.min(...st.slice(0, -2));
}

describe('upspeak', () => {
  it('finds a rise of 3 semitones or more at a question end, and not at a falling statement end', async () => {
    const question = speak('Are you really coming to the party tonight?', { rate: 160 });
    const statement = speak('I am going home now.', { rate: 160 });
    for (const [file, rising] of [
      [question, true],
      [statement, false],
    ] as const) {
      const p = analyzeProsody(await readMono(file), RATE);
      const phrase = p.activity.speech[p.activity.speech.length - 1];
      expect(phrase).toBeDefined();
      if (!phrase) return;
      const truth = praatFinalRise(file, phrase.to);
      const ours = finalRise(p.pitch, phrase);
      if (rising) expect(truth).toBeGreaterThanOrEqual(RISE_SEMITONES);
      else expect(truth).toBeLessThan(RISE_SEMITONES);
      expect(ours >= RISE_SEMITONES).toBe(rising);
    }
  });
});

describe('upspeak and rise-fall endings', () => {
  // One 1.5 s statement at 200 Hz whose last 250 ms climb from 180 to 290 Hz; `endHz` is where
  // the pitch is when voicing stops. Contours written out, so the rule is tested on its own.
  function trackEndingAt(endHz: number): TSpeechTrack {
    const step = 0.01;
    const values = new Float32Array(200);
    for (let i = 20; i < 170; i++) values[i] = 200;
    for (let k = 0; k < 15; k++) values[145 + k] = 180 * (290 / 180) ** (k / 14);
    for (let k = 0; k < 10; k++) values[160 + k] = 290 * (endHz / 290) ** ((k + 1) / 10);
    const contour = { start: 0, step, values };
    return {
      duration: 2,
      pitch: contour,
      intensity: { start: 0, step, values: new Float32Array(200) },
      bands: [],
      nuclei: [],
      speech: [{ from: 0.2, to: 1.7 }],
      pauses: [],
      words: [],
    };
  }
  it('counts a terminal rise that ends at its peak', () => {
    const u = measureUpspeak(trackEndingAt(290));
    expect(u.phraseEnds[0]?.rising).toBe(true);
    expect(u.upspeak).toBe(100);
  });
  it('does not count a rise-fall whose end falls MAX_FALL_SEMITONES or more from the peak (an accent on the last word)', () => {
    // Like JFK's "ask NOT" at 1.25x: up 8 semitones, then down over 3 to the end, still above the low point.
    const u = measureUpspeak(trackEndingAt(228));
    const end = u.phraseEnds[0];
    expect(end?.rise ?? 0).toBeGreaterThanOrEqual(RISE_SEMITONES);
    expect(end?.fall ?? 0).toBeGreaterThanOrEqual(RISE_SEMITONES);
    expect(end?.rising).toBe(false);
    expect(u.upspeak).toBe(0);
  });
  it('still counts a rise with a small dip at the very end', () => {
    const u = measureUpspeak(trackEndingAt(270));
    expect(u.phraseEnds[0]?.fall ?? 99).toBeLessThan(RISE_SEMITONES);
    expect(u.phraseEnds[0]?.rising).toBe(true);
  });
});

describe('statement ends', () => {
  it('are runs before a pause of STATEMENT_PAUSE or more, or the last run, unless a filler ends them', () => {
    const speech = [
      { from: 0, to: 2 },
      { from: 2 + STATEMENT_PAUSE / 2, to: 4 },
      { from: 4 + STATEMENT_PAUSE * 2, to: 6 },
      { from: 6 + STATEMENT_PAUSE * 2, to: 8 },
      // Too short to carry a contour (under 0.4 s).
      { from: 8 + STATEMENT_PAUSE * 2, to: 8.2 + STATEMENT_PAUSE * 2 },
      { from: 10, to: 12 },
    ];
    const word = (text: string, start: number, end: number, isFiller = false) => ({ text, start, end, confidence: 1, isFiller });
    // No transcript: every run before a long pause (a too-short one aside) and the last run.
    expect(statementEnds(speech, []).map((e) => e.to)).toEqual([4, 6, 8, 12]);
    // "um" ends the third run: a hesitation, not a statement end.
    const words = [word('so', 4.5, 5.2), word('um', 5.4, 5.9, true), word('right', 6.5, 7.9), word('thanks', 10.2, 11.8)];
    expect(statementEnds(speech, words).map((e) => e.to)).toEqual([4, 8, 12]);
  });
});

describe('upspeak counts statement ends only', () => {
  // Sentences read one at a time with 0.7 s between them, as a reader pauses between sentences.
  async function talkOf(name: string, sentences: readonly string[], voice: string): Promise<number> {
    const pieces = await Promise.all(
      sentences.map(async (t) => ({ samples: await readMono(speak(t, { voice, rate: 160 })), gapBefore: 0.7 })),
    );
    const { file } = concatenate(name, pieces);
    const p = analyzeProsody(await readMono(file), RATE);
    const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
    expect(u.phraseEnds.length).toBe(sentences.length);
    return u.upspeak;
  }
  const statements = [
    'Good morning everyone, and thank you for coming.',
    'Today I want to talk about how small habits shape our work.',
    'When we practise a little every day, we improve faster than we expect.',
    'Some people start with their mornings.',
    'Whatever you choose, write it down and check your progress every week.',
  ];
  it('ignores continuation rises before short pauses inside sentences (commas), counts the statement ends', async () => {
    // Each sentence read as two pieces: the clause before the comma (espeak gives it a rising
    // continuation contour) and, 0.3 s later, the falling main clause; 0.7 s between sentences.
    const halves = [
      ['When we practise a little every day,', 'we improve faster than we expect.'],
      ['If you want to change one habit,', 'start with the smallest one.'],
      ['Before the meeting starts,', 'write down one question.'],
      ['And when the meeting ends,', 'write down one answer.'],
    ];
    const pieces = await Promise.all(
      halves
        .flat()
        .map(async (t, i) => ({ samples: await readMono(speak(t, { voice: 'en-us', rate: 160 })), gapBefore: i % 2 === 0 ? 0.7 : 0.3 })),
    );
    const { file, spans } = concatenate('upspeak-continuations-v1', pieces);
    const p = analyzeProsody(await readMono(file), RATE);
    // The truth that makes this a test: most clause ends before a comma really rise 3+ semitones.
    const continuationRises = spans.filter((_, i) => i % 2 === 0).map((s) => finalRise(p.pitch, s));
    expect(continuationRises.filter((r) => r >= RISE_SEMITONES).length).toBeGreaterThanOrEqual(2);
    const u = measureUpspeak(trackFor(p, p.activity.speech, [], false));
    expect(u.phraseEnds.length).toBe(halves.length);
    for (const [k, e] of u.phraseEnds.entries())
      expect(Math.abs(e.phrase.to - (spans[2 * k + 1] as { to: number }).to)).toBeLessThanOrEqual(0.1);
    expect(u.upspeak).toBeLessThanOrEqual(10);
  });
  const questions = [
    'Are you ready to begin?',
    'Do you practise every day?',
    'Is this the right room?',
    'Can you hear me at the back?',
    'Have you tried it before?',
  ];
  for (const voice of ['en-us', 'en-gb']) {
    it(`finds no upspeak in falling statements with commas inside (${voice})`, async () => {
      expect(await talkOf(`upspeak-statements-${voice}`, statements, voice)).toBeLessThanOrEqual(10);
    });
  }
  it('finds upspeak in a question-heavy talk (rising yes/no questions), above the ideal band', async () => {
    expect(await talkOf('upspeak-questions', questions, 'en-us')).toBeGreaterThan(15);
  });
});

describe('variety and vibes', () => {
  const text =
    'Today I want to share three ideas about learning. First, practice a little every day. Second, ask for feedback early. Third, celebrate small wins, because progress builds confidence.';
  it('scores a monotone voice lower on pitch variety and higher on boring than a lively one', async () => {
    const flat = speak(`<speak><prosody range="x-low">${text}</prosody></speak>`, { ssml: true, rate: 150 });
    const lively = speak(`<speak><prosody range="x-high">${text}</prosody></speak>`, { ssml: true, rate: 150 });
    // Truth from Praat: the monotone file really has less pitch movement.
    const sd = (file: string): number => {
      const st = praatPitch(file)
        .filter(([, f]) => f > 0)
        .map(([, f]) => 12 * Math.log2(f / 100));
      const m = st.reduce((a, b) => a + b, 0) / st.length;
      return Math.sqrt(st.reduce((s, v) => s + (v - m) ** 2, 0) / st.length);
    };
    expect(sd(flat)).toBeLessThan(sd(lively));
    const [a, b] = await Promise.all([analyze(flat, { transcriber: 'none' }), analyze(lively, { transcriber: 'none' })]);
    expect(a.scores.varietyPitch?.value ?? 0).toBeLessThan(b.scores.varietyPitch?.value ?? 0);
    expect(a.scores.vibes.boring).toBeGreaterThan(b.scores.vibes.boring);
    // The explanation shows pitch variety pushing "boring" up for the monotone voice.
    const why = a.data.vibes.boring?.contributions.find((c) => c.feature === 'pitchVariety');
    expect(why?.points ?? 0).toBeGreaterThan(0);
  });

  it('reports pace, pausing and segments consistent with the audio', async () => {
    const pieces = await Promise.all(
      ['Welcome to the talk.', 'We will start with a question.', 'Why do some speeches stay with us?', 'Let us find out together.'].map(
        async (t, i) => ({
          samples: await readMono(speak(t, { rate: 150 })),
          gapBefore: i === 0 ? 0.3 : 0.9,
        }),
      ),
    );
    const { file, spans } = concatenate('metrics-pausing-v1', pieces);
    const r = await analyze(file, { transcriber: 'none' });
    const speech = spans.reduce((s, x) => s + x.to - x.from, 0);
    const pause = spans.slice(1).reduce((s, x, i) => s + x.from - (spans[i] as { to: number }).to, 0);
    expect(Math.abs((r.scores.pauseToTalk ?? 0) - (100 * pause) / speech)).toBeLessThanOrEqual(5);
    expect(r.timestamped.metrics.pace?.segments.length).toBeGreaterThan(0);
    expect(r.ideals.pace).toEqual({ min: 1, max: 8, idealMin: 3.5, idealMax: 5.2 });
    expect(r.scores.overall).toBeGreaterThanOrEqual(0);
    expect(r.scores.overall).toBeLessThanOrEqual(10);
  });
});
