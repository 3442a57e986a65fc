import { describe, expect, it } from 'vitest';
import type { TWord } from '../asr/transcriber.js';
import { buildTurns, measureConversation } from '../conversation/turn-metrics.js';
import type { TInterval } from '../signal/voice-activity.js';
import { finalMovement, isTerminalRise, speakerRange } from './final-rise.js';
import { detectQuestions, QUESTION_WORD_CONFIDENCE, questionCue } from './questions.js';
import type { TSpeechTrack } from './speech-track.js';
import { measureUpspeak } from './upspeak.metric.js';

const STEP = 0.01;

/** Contours written out frame by frame: pitch `hz(t)` (0 = unvoiced) and intensity `db(t)` inside `speech`. */
function trackOf(
  speech: TInterval[],
  hz: (t: number, run: TInterval) => number,
  db: (t: number, run: TInterval) => number = () => 70,
  words: TWord[] = [],
): TSpeechTrack {
  const duration = (speech[speech.length - 1]?.to ?? 0) + 1;
  const n = Math.round(duration / STEP);
  const pitch = new Float32Array(n);
  const intensity = new Float32Array(n).fill(20);
  for (let i = 0; i < n; i++) {
    const t = i * STEP;
    const run = speech.find((s) => t >= s.from && t <= s.to);
    if (!run) continue;
    pitch[i] = hz(t, run);
    intensity[i] = db(t, run);
  }
  return {
    duration,
    pitch: { start: 0, step: STEP, values: pitch },
    intensity: { start: 0, step: STEP, values: intensity },
    bands: [],
    nuclei: [],
    speech,
    pauses: [],
    words,
  };
}

const st = (hz: number, semitones: number): number => hz * 2 ** (semitones / 12);
/**
 * A read statement: declining from 230 to 190 Hz over the run, with accents (+4 st bumps every
 * 0.4 s) and final lowering, 4 semitones down over the last 0.3 s; `endRise` semitones ramped in
 * over the last 0.4 s, as the bench imposes with Praat.
 */
function statement(endRise: number) {
  return (t: number, run: TInterval): number => {
    const k = (t - run.from) / (run.to - run.from);
    const accent = (t - run.from) % 0.4 < 0.15 && run.to - t > 0.4 ? 4 : 0;
    const lowering = Math.max(0, 1 - (run.to - t) / 0.3) * -4;
    const ramp = Math.max(0, 1 - (run.to - t) / 0.4) * endRise;
    return st(230 * (190 / 230) ** k, accent + lowering + ramp);
  };
}
const runs = (n: number, length = 2, gap = 0.8): TInterval[] =>
  Array.from({ length: n }, (_, i) => ({ from: 0.5 + i * (length + gap), to: 0.5 + i * (length + gap) + length }));

describe('terminal rise against the declination', () => {
  it('does not count falling read statements, and counts the same statements with a 4.5 st final rise', () => {
    expect(measureUpspeak(trackOf(runs(5), statement(0))).upspeak).toBe(0);
    expect(measureUpspeak(trackOf(runs(5), statement(4.5))).upspeak).toBe(100);
  });
  it('judges the end against where the phrase was heading, not the speaker median', () => {
    // The rise ends under the speaker's median pitch (the phrase declined a long way) but well over
    // the phrase's own extrapolated baseline: a terminal rise.
    const track = trackOf(runs(3, 3), statement(4.5));
    const range = speakerRange(track.pitch, track.speech);
    const m = finalMovement(track.pitch, track.intensity, [track.speech[0] as TInterval], range);
    expect(m).not.toBeNull();
    expect((m?.end ?? 99) < (range.low + range.high) / 2).toBe(true);
    expect(isTerminalRise(m)).toBe(true);
  });
  it('holds at 0.8x and 1.25x tempo (runs lengthened or shortened, the same contour shape)', () => {
    for (const length of [2.5, 1.6]) {
      expect(measureUpspeak(trackOf(runs(4, length), statement(0))).upspeak).toBe(0);
      expect(measureUpspeak(trackOf(runs(4, length), statement(4.5))).upspeak).toBe(100);
    }
  });
  it('ignores continuation rises before short pauses inside a sentence', () => {
    // Each sentence: a clause that ends rising (+5 st), 0.3 s of silence, a falling main clause.
    const speech = [0, 1, 2].flatMap((i) => [
      { from: 0.5 + i * 4, to: 1.7 + i * 4 },
      { from: 2 + i * 4, to: 3.5 + i * 4 },
    ]);
    const track = trackOf(speech, (t, run) => (speech.indexOf(run) % 2 === 0 ? statement(10)(t, run) : statement(0)(t, run)));
    const u = measureUpspeak(track);
    expect(u.phraseEnds).toHaveLength(3);
    expect(u.upspeak).toBe(0);
  });
});

describe('final-syllable artefacts are no rise', () => {
  const falling = statement(0);
  it('an octave jump in the last frames (a tracking slip on creak)', () => {
    const track = trackOf(runs(4), (t, run) => (run.to - t < 0.05 ? 2 * falling(t, run) : falling(t, run)));
    expect(measureUpspeak(track).upspeak).toBe(0);
  });
  it('breath or creak as the voice dies away: weak frames tracked high', () => {
    const track = trackOf(
      runs(4),
      (t, run) => (run.to - t < 0.12 ? st(falling(t, run), 8) : falling(t, run)),
      (t, run) => (run.to - t < 0.12 ? 40 : 72),
    );
    expect(measureUpspeak(track).upspeak).toBe(0);
  });
  it('a lengthened final syllable that keeps falling', () => {
    const track = trackOf(runs(4), (t, run) =>
      st(falling(Math.min(t, run.to - 0.6), run), -4 * Math.min(1, Math.max(0, (t - (run.to - 0.6)) / 0.6))),
    );
    expect(measureUpspeak(track).upspeak).toBe(0);
  });
  it('a monotone phrase that ends level (no declination to judge against, and no climb)', () => {
    const track = trackOf(runs(4), (t) => st(150, 0.3 * Math.sin(t * 7)));
    expect(measureUpspeak(track).upspeak).toBe(0);
  });
  it('a rise-fall accent on the last word', () => {
    const track = trackOf(runs(4), (t, run) => {
      const left = run.to - t;
      // Up 8 semitones, then 4 down to the end: still high, but ending on a fall.
      const bump = left < 0.3 ? (left > 0.15 ? ((0.3 - left) / 0.15) * 8 : 8 - ((0.15 - left) / 0.15) * 4) : 0;
      return st(falling(Math.min(t, run.to - 0.35), run), bump);
    });
    expect(measureUpspeak(track).upspeak).toBe(0);
  });
});

const word = (text: string, start: number, confidence = 0.9): TWord => ({ text, start, end: start + 0.2, confidence, isFiller: false });
const sentence = (text: string, from: number, confidence = 0.9): TWord[] =>
  text.split(' ').map((w, i) => word(w, from + 0.05 + i * 0.25, confidence));

describe('questions', () => {
  it('start with a wh-word or an auxiliary before a subject, from confident words', () => {
    expect(questionCue(sentence('what time is it', 0), false)).toBe('wh-word');
    expect(questionCue(sentence('is this the right room', 0), false)).toBe('inversion');
    expect(questionCue(sentence('can you hear me', 0), false)).toBe('inversion');
    // An auxiliary without a subject after it is a statement ("is in use", "do not disturb").
    expect(questionCue(sentence('is in use', 0), false)).toBeNull();
    expect(questionCue(sentence('do not disturb', 0), false)).toBeNull();
    expect(questionCue(sentence('please enter your number', 0), false)).toBeNull();
    // A guess of the recogniser is no evidence.
    expect(questionCue(sentence('what time is it', 0, QUESTION_WORD_CONFIDENCE - 0.1), false)).toBeNull();
  });
  it('or end on a "?" from the recogniser with a final rise', () => {
    expect(questionCue(sentence('you are coming tonight?', 0), true)).toBe('marked-rise');
    expect(questionCue(sentence('you are coming tonight?', 0), false)).toBeNull();
    expect(questionCue(sentence('you are coming tonight', 0), true)).toBeNull();
  });
  it('are never counted as upspeak; the statements left are', () => {
    const speech = runs(4);
    const words = [
      ...sentence('what do you think about it', 0.5),
      ...sentence('so this is the plan', 3.3),
      ...sentence('are you coming with us', 6.1),
      ...sentence('we leave at nine?', 8.9),
    ];
    const track = trackOf(speech, statement(6), () => 70, words);
    const u = measureUpspeak(track);
    expect(u.questions.map((q) => q.cue)).toEqual(['wh-word', 'inversion', 'marked-rise']);
    expect(u.phraseEnds).toHaveLength(1);
    expect(u.upspeak).toBe(100);
    expect(detectQuestions(track.speech, words, track.pitch, track.intensity).map((q) => q.from)).toEqual(u.questions.map((q) => q.from));
  });
  it('are counted by the conversational algorithm with the same detector', () => {
    const speech = runs(6);
    const segments = speech.map((s, i) => ({ ...s, speaker: i % 3 === 2 ? 2 : 1 }));
    const words = [
      ...sentence('how did it go', 0.5),
      ...sentence('can we talk later', 3.3),
      ...sentence('yes we can?', 6.1),
      ...sentence('where shall we meet', 8.9),
      ...sentence('we meet at noon?', 11.7),
      ...sentence('why not now', 14.5),
    ].map((w) => ({ ...w, speaker: segments.find((s) => w.start >= s.from && w.start <= s.to)?.speaker ?? 1 }));
    // Every run ends with the same rise: only the ones that are questions by their words (or by "?") count.
    const track = trackOf(speech, statement(6));
    const one = measureConversation(1, segments, buildTurns(segments), track.pitch, track.intensity, words);
    expect(one.questions).toBe(4);
    const flat = trackOf(speech, statement(0));
    const two = measureConversation(2, segments, buildTurns(segments), flat.pitch, flat.intensity, words);
    // Without a rise "yes we can?" is no question; "why not now" still is, by its wh-word.
    expect(two.questions).toBe(1);
  });
});
